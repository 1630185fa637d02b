import { randomBytes } from "node:crypto";
import { db } from "~/models/db/db.server";
import type { StaffRole } from "~/models/db/schema";

// Staff sessions (docs/back-office.md): their own table and cookie, never a
// customer's. A session lives 8 hours at most and ends after 30 minutes
// without a request. Until the second factor is given it is "pending": it
// opens the code step and nothing else, and it lasts 10 minutes.

export const STAFF_SESSION_MAX_MS = 8 * 3_600_000;
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
export const PENDING_SESSION_MS = 10 * 60_000;
/** last_seen_at is written at most once a minute, so a busy page does not write on every request. */
const SEEN_RESOLUTION_MS = 60_000;

export type Staff = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  locale: "en" | "lt" | "lv" | "ee";
};

export type StaffSession = {
  id: string;
  staff: Staff;
  verified: boolean;
  enrolled: boolean;
  pendingSecret: string | null;
  /** This pending session has just enrolled the second factor, and is showing the recovery codes. */
  justEnrolled: boolean;
};

export type SessionMeta = { ip: string | null; userAgent: string | null };

export async function createStaffSession(staffId: number, meta: SessionMeta, verified: boolean) {
  const id = randomBytes(32).toString("base64url");
  await db()
    .insertInto("staff_sessions")
    .values({
      id,
      staff_id: staffId,
      verified_at: verified ? new Date() : null,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  return id;
}

/** Whether a session row is still alive at `now`, by the three limits. */
export function sessionAlive(row: { created_at: Date; last_seen_at: Date; verified_at: Date | null }, now = Date.now()) {
  const age = now - row.created_at.getTime();
  if (row.verified_at === null) return age < PENDING_SESSION_MS;
  return age < STAFF_SESSION_MAX_MS && now - row.last_seen_at.getTime() < STAFF_SESSION_IDLE_MS;
}

/** The session and its staff member, or null when it is unknown, ended, timed out, or its staff member is disabled. */
export async function staffSession(sessionId: string, now = Date.now()): Promise<StaffSession | null> {
  const row = await db()
    .selectFrom("staff_sessions as s")
    .innerJoin("staff", "staff.id", "s.staff_id")
    .select(["s.id as session_id", "s.created_at", "s.last_seen_at", "s.verified_at", "s.pending_totp_secret"])
    .select(["staff.id", "staff.email", "staff.name", "staff.role", "staff.locale", "staff.totp_secret", "staff.disabled_at"])
    .where("s.id", "=", sessionId)
    .executeTakeFirst();
  if (!row || row.disabled_at !== null) return null;
  if (!sessionAlive(row, now)) {
    await db().deleteFrom("staff_sessions").where("id", "=", sessionId).execute();
    return null;
  }
  if (row.verified_at !== null && now - row.last_seen_at.getTime() >= SEEN_RESOLUTION_MS) {
    await db()
      .updateTable("staff_sessions")
      .set({ last_seen_at: new Date(now) })
      .where("id", "=", sessionId)
      .execute();
  }
  return {
    id: row.session_id,
    staff: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      locale: row.locale,
    },
    verified: row.verified_at !== null,
    enrolled: row.totp_secret !== null,
    pendingSecret: row.pending_totp_secret,
    justEnrolled: row.pending_totp_secret !== null && row.pending_totp_secret === row.totp_secret,
  };
}

export async function endStaffSession(sessionId: string) {
  await db().deleteFrom("staff_sessions").where("id", "=", sessionId).execute();
}

/** Ends every session of a staff member: on disabling, and when their second factor is reset. */
export async function endAllStaffSessions(staffId: number) {
  await db().deleteFrom("staff_sessions").where("staff_id", "=", staffId).execute();
}

/** Expired sessions are only clutter; housekeeping clears them. */
export async function purgeStaffSessions(now = Date.now()) {
  await db()
    .deleteFrom("staff_sessions")
    .where((eb) =>
      eb.or([
        eb("created_at", "<", new Date(now - STAFF_SESSION_MAX_MS)),
        eb("last_seen_at", "<", new Date(now - STAFF_SESSION_IDLE_MS)),
        eb.and([eb("verified_at", "is", null), eb("created_at", "<", new Date(now - PENDING_SESSION_MS))]),
      ])
    )
    .execute();
}
