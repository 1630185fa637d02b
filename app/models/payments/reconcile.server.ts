import { sql } from "kysely";
import { repeatEvery } from "~/lib/repeat.server";
import { db, describeDatabase } from "~/models/db/db.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { noteLoopRun } from "~/platform/metrics.server";
import { recordGaveUp } from "./incidents.server";
import { processorFor } from "./processors.server";
import { lockPayment, releaseHold, settleLocked } from "./settle.server";

// Reconciliation (decision 026): a payment still pending after a while is
// asked of its processor again, so a lost webhook, a shopper who never came
// back or a server that died mid-payment still ends paid or released; one
// pending past the abandon time is given up and its balance part returned.
// One runner at a time across app servers, by a PostgreSQL advisory lock.

/** The advisory lock's key: any constant the shop uses for nothing else. */
const LOCK_KEY = 726_014;
const BATCH = 100;

export type ReconcileReport = { checked: number; paid: number; released: number; abandoned: number; stillPending: number; errors: number; skipped?: true };

async function reconcileRound(now: Date): Promise<ReconcileReport> {
  const { PAYMENT_RECHECK_SECONDS, PAYMENT_ABANDON_MINUTES } = env();
  const recheckBefore = new Date(now.getTime() - PAYMENT_RECHECK_SECONDS * 1000);
  const abandonBefore = new Date(now.getTime() - PAYMENT_ABANDON_MINUTES * 60_000);
  const due = await db()
    .selectFrom("payments")
    .select(["id", "processor", "processor_ref", "token", "created_at"])
    .where("status", "=", "pending")
    .where("created_at", "<=", recheckBefore)
    .where((eb) => eb.or([eb("checked_at", "is", null), eb("checked_at", "<=", recheckBefore)]))
    .orderBy("created_at")
    .limit(BATCH)
    .execute();
  const report: ReconcileReport = { checked: 0, paid: 0, released: 0, abandoned: 0, stillPending: 0, errors: 0 };
  for (const row of due) {
    report.checked += 1;
    try {
      const processor = processorFor(row.processor);
      // Never reached its processor (the server died before): nothing to ask.
      const answer = row.processor_ref && processor ? await processor.confirm(row.processor_ref, row.token) : null;
      const status = await db()
        .transaction()
        .execute(async (trx) => {
          const payment = await lockPayment(trx, Number(row.id));
          if (!payment) return null;
          const settled = answer ? await settleLocked(trx, payment, answer) : payment.status;
          if (settled !== "pending" || payment.created_at > abandonBefore) return settled;
          await trx.updateTable("payments").set({ status: "abandoned", settled_at: now }).where("id", "=", payment.id).execute();
          await releaseHold(trx, payment);
          // Its processor had it and never said: staff look into it (the shopper may have paid).
          if (row.processor_ref) await recordGaveUp(trx, { id: Number(row.id), processor: row.processor });
          return "abandoned" as const;
        });
      if (status === "paid") report.paid += 1;
      else if (status === "abandoned") report.abandoned += 1;
      else if (status === "pending") report.stillPending += 1;
      else report.released += 1;
    } catch (err) {
      report.errors += 1;
      logger.error({ err, payment: row.id }, "A pending payment could not be reconciled");
    }
  }
  return report;
}

/** One round, if no other server is running one; `skipped` says it was. */
export async function reconcilePayments(now = new Date()): Promise<ReconcileReport> {
  // The embedded database serves one process: there is no other runner.
  if (describeDatabase().kind === "embedded") return reconcileRound(now);
  return db()
    .connection()
    .execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as locked`.execute(connection);
      if (!rows[0]?.locked) return { checked: 0, paid: 0, released: 0, abandoned: 0, stillPending: 0, errors: 0, skipped: true as const };
      try {
        return await reconcileRound(now);
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(connection);
      }
    });
}

/** Runs a round every PAYMENT_RECONCILE_INTERVAL_SECONDS in this server; returns the stop. */
export function reconcileInBackground(onError: (err: unknown) => void) {
  const seconds = env().PAYMENT_RECONCILE_INTERVAL_SECONDS;
  if (seconds === 0) return async () => {};
  return repeatEvery(
    seconds * 1000,
    async () => {
      const report = await reconcilePayments();
      if (report.checked > 0) logger.info(report, "Pending payments reconciled");
      // A round another server ran (skipped) still shows this loop alive.
      noteLoopRun("reconciliation");
    },
    onError,
  );
}
