import { sql } from "kysely";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { lockPayment, releaseHold } from "~/models/payments/settle.server";

// Staff cancel an unpaid marketplace order (docs/back-office.md): in one
// transaction its stock returns to the shelf, a balance part held by a
// payment that was started returns to the balance (with its ledger entry),
// the started payments are abandoned, and the audit log records it. An
// order that was paid meanwhile, or changed since the page was drawn, is
// refused and nothing changes.

export type CancelResult = { ok: true } | { ok: false; error: "not_found" } | { ok: false; error: "wrong_status"; status: string } | StaleEdit;

export async function cancelOrder(actor: StaffActor, orderId: number, version: number): Promise<CancelResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CancelResult> => {
      const order = await trx.selectFrom("orders").select(["id", "kind", "status", "version"]).where("id", "=", orderId).forUpdate().executeTakeFirst();
      if (!order) return { ok: false, error: "not_found" };
      if (order.version !== version) return staleEdit(trx, "order", orderId);
      if (order.kind !== "marketplace" || order.status !== "unpaid") return { ok: false, error: "wrong_status", status: order.status };
      const started = await trx.selectFrom("payments").select("id").where("order_id", "=", orderId).where("status", "=", "pending").orderBy("id").execute();
      for (const { id } of started) {
        const payment = await lockPayment(trx, Number(id));
        if (!payment) continue;
        await releaseHold(trx, payment);
        await trx.updateTable("payments").set({ status: "abandoned" }).where("id", "=", payment.id).execute();
      }
      // Products in id order, as checkout locks them, so the two never wait on each other.
      const items = await trx.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", orderId).where("product_id", "is not", null).orderBy("product_id").execute();
      for (const item of items) {
        await trx
          .updateTable("products")
          .set({ stock: sql`stock + ${item.quantity}`, paid_amount: sql`greatest(paid_amount - ${item.quantity}, 0)` })
          .where("id", "=", Number(item.product_id))
          .execute();
      }
      await trx.updateTable("orders").set({ status: "cancelled", version: order.version + 1 }).where("id", "=", orderId).execute();
      await recordAudit(trx, actor, {
        action: "order.cancel",
        entity: "order",
        entityId: orderId,
        before: { status: "unpaid" },
        after: { status: "cancelled", restocked: items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })) },
      });
      return { ok: true };
    });
}
