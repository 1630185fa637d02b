import { data, redirect } from "@remix-run/node";
import type { StaffActor } from "~/models/audit/audit.server";
import { can, type Permission } from "~/models/staff/roles";
import { staffSession, type Staff, type StaffSession } from "~/models/staff/staff-sessions.server";
import { routeCheckFailed } from "~/web/not-found";
import { perRequest } from "~/web/per-request.server";
import { staffSessionIdOf } from "./staff-cookie.server";

// The one guard of the back office (docs/back-office.md). Every /admin
// loader and action calls `staffFor(request, context, permission)` with the
// one permission it needs (models/staff/roles.ts says which roles hold it):
// - no staff session (a guest, a customer): 404, as if there were no back
//   office at all; only the sign-in pages answer them;
// - a session that has given only its password: on to the code step;
// - a staff member whose role lacks the permission: 403.

export type StaffContext = { staff: Staff; actor: StaffActor; session: StaffSession };

/** The request's staff session, read once per request: null for anyone but signed-in or half-signed-in staff. */
export function staffSessionOf(request: Request): Promise<StaffSession | null> {
  return perRequest(request, "staff-session", async () => {
    const id = await staffSessionIdOf(request);
    return id ? staffSession(id) : null;
  });
}

export function forbidden() {
  return data({ forbidden: true as const }, { status: 403 });
}

export async function staffFor(request: Request, context: { clientIp?: string }, permission: Permission): Promise<StaffContext> {
  const session = await staffSessionOf(request);
  if (!session) throw routeCheckFailed(request);
  if (!session.verified) throw redirect("/admin/login/code");
  if (!can(session.staff.role, permission)) throw forbidden();
  return { staff: session.staff, session, actor: { id: session.staff.id, email: session.staff.email, ip: context.clientIp ?? null } };
}
