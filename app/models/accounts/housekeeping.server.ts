import { db } from "~/models/db/db.server";
import { purgeOldRateLimits } from "./rate-limits.server";

/** Ended sessions, reset tokens a day past their expiry and past rate-limit windows: rows that only ever grow unless cleared. */
export async function purgeExpiredAccountRows(now = new Date()) {
  await db().deleteFrom("sessions").where("expires_at", "<", now).execute();
  await db()
    .deleteFrom("password_reset_tokens")
    .where("expires_at", "<", new Date(now.getTime() - 24 * 3_600_000))
    .execute();
  await purgeOldRateLimits();
}
