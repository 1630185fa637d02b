import { randomBytes } from "node:crypto";
import type { DB } from "~/models/db/db.server";
import type { BillKind } from "./bill-sources.server";
import { abandonPending } from "./start.server";

// Bills (decision 027): a quote, a forward request, an invoice or a pro
// seller's listing fee (decision 030) is paid through an order of its kind
// whose source_id names it. Everything that
// moves money (paying later, split payments, retries, reconciliation,
// refunds) then works on one table, and only bill-sources.server.ts knows
// what paying or refunding a bill does to the thing it bills.

export type NewBill = {
  kind: BillKind;
  sourceId: number;
  userId: number;
  siteId: number;
  currencyId: number;
  shippingMethod?: "air" | "sea" | null;
  subtotalMinor: number;
  shippingMinor: number;
};

/**
 * The unpaid bill for a quote, forward request or invoice, made or brought
 * up to date (a changed shipping choice changes its total), in the caller's
 * transaction; the slug pays it at /payment/{slug}. A bill already paid is
 * left as it is, and null says so.
 */
export async function openBill(trx: DB, bill: NewBill): Promise<string | null> {
  const total = bill.subtotalMinor + bill.shippingMinor;
  const existing = await trx
    .selectFrom("orders")
    .select(["id", "slug", "status", "balance_minor"])
    .where("kind", "=", bill.kind)
    .where("source_id", "=", bill.sourceId)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    if (existing.status !== "unpaid") return null;
    await abandonPending(trx, Number(existing.id));
    // A change of what is billed starts the payment over: no attempt in flight may pay the old total.
    await trx
      .updateTable("orders")
      .set({ shipping_method: bill.shippingMethod ?? null, subtotal_minor: bill.subtotalMinor, shipping_minor: bill.shippingMinor, total_minor: total, payment_fee_minor: 0 })
      .where("id", "=", existing.id)
      .execute();
    return existing.slug;
  }
  const created = await trx
    .insertInto("orders")
    .values({
      slug: randomBytes(9).toString("base64url"),
      user_id: bill.userId,
      site_id: bill.siteId,
      kind: bill.kind,
      source_id: bill.sourceId,
      status: "unpaid",
      currency_id: bill.currencyId,
      shipping_method: bill.shippingMethod ?? null,
      subtotal_minor: bill.subtotalMinor,
      shipping_minor: bill.shippingMinor,
      total_minor: total,
    })
    .returning("slug")
    .executeTakeFirstOrThrow();
  return created.slug;
}

/**
 * Locks the bill of a quote, forward request or invoice, if it has one.
 * Whatever changes a source together with its bill calls this first, before
 * it locks the source: paying locks the bill and then marks the source paid,
 * so both take the two rows in the same order and never deadlock.
 */
export async function lockBill(trx: DB, kind: BillKind, sourceId: number) {
  await trx.selectFrom("orders").select("id").where("kind", "=", kind).where("source_id", "=", sourceId).forUpdate().execute();
}

/** A bill no longer wanted (its quote declined or cancelled) can no longer be paid. */
export async function cancelBill(trx: DB, kind: BillKind, sourceId: number) {
  await trx.updateTable("orders").set({ status: "cancelled" }).where("kind", "=", kind).where("source_id", "=", sourceId).where("status", "=", "unpaid").execute();
}
