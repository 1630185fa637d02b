import { deleteSession, sessionUser, type SessionUser } from "~/models/accounts/sessions.server";
import { siteCookie } from "~/web/cookies.server";
import { perRequest } from "~/web/per-request.server";

// The session cookie (docs/decisions/004-sessions.md): it carries only a
// signed random id; the row in `sessions` decides whether it is valid.

/** Spec 9: the session cookie's max age, 2147483646 s; the row's expiry ends it sooner. */
export const SESSION_COOKIE_MAX_AGE = 2147483646;

export function sessionCookie() {
  return siteCookie("session", { maxAge: SESSION_COOKIE_MAX_AGE, signed: true });
}

/** The session id a request's cookie carries, if it carries a signed one. */
export async function sessionIdOf(request: Request) {
  const id: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof id === "string" && id.length > 0 ? id : null;
}

/** The Set-Cookie header that gives the browser a session. */
export const sessionSetCookie = (sessionId: string) => sessionCookie().serialize(sessionId);

/** The signed-in user of a request, or null for a guest or an ended session; read once per request. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return perRequest(request, "session-user", async () => {
    const id = await sessionIdOf(request);
    return id ? sessionUser(id) : null;
  });
}

/** Ends the request's session on the server and returns the header that clears the cookie. */
export async function endSession(request: Request) {
  const id = await sessionIdOf(request);
  if (id) await deleteSession(id);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
