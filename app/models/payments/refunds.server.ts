import { BALANCE_TYPE } from "~/models/balance/balance-entry";
import { recordBalanceEntry } from "~/models/balance/balance.server";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { logger } from "~/platform/logger.server";
import { processorFor } from "./processors.server";
import { ledgerRef, markSourceRefunded } from "./bill-sources.server";
import { sendRefundEmail } from "./refund-mail.server";

// Refunds (the back office's order page and `npm run admin`): an order, a
// quote or a forward request paid in full is given back, whole or in part —
// to the stored balance (spec 3's refund for quote / forward request), or
// the processor's part to the card, wallet or bank it came from and the
// rest to the balance. The order ends "refunded" once all of it is back.
//
// Claim, then call (decision 038): the amount is first set aside on the
// order under its lock, as a refund row, so two staff refunding at once can
// never give back more than was paid; only then is the processor asked, with
// the refund's id as its idempotency key; the ledger, the payment and the
// audit log are written when it has answered. A processor that refuses
// gives the amount back to the order, and nothing else has changed.

export type RefundTarget = "balance" | "processor";
/** `amountMinor` leaves out: all that is left. `version`: the order as the page showed it (the stale-edit rule). */
export type RefundRequest = { target: RefundTarget; amountMinor?: number; reason?: string; version?: number };
export type RefundOutcome =
  | { ok: true; refundId: number; toBalance: number; toProcessor: number; whole: boolean }
  | { ok: false; error: "not_found" | "not_paid" | "already_refunded" | "too_much" | "guest_order" | "no_processor" | "processor_failed" }
  | StaleEdit;

type Claim = { refundId: number; orderId: number; paymentId: number | null; toProcessor: number; toBalance: number; whole: boolean; statusBefore: string };

const PAID_STATUSES = new Set(["paid", "processing", "shipped", "delivered", "refunded"]);

export async function refundOrder(actor: StaffActor, orderId: number, request: RefundRequest): Promise<RefundOutcome> {
  const setAside = await db().transaction().execute((trx) => setAsideRefund(trx, actor, orderId, request));
  if (!setAside.ok) return setAside;
  const claim = setAside.claim;
  if (claim.toProcessor > 0) {
    const payment = await db().selectFrom("payments").select(["processor", "processor_ref", "currency"]).where("id", "=", claim.paymentId!).executeTakeFirstOrThrow();
    try {
      await processorFor(payment.processor)!.refund(payment.processor_ref!, claim.toProcessor, payment.currency, `refund-${claim.refundId}`);
    } catch (err) {
      logger.error({ err, order: orderId, refund: claim.refundId }, "The processor refused a refund");
      await db().transaction().execute((trx) => giveBack(trx, claim));
      return { ok: false, error: "processor_failed" };
    }
  }
  if (claim.toProcessor > 0) await db().transaction().execute((trx) => complete(trx, actor, claim, request.reason ?? ""));
  await sendRefundEmail(orderId, { toBalance: claim.toBalance, toProcessor: claim.toProcessor }).catch((err: unknown) => logger.error({ err, order: orderId }, "The refund email could not be sent"));
  return { ok: true, refundId: claim.refundId, toBalance: claim.toBalance, toProcessor: claim.toProcessor, whole: claim.whole };
}

/** Sets the amount aside on the locked order; a refund without a processor's part is completed in the same transaction. */
async function setAsideRefund(trx: DB, actor: StaffActor, orderId: number, request: RefundRequest): Promise<{ ok: true; claim: Claim } | Exclude<RefundOutcome, { ok: true }>> {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirst();
  if (!order) return { ok: false, error: "not_found" };
  if (request.version !== undefined && order.version !== request.version) return staleEdit(trx, "order", orderId);
  if (!PAID_STATUSES.has(order.status)) return { ok: false, error: "not_paid" };
  const left = Number(order.total_minor) - Number(order.refunded_minor);
  if (left <= 0) return { ok: false, error: "already_refunded" };
  const amount = request.amountMinor ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) return { ok: false, error: "too_much" };

  const payment = await trx
    .selectFrom("payments")
    .select(["id", "processor", "processor_ref", "amount_minor", "refunded_minor"])
    .where("order_id", "=", orderId)
    .where("status", "=", "paid")
    .forUpdate()
    .executeTakeFirst();
  // The processor's part goes back where it came from, up to what it took; the rest (the balance's part) to the balance.
  const toProcessor = request.target === "processor" && payment ? Math.min(amount, Number(payment.amount_minor) - Number(payment.refunded_minor)) : 0;
  if (toProcessor > 0 && (!processorFor(payment!.processor) || !payment!.processor_ref)) return { ok: false, error: "no_processor" };
  const toBalance = amount - toProcessor;
  if (toBalance > 0 && order.user_id === null) return { ok: false, error: "guest_order" };

  const whole = amount === left;
  const refund = await trx
    .insertInto("refunds")
    .values({
      order_id: orderId,
      payment_id: toProcessor > 0 ? payment!.id : null,
      to_processor_minor: toProcessor,
      to_balance_minor: toBalance,
      reason: (request.reason ?? "").slice(0, 500),
      staff_email: actor.email,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("orders")
    .set({ refunded_minor: Number(order.refunded_minor) + amount, version: order.version + 1 })
    .where("id", "=", orderId)
    .execute();
  const claimed: Claim = { refundId: Number(refund.id), orderId, paymentId: toProcessor > 0 ? Number(payment!.id) : null, toProcessor, toBalance, whole, statusBefore: order.status };
  if (toProcessor === 0) await complete(trx, actor, claimed, request.reason ?? "");
  return { ok: true, claim: claimed };
}

/** The processor has given its part back (or had none to give): the ledger, the payment, the order's status and the trail. */
async function complete(trx: DB, actor: StaffActor, claimed: Claim, reason: string) {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", claimed.orderId).forUpdate().executeTakeFirstOrThrow();
  if (claimed.toBalance > 0) {
    await recordBalanceEntry({ userId: Number(order.user_id), ...(await ledgerRef(trx, order)), type: BALANCE_TYPE.addition, amountMinor: claimed.toBalance }, trx);
  }
  if (claimed.paymentId !== null) {
    await trx
      .updateTable("payments")
      .set((eb) => ({ refunded_minor: eb("refunded_minor", "+", claimed.toProcessor) }))
      .where("id", "=", claimed.paymentId)
      .execute();
  }
  // All of it is back when the refunds done so far, this one with them, make the total (one still at its processor does not count yet).
  const done = await trx
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb("to_processor_minor", "+", eb.ref("to_balance_minor"))), eb.lit(0)).as("minor"))
    .where("order_id", "=", order.id)
    .where("status", "=", "done")
    .executeTakeFirstOrThrow();
  const allBack = Number(done.minor) + claimed.toProcessor + claimed.toBalance >= Number(order.total_minor);
  if (allBack) {
    await trx.updateTable("orders").set({ status: "refunded" }).where("id", "=", order.id).execute();
    await markSourceRefunded(trx, order);
  }
  await trx.updateTable("refunds").set({ status: "done" }).where("id", "=", claimed.refundId).execute();
  await recordAudit(trx, actor, {
    action: "order.refund",
    entity: "order",
    entityId: order.id,
    before: { status: claimed.statusBefore },
    after: { status: allBack ? "refunded" : order.status, to_balance: claimed.toBalance, to_processor: claimed.toProcessor, refunded: Number(order.refunded_minor), ...(reason ? { reason } : {}) },
  });
}

/** The processor refused: the amount set aside goes back to the order, as if nothing had been asked. */
async function giveBack(trx: DB, claimed: Claim) {
  const order = await trx.selectFrom("orders").select(["refunded_minor", "version"]).where("id", "=", claimed.orderId).forUpdate().executeTakeFirstOrThrow();
  await trx
    .updateTable("orders")
    .set({ refunded_minor: Number(order.refunded_minor) - claimed.toProcessor - claimed.toBalance, version: order.version + 1 })
    .where("id", "=", claimed.orderId)
    .execute();
  await trx.updateTable("refunds").set({ status: "failed" }).where("id", "=", claimed.refundId).execute();
}
