import { createCookie } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { env } from "~/platform/env.server";
import { perRequest } from "~/platform/per-request.server";
import { db } from "~/models/db/db.server";

// Server-side sessions (docs/decisions/004-sessions.md): the cookie carries
// only a signed random id; the row in `sessions` decides whether it is valid.

/** Spec 9: the session cookie's max age, 2147483646 s; the row's expiry ends it sooner. */
export const SESSION_COOKIE_MAX_AGE = 2147483646;
export const SESSION_TTL_DAYS = 30;

export function sessionCookie() {
  return createCookie("session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().NODE_ENV === "production" && env().SECURE_COOKIES,
    maxAge: SESSION_COOKIE_MAX_AGE,
    secrets: [env().SESSION_SECRET],
  });
}

/** A new session with a new random id: called at every sign-in, so an id planted before it is worthless. */
export async function createSession(userId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const id = randomBytes(32).toString("base64url");
  await db()
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  return { id, setCookie: await sessionCookie().serialize(id) };
}

export type SessionUser = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "customer" | "pro" | "admin";
  unpaid_orders_count: number;
};

async function sessionId(request: Request) {
  const id: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof id === "string" && id.length > 0 ? id : null;
}

/** The signed-in user of a request, or null for a guest or an ended session; read once per request. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return perRequest(request, "session-user", async () => {
    const id = await sessionId(request);
    if (!id) return null;
    const user = await db()
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role"])
      .select(sql<number>`(select count(*)::int from orders o where o.user_id = users.id and o.status = 'unpaid')`.as("unpaid_orders_count"))
      .where("sessions.id", "=", id)
      .where("sessions.expires_at", ">", new Date())
      .executeTakeFirst();
    return user ?? null;
  });
}

/** Ends the request's session on the server and returns the header that clears the cookie. */
export async function endSession(request: Request) {
  const id = await sessionId(request);
  if (id) await db().deleteFrom("sessions").where("id", "=", id).execute();
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends every session of a user, or every one but the one to keep (a password change keeps the device that made it). */
export async function endUserSessions(userId: number, keep?: Request) {
  const keepId = keep ? await sessionId(keep) : null;
  let query = db().deleteFrom("sessions").where("user_id", "=", userId);
  if (keepId) query = query.where("id", "!=", keepId);
  await query.execute();
}
