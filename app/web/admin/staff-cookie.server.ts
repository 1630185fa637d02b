import { createCookie } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { STAFF_SESSION_MAX_MS } from "~/models/staff/staff-sessions.server";

// The staff session's cookie: its own name, so a customer's cookie never
// opens the back office. Its path is the whole site, not /admin: a page's
// data is fetched from /admin.data, which a cookie of path /admin does not
// reach. It carries a signed random id; the row decides (models/staff).

function staffCookie() {
  return createCookie("staff_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().NODE_ENV === "production" && env().SECURE_COOKIES,
    maxAge: STAFF_SESSION_MAX_MS / 1000,
    secrets: [env().SESSION_SECRET],
  });
}

export async function staffSessionIdOf(request: Request) {
  const id: unknown = await staffCookie().parse(request.headers.get("cookie"));
  return typeof id === "string" && id.length > 0 ? id : null;
}

export const staffSessionSetCookie = (sessionId: string) => staffCookie().serialize(sessionId);

export const staffSessionClearCookie = () => staffCookie().serialize("", { maxAge: 0, expires: new Date(0) });
