import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { BALANCE_REL_TYPE, type BalanceRelType } from "~/models/balance/balance-entry";
import type { NewBalanceEntry } from "~/models/balance/balance.server";
import { db, type DB } from "~/models/db/db.server";
import type { OrdersTable } from "~/models/db/schema";
import { abandonPending } from "./start.server";

// Bills (decision 027): a quote, a forward request, an invoice or a pro
// seller's listing fee (decision 030) is paid through an order of its kind
// whose source_id names it. Everything that
// moves money (paying later, split payments, retries, reconciliation,
// refunds) then works on one table, and only this module knows what paying
// or refunding a bill does to the thing it bills.

type OrderKind = Selectable<OrdersTable>["kind"];
export type BillKind = Exclude<OrderKind, "marketplace">;
type BilledOrder = { id: number; kind: OrderKind; source_id: number | null };

/** The ledger's related type for money an order of this kind moves (spec 3, decision 020). */
export const ORDER_REL_TYPE: Record<OrderKind, BalanceRelType> = {
  marketplace: BALANCE_REL_TYPE.marketplaceOrder,
  quote: BALANCE_REL_TYPE.quote,
  forward: BALANCE_REL_TYPE.forwardRequest,
  invoice: BALANCE_REL_TYPE.miscInvoice,
  listing: BALANCE_REL_TYPE.listingFee,
};

/**
 * How a ledger entry names what an order paid for: the quote, forward request
 * or invoice itself (spec 3: 'QU' + the quote's id, linked by its slug; 'FR'
 * + the forward request's id), or the marketplace order.
 */
export async function ledgerRef(trx: DB, order: BilledOrder): Promise<Pick<NewBalanceEntry, "relType" | "relId" | "quoteSlug">> {
  const relId = Number(order.source_id ?? order.id);
  if (order.kind !== "quote") return { relType: ORDER_REL_TYPE[order.kind], relId };
  // Orders from before quotes had their own table bill no quote: no slug to link.
  const quote = order.source_id === null ? undefined : await trx.selectFrom("quotes").select("slug").where("id", "=", relId).executeTakeFirst();
  return { relType: ORDER_REL_TYPE.quote, relId, quoteSlug: quote?.slug ?? null };
}

/**
 * The page that shows what an order pays for: the quote, forward request or
 * invoice a bill pays, else the order itself in /my-orders.
 */
export async function billPage(order: { slug: string; kind: OrderKind; source_id: number | null }, database: DB = db()): Promise<string> {
  if (order.kind === "marketplace" || order.source_id === null) return `/my-orders/${order.slug}`;
  if (order.kind === "invoice") return `/invoice/${order.source_id}`;
  // A listing's fee leads back to the listing's payment page, which says it is paid.
  if (order.kind === "listing") return `/site-pro-payment/${order.source_id}`;
  const table = order.kind === "quote" ? "quotes" : "forward_requests";
  const source = await database.selectFrom(table).select("slug").where("id", "=", Number(order.source_id)).executeTakeFirst();
  if (!source) return `/my-orders/${order.slug}`;
  return order.kind === "quote" ? `/quotes/${source.slug}` : `/my-parcels/forward/${source.slug}`;
}

const SOURCE_TABLE = { quote: "quotes", forward: "forward_requests", invoice: "invoices" } as const;
const PAYABLE_STATUS = { quote: "priced", forward: "priced", invoice: "issued" } as const;

/**
 * What paying a bill does to what it bills: the quote, forward request or
 * invoice becomes paid, in the transaction that paid the order. False when
 * it was no longer waiting for the money (cancelled meanwhile).
 */
export async function markSourcePaid(trx: DB, order: BilledOrder, now: Date): Promise<boolean> {
  if (order.kind === "marketplace" || order.source_id === null) return true;
  if (order.kind === "listing") {
    // A paid fee puts the listing on the marketplace: the change reaches the listings by its log (0018).
    const shown = await trx
      .updateTable("products")
      .set({ is_active: true, arrived_at: now })
      .where("id", "=", Number(order.source_id))
      .where("seller_id", "is not", null)
      .where("is_active", "=", false)
      .executeTakeFirst();
    return Number(shown.numUpdatedRows) === 1;
  }
  const updated = await trx
    .updateTable(SOURCE_TABLE[order.kind])
    .set({ status: "paid", paid_at: now })
    .where("id", "=", Number(order.source_id))
    .where("status", "=", PAYABLE_STATUS[order.kind])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A refunded bill cancels what it billed. */
export async function markSourceRefunded(trx: DB, order: BilledOrder) {
  if (order.kind === "marketplace" || order.source_id === null) return;
  if (order.kind === "listing") {
    await trx.updateTable("products").set({ is_active: false }).where("id", "=", Number(order.source_id)).execute();
    return;
  }
  await trx.updateTable(SOURCE_TABLE[order.kind]).set({ status: "cancelled" }).where("id", "=", Number(order.source_id)).execute();
}

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
