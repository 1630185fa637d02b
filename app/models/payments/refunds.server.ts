import { BALANCE_TYPE } from "~/models/balance/balance-entry";
import { recordBalanceEntry } from "~/models/balance/balance.server";
import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { processorFor } from "./processors.server";
import { ledgerRef, markSourceRefunded } from "./bill-sources.server";

// Refunds (the back office's order page and `npm run admin`): an order, a quote or a forward request
// paid in full is given back — all of it to the stored balance (spec 3's
// refund for quote / forward request), or the processor's part to the card,
// wallet or bank it came from and the balance's part to the balance. The
// order ends "refunded"; the ledger and the order always agree, and a
// second refund of the same order changes nothing. Who refunded is written
// to the audit log in the same transaction.

export type RefundTarget = "balance" | "processor";
export type RefundOutcome =
  | { ok: true; toBalance: number; toProcessor: number }
  | { ok: false; error: "not_found" | "not_paid" | "already_refunded" | "guest_order" | "no_processor" };

export async function refundOrder(actor: StaffActor, orderId: number, target: RefundTarget): Promise<RefundOutcome> {
  const order = await db().selectFrom("orders").select(["id", "status", "user_id", "total_minor"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return { ok: false, error: "not_found" };
  if (order.status === "refunded") return { ok: false, error: "already_refunded" };
  if (order.status === "unpaid" || order.status === "cancelled") return { ok: false, error: "not_paid" };
  const payment = await db()
    .selectFrom("payments")
    .select(["id", "processor", "processor_ref", "amount_minor", "currency"])
    .where("order_id", "=", orderId)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (target === "balance" && order.user_id === null) return { ok: false, error: "guest_order" };

  // The processor's part first, outside the transaction (a network call),
  // under a key that makes a repeated command refund once at the processor.
  let toProcessor = 0;
  if (target === "processor" && payment) {
    const processor = processorFor(payment.processor);
    if (!processor || !payment.processor_ref) return { ok: false, error: "no_processor" };
    await processor.refund(payment.processor_ref, Number(payment.amount_minor), payment.currency, `refund-${payment.id}`);
    toProcessor = Number(payment.amount_minor);
  }

  return db()
    .transaction()
    .execute(async (trx): Promise<RefundOutcome> => {
      const locked = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirstOrThrow();
      if (locked.status === "refunded") return { ok: false, error: "already_refunded" };
      const toBalance = Number(locked.total_minor) - toProcessor;
      if (toBalance > 0) {
        if (locked.user_id === null) return { ok: false, error: "guest_order" };
        await recordBalanceEntry(
          { userId: Number(locked.user_id), ...(await ledgerRef(trx, locked)), type: BALANCE_TYPE.addition, amountMinor: toBalance },
          trx,
        );
      }
      if (payment) await trx.updateTable("payments").set({ refunded_minor: payment.amount_minor }).where("id", "=", payment.id).execute();
      await trx.updateTable("orders").set({ status: "refunded" }).where("id", "=", locked.id).execute();
      await markSourceRefunded(trx, locked);
      await trx.updateTable("orders").set({ version: locked.version + 1 }).where("id", "=", locked.id).execute();
      await recordAudit(trx, actor, { action: "order.refund", entity: "order", entityId: locked.id, before: { status: locked.status }, after: { status: "refunded", to_balance: toBalance, to_processor: toProcessor } });
      return { ok: true, toBalance, toProcessor };
    });
}
