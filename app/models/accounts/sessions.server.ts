import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { db } from "~/models/db/db.server";

// Server-side sessions (docs/decisions/004-sessions.md): a random id, and the
// row in `sessions` that decides whether it is valid. The cookie that
// carries the id is the web edge's (web/accounts/sessions.server.ts).

export const SESSION_TTL_DAYS = 30;

/** A new session with a new random id; its id. Called at every sign-in, so an id planted before it is worthless. */
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
  return id;
}

export type SessionUser = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "customer" | "pro" | "admin";
  unpaid_orders_count: number;
  /** The newest of those orders (what the unpaid-orders alert records when dismissed), read with the count so the two agree. */
  newest_unpaid_order_id: number | null;
};

/**
 * The user of a live session, or null for an unknown or ended one. A
 * blocked account's sessions are deleted when staff block it; the check
 * here also ends one that a sign-in under way at that moment opened.
 */
export async function sessionUser(sessionId: string): Promise<SessionUser | null> {
  const user = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role"])
    .select(sql<number>`(select count(*)::int from orders o where o.user_id = users.id and o.status = 'unpaid')`.as("unpaid_orders_count"))
    .select(sql<number | null>`(select max(o.id) from orders o where o.user_id = users.id and o.status = 'unpaid')`.as("newest_unpaid_order_id"))
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", new Date())
    .where("users.blocked_at", "is", null)
    .executeTakeFirst();
  return user ?? null;
}

export async function deleteSession(sessionId: string) {
  await db().deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Ends every session of a user, or every one but the one to keep (a password change keeps the device that made it). */
export async function endUserSessions(userId: number, keepSessionId: string | null = null) {
  let query = db().deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}
