import { createCookie } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { env } from "~/lib/env.server";
import { db } from "./db.server";

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

export async function createSession(userId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const id = randomBytes(32).toString("base64url");
  await db()
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent ?? null,
    })
    .execute();
  return { id, setCookie: await sessionCookie().serialize(id) };
}

export type SessionUser = { id: number; email: string; first_name: string; last_name: string; role: "customer" | "pro" | "admin" };

/** The signed-in user of a request, or null for a guest or an ended session. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  if (typeof id !== "string" || id.length === 0) return null;
  const user = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role"])
    .where("sessions.id", "=", id)
    .where("sessions.expires_at", ">", new Date())
    .executeTakeFirst();
  return user ?? null;
}
