import type { Selectable } from "kysely";
import { BALANCE_REL_TYPE, type BalanceRelType } from "~/models/balance/balance-entry";
import type { NewBalanceEntry } from "~/models/balance/balance.server";
import { db, type DB } from "~/models/db/db.server";
import type { OrdersTable } from "~/models/db/schema";

// What a bill is for (decision 027): the quote, forward request, invoice or
// listing fee an order of its kind names by source_id, and what paying or
// refunding the order does to it. Starting, settling and refunding a
// payment read it; bills.server.ts opens and cancels the bills themselves.

export type OrderKind = Selectable<OrdersTable>["kind"];
export type BillKind = Exclude<OrderKind, "marketplace">;
export type BilledOrder = { id: number; kind: OrderKind; source_id: number | null };

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
