import { sql } from "kysely";
import { db } from "~/models/db/db.server";

// Attempts counted per key in fixed one-minute windows, in the database so
// that every app server counts the same attempts. Sign-in, sign-up and
// password reset are limited per address and per account.

export const ATTEMPTS_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

/** Counts one attempt; false once the key has used its attempts for this window. */
export async function allowAttempt(key: string, limit = ATTEMPTS_PER_MINUTE) {
  const { rows } = await sql<{ hits: number }>`
    insert into rate_limits as r (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when r.window_start <= now() - make_interval(secs => ${WINDOW_SECONDS}) then 1 else r.hits + 1 end,
      window_start = case when r.window_start <= now() - make_interval(secs => ${WINDOW_SECONDS}) then now() else r.window_start end
    returning hits`.execute(db());
  return (rows[0]?.hits ?? 0) <= limit;
}

/** Whether the key has attempts left in this window, without counting one. */
export async function hasAttemptsLeft(key: string, limit = ATTEMPTS_PER_MINUTE) {
  const row = await db()
    .selectFrom("rate_limits")
    .select("hits")
    .where("key", "=", key)
    .where("window_start", ">", sql<Date>`now() - make_interval(secs => ${WINDOW_SECONDS})`)
    .executeTakeFirst();
  return (row?.hits ?? 0) < limit;
}

/**
 * Takes back one attempt the key counted in this window: a sign-in whose
 * password was right. Counted first and taken back after, rather than
 * counted only when it fails, so that a burst of guesses sent at once is
 * stopped at the limit as surely as guesses sent one by one. An attempt
 * counted in the window before, which ended while its password was checked,
 * takes one from the new window's: one more attempt let through, at most.
 */
export async function refundAttempt(key: string) {
  await db()
    .updateTable("rate_limits")
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where("key", "=", key)
    .where("window_start", ">", sql<Date>`now() - make_interval(secs => ${WINDOW_SECONDS})`)
    .execute();
}

/** Old windows are only history; cleared now and then so the table stays small. */
export async function purgeOldRateLimits() {
  await db().deleteFrom("rate_limits").where("window_start", "<", sql<Date>`now() - interval '1 hour'`).execute();
}
