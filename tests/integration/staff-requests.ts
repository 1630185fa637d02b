import { randomBytes } from "node:crypto";
import { hashPassword } from "~/models/accounts/passwords.server";
import type { StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import type { StaffRole } from "~/models/staff/roles";
import { confirmStaffCode, signInStaff } from "~/models/staff/sign-in.server";
import { staffSession } from "~/models/staff/staff-sessions.server";
import { newTotpSecret, totpCode } from "~/models/staff/two-factor";
import { staffSessionSetCookie } from "~/web/admin/staff-cookie.server";

// What the back office's data tests share: a staff member of a role signed
// in with both factors, and what a route's loader or action answered, read
// the same way whether it returned or threw.

export const ORIGIN = "http://localhost";
/** The load context the server gives every route. */
export const context = { clientIp: "192.0.2.1" };

const PASSWORD = "a long staff password";
let passwordHash: Promise<string> | undefined;
let addresses = 0;

/** A new staff member of the role, signed in with both factors: their email, their actor and their session's cookie. */
export async function signedInStaff(role: StaffRole = "catalogue") {
  const email = `staff-${randomBytes(4).toString("hex")}@example.com`;
  const secret = newTotpSecret();
  const row = await db()
    .insertInto("staff")
    .values({ email, name: `Staff ${role}`, role, password_hash: await (passwordHash ??= hashPassword(PASSWORD)), totp_secret: secret })
    .returning("id")
    .executeTakeFirstOrThrow();
  // An address of its own each, so that no sign-in counts against another's limit.
  const meta = { ip: `198.51.100.${++addresses}`, userAgent: "test" };
  const pending = await signInStaff(email, PASSWORD, meta);
  if (!pending.ok) throw new Error(pending.error);
  const done = await confirmStaffCode((await staffSession(pending.sessionId))!, totpCode(secret), meta);
  if (!done.ok) throw new Error(done.error);
  const actor: StaffActor = { id: Number(row.id), email, ip: context.clientIp };
  return { email, actor, cookie: (await staffSessionSetCookie(done.sessionId)).split(";")[0]! };
}

export type Outcome = { status: number; location: string | null; data: unknown };

/** What a loader or action answered: its status, where it redirects, its data. */
export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: null };
    const init = (result as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, location: null, data: (result as { data?: unknown }).data ?? result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), data: null };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, data: null };
    throw thrown;
  }
}
