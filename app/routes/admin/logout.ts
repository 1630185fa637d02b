import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endStaffSession } from "~/models/staff/staff-sessions.server";
import { staffSessionOf } from "~/web/admin/guard.server";
import { staffSessionClearCookie } from "~/web/admin/staff-cookie.server";

// /admin/logout: ends the staff session on the server and clears its cookie.
// A post only, so a link or an image elsewhere cannot sign anyone out.

export async function action({ request }: ActionFunctionArgs) {
  const session = await staffSessionOf(request);
  if (session) await endStaffSession(session.id);
  return redirect("/admin/login?signedOut", { status: 303, headers: { "set-cookie": await staffSessionClearCookie() } });
}

export const loader = () => redirect("/admin/login");
