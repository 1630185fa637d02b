import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { cancelBill } from "~/models/payments/bills.server";
import { abandonPending } from "~/models/payments/start.server";

// Declining (the customer) and cancelling (an operator) both end an invoice
// that is still waiting for its money, and its bill with it.

export type WithdrawOutcome = { ok: true; number: string } | { ok: false; error: "not_found" | "not_issued"; status?: string };

/**
 * Ends an issued invoice as declined or cancelled, with its bill, in one
 * transaction. The bill is locked before the invoice, in the order paying
 * locks them (order, then what it bills), so a payment and a decline at the
 * same moment wait for each other instead of deadlocking: whichever comes
 * second finds the other's result. A payment still at a processor is given
 * up and its balance part comes back. `userId` limits it to the owner's
 * invoice (null: an operator's, who is then the `actor` the audit log names).
 */
export async function withdrawBill(invoiceId: number, userId: number | null, to: "declined" | "cancelled", actor?: StaffActor): Promise<WithdrawOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<WithdrawOutcome> => {
      const bill = await trx.selectFrom("orders").select("id").where("kind", "=", "invoice").where("source_id", "=", invoiceId).forUpdate().executeTakeFirst();
      const invoice = await trx
        .selectFrom("invoices")
        .select(["id", "number", "status"])
        .where("id", "=", invoiceId)
        .$if(userId !== null, (query) => query.where("user_id", "=", userId!))
        .forUpdate()
        .executeTakeFirst();
      if (!invoice) return { ok: false, error: "not_found" };
      if (invoice.status !== "issued") return { ok: false, error: "not_issued", status: invoice.status };
      const now = new Date();
      await trx
        .updateTable("invoices")
        .set(to === "declined" ? { status: to, declined_at: now } : { status: to })
        .where("id", "=", invoice.id)
        .execute();
      if (bill) await abandonPending(trx, Number(bill.id));
      await cancelBill(trx, "invoice", Number(invoice.id));
      if (actor) await recordAudit(trx, actor, { action: `invoice.${to === "cancelled" ? "cancel" : "decline"}`, entity: "invoice", entityId: invoiceId, before: { status: invoice.status }, after: { status: to } });
      return { ok: true, number: invoice.number };
    });
}
