import type { Selectable } from "kysely";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { recordBalanceEntry } from "~/models/balance/balance.server";
import { db, type DB } from "~/models/db/db.server";
import type { PaymentStatus, PaymentsTable } from "~/models/db/schema";
import { ledgerRef, markSourcePaid } from "./bill-sources.server";
import { faultPoint } from "~/platform/fault-points.server";
import { logger } from "~/platform/logger.server";
import type { ProcessorAnswer, ProcessorEvent, ProcessorKey } from "./provider";
import { processorFor } from "./processors.server";

// Settling a payment (decision 026): whichever of the shopper's return, the
// processor's webhook or reconciliation hears the outcome first applies it,
// once, in one transaction with the order's status and the ledger. Every
// path locks the order's row, then the payment's, then (through the ledger)
// the customer's: always in that order, so two paths never deadlock, and the
// second to arrive finds the payment settled and changes nothing.

export type PaymentRow = Selectable<PaymentsTable>;

/** Locks the payment's order (if any), then the payment, and returns the payment as it now stands. */
export async function lockPayment(trx: DB, paymentId: number) {
  const found = await trx.selectFrom("payments").select("order_id").where("id", "=", paymentId).executeTakeFirst();
  if (!found) return null;
  if (found.order_id !== null) await trx.selectFrom("orders").select("id").where("id", "=", found.order_id).forUpdate().execute();
  return (await trx.selectFrom("payments").selectAll().where("id", "=", paymentId).forUpdate().executeTakeFirst()) ?? null;
}

/** Gives back the balance part a payment took when it started, once. */
export async function releaseHold(trx: DB, payment: PaymentRow) {
  if (payment.balance_hold_minor === 0 || payment.balance_released || payment.order_id === null) return;
  const order = await trx.selectFrom("orders").select(["id", "kind", "source_id", "user_id"]).where("id", "=", payment.order_id).executeTakeFirstOrThrow();
  await recordBalanceEntry(
    { userId: Number(order.user_id), ...(await ledgerRef(trx, order)), type: BALANCE_TYPE.addition, amountMinor: payment.balance_hold_minor },
    trx,
  );
  await trx.updateTable("payments").set({ balance_released: true }).where("id", "=", payment.id).execute();
  await trx
    .updateTable("orders")
    .set((eb) => ({ balance_minor: eb("balance_minor", "-", payment.balance_hold_minor) }))
    .where("id", "=", order.id)
    .execute();
}

async function flag(trx: DB, payment: PaymentRow, reason: string): Promise<PaymentStatus> {
  logger.warn({ payment: payment.id, processor: payment.processor, reason }, "A payment needs an operator's review");
  await trx.updateTable("payments").set({ status: "review", review_reason: reason, settled_at: new Date() }).where("id", "=", payment.id).execute();
  return "review";
}

function mismatch(payment: PaymentRow, answer: ProcessorAnswer) {
  if (answer.amountMinor !== null && answer.amountMinor !== Number(payment.amount_minor)) return true;
  return answer.currency !== null && answer.currency.toUpperCase() !== payment.currency;
}

/**
 * Applies what the processor says to a payment the caller has locked
 * (lockPayment). A payment that is no longer pending keeps its status, with
 * one exception: money taken after the shop gave the payment up is flagged.
 */
export async function settleLocked(trx: DB, payment: PaymentRow, answer: ProcessorAnswer): Promise<PaymentStatus> {
  const now = new Date();
  if (payment.status !== "pending") {
    if (answer.status === "paid" && (payment.status === "failed" || payment.status === "declined" || payment.status === "abandoned")) {
      return flag(trx, payment, `paid at the processor after it was ${payment.status}`);
    }
    return payment.status;
  }
  if (answer.status === "pending") {
    await trx.updateTable("payments").set({ checked_at: now }).where("id", "=", payment.id).execute();
    return "pending";
  }
  if (answer.status !== "paid") {
    await trx.updateTable("payments").set({ status: answer.status, settled_at: now, checked_at: now }).where("id", "=", payment.id).execute();
    await releaseHold(trx, payment);
    return answer.status;
  }

  // Paid: only for exactly what was asked.
  if (mismatch(payment, answer)) {
    return flag(trx, payment, `paid ${answer.amountMinor ?? "?"} ${answer.currency ?? "?"}, asked ${payment.amount_minor} ${payment.currency}`);
  }
  const transactionId = answer.transactionId ?? payment.processor_ref;
  if (payment.purpose === "order") {
    const paid = await trx
      .updateTable("orders")
      .set({ status: "paid", paid_at: now })
      .where("id", "=", payment.order_id!)
      .where("status", "=", "unpaid")
      .returning(["id", "kind", "source_id"])
      .executeTakeFirst();
    // Another attempt paid the order first: this money is to be given back.
    if (!paid) return flag(trx, payment, "the order was already paid");
    if (!(await markSourcePaid(trx, paid, now))) return flag(trx, payment, `the ${paid.kind} it pays was no longer waiting for payment`);
  } else {
    await recordBalanceEntry(
      {
        userId: Number(payment.user_id),
        relType: BALANCE_REL_TYPE.topUp,
        type: BALANCE_TYPE.addition,
        amountMinor: Number(payment.amount_minor),
        processorName: processorFor(payment.processor)?.displayName ?? payment.processor,
        transactionId: transactionId ?? payment.token,
      },
      trx,
    );
  }
  await trx.updateTable("payments").set({ status: "paid", settled_at: now, checked_at: now, transaction_id: transactionId }).where("id", "=", payment.id).execute();
  await faultPoint("payment.before-commit");
  return "paid";
}

/** Settles one payment by what its processor answered, in a transaction of its own. */
export async function settlePayment(paymentId: number, answer: ProcessorAnswer) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const payment = await lockPayment(trx, paymentId);
      return payment ? settleLocked(trx, payment, answer) : null;
    });
}

export type EventOutcome = "applied" | "duplicate" | "unknown-payment";

/**
 * Applies a verified webhook: its id is recorded under the table's unique key
 * in the same transaction that settles the payment, so an event replayed
 * any number of times, at once or later, has one effect.
 */
export async function applyProcessorEvent(processor: ProcessorKey, event: ProcessorEvent): Promise<EventOutcome> {
  const found = await db()
    .selectFrom("payments")
    .select("id")
    .where("processor", "=", processor)
    .where((eb) =>
      eb.or([
        ...(event.processorRef ? [eb("processor_ref", "=", event.processorRef)] : []),
        ...(event.reference ? [eb("token", "=", event.reference)] : []),
      ]),
    )
    .executeTakeFirst();
  return db()
    .transaction()
    .execute(async (trx) => {
      const payment = found ? await lockPayment(trx, Number(found.id)) : null;
      const recorded = await trx
        .insertInto("payment_events")
        .values({ processor, event_id: event.eventId, payment_id: payment?.id ?? null, status: event.status })
        .onConflict((oc) => oc.doNothing())
        .returning("event_id")
        .executeTakeFirst();
      if (!recorded) return "duplicate";
      if (!payment) {
        logger.warn({ processor, event: event.eventId }, "A webhook names a payment this shop does not have");
        return "unknown-payment";
      }
      await settleLocked(trx, payment, event);
      return "applied";
    });
}
