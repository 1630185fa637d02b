import { redirect } from "@remix-run/node";
import { sessionSetCookie } from "./sessions.server";

/** After a sign-in or a sign-up: on to where the shopper was going, with the new session's cookie. */
export async function signedInRedirect(target: string, sessionId: string) {
  return redirect(target, { status: 303, headers: { "set-cookie": await sessionSetCookie(sessionId) } });
}
