import { sql, type SelectQueryBuilder } from "kysely";
import { auditTrail } from "~/models/audit/audit.server";
import { BALANCE_REL_TYPE } from "~/models/balance/balance-entry";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { Database } from "~/models/db/schema";
import { notesOf } from "~/models/notes/notes.server";
import { orderEmails } from "./order-emails.server";
import { orderNumber, orderNumberParts, type OrderKind } from "./orders";
import { EXPORT_LIMIT, STAFF_ORDERS_PAGE_SIZE, type OrderSort, type StaffOrderFilter } from "./staff-orders";

// The orders as staff see them (docs/back-office.md): every customer's, with
// filters that the list, its CSV export and the dashboard's links share.
// The filter arrives as plain values; the page reads them from its URL.

type OrdersQuery = SelectQueryBuilder<Database, "orders" | "users", object>;

/** What the search box holds: an order number (MP12, or a bare id), else the start of an email, lower-cased and escaped for LIKE. */
type Search = { kind?: OrderKind; id: number } | { pattern: string } | null;

function searchOf(filter: StaffOrderFilter): Search {
  const typed = filter.q?.trim();
  if (!typed) return null;
  const number = orderNumberParts(typed);
  if (number) return number;
  if (/^\d{1,12}$/.test(typed)) return { id: Number(typed) };
  return { pattern: `${typed.toLowerCase().replace(/[%_\\]/g, "\\$&")}%` };
}

const MANY_CUSTOMERS = 1000;

/**
 * The customers whose account email starts so, found first by their own
 * prefix index: the orders' query then reads two indexes (a guest's email on
 * the order, a customer's orders by user), where one query with a subquery
 * inside an OR walks every order by date. "many" when a short prefix
 * matches more than a list should carry: the query then asks users itself.
 */
async function searchedCustomers(search: Search): Promise<number[] | "many"> {
  if (!search || !("pattern" in search)) return [];
  const rows = await db().selectFrom("users").select("id").where(sql<string>`lower(email)`, "like", search.pattern).limit(MANY_CUSTOMERS + 1).execute();
  return rows.length > MANY_CUSTOMERS ? "many" : rows.map((row) => Number(row.id));
}

function narrowed<Q extends OrdersQuery>(query: Q, filter: StaffOrderFilter, search: Search, customers: number[] | "many"): Q {
  let q = query as OrdersQuery;
  if (filter.status) q = q.where("orders.status", "=", filter.status);
  if (filter.kind) q = q.where("orders.kind", "=", filter.kind);
  if (filter.userId) q = q.where("orders.user_id", "=", filter.userId);
  if (filter.payment) {
    const payment = filter.payment;
    q = q.where((eb) => eb.exists(eb.selectFrom("payments").select(sql.lit(1).as("one")).whereRef("payments.order_id", "=", "orders.id").where("payments.status", "=", payment)));
  }
  if (filter.queue === "to_pack") q = q.where("orders.kind", "=", "marketplace").where("orders.status", "=", "paid");
  if (filter.queue === "to_ship") q = q.where("orders.kind", "=", "marketplace").where("orders.status", "=", "processing");
  if (filter.siteId) q = q.where("orders.site_id", "=", filter.siteId);
  if (filter.from) q = q.where("orders.created_at", ">=", filter.from);
  if (filter.to) q = q.where("orders.created_at", "<", filter.to);
  if (search && "pattern" in search) {
    const { pattern } = search;
    q = q.where((eb) =>
      customers === "many"
        ? eb.or([eb("orders.email", "like", pattern), eb("orders.user_id", "in", eb.selectFrom("users as u").select("u.id").where(sql<string>`lower(u.email)`, "like", pattern))])
        : customers.length
          ? eb.or([eb("orders.email", "like", pattern), eb("orders.user_id", "in", customers)])
          : eb("orders.email", "like", pattern),
    );
  } else if (search) {
    const { kind, id } = search;
    // A bill's number is that of what it bills (orders.source_id); a marketplace order's is its own id.
    q = kind
      ? q.where("orders.kind", "=", kind).where(kind === "marketplace" ? "orders.id" : "orders.source_id", "=", id)
      : q.where((eb) => eb.or([eb("orders.id", "=", id), eb("orders.source_id", "=", id)]));
  }
  return q as Q;
}

function base() {
  return db()
    .selectFrom("orders")
    .leftJoin("users", "users.id", "orders.user_id")
    .leftJoin("sites", "sites.id", "orders.site_id")
    .select([
      "orders.id",
      "orders.slug",
      "orders.kind",
      "orders.source_id",
      "orders.status",
      "orders.total_minor",
      "orders.created_at",
      "orders.paid_at",
      "orders.shipping_method",
      "sites.code as site",
    ])
    .select(sql<string | null>`coalesce(orders.email, users.email)`.as("email"));
}

function sorted<Q extends SelectQueryBuilder<Database, "orders", object>>(query: Q, sort: OrderSort = "newest"): Q {
  const q = query as SelectQueryBuilder<Database, "orders", object>;
  const ordered =
    sort === "oldest"
      ? q.orderBy("orders.created_at", "asc").orderBy("orders.id", "asc")
      : sort === "total_desc"
        ? q.orderBy("orders.total_minor", "desc").orderBy("orders.id", "desc")
        : sort === "total_asc"
          ? q.orderBy("orders.total_minor", "asc").orderBy("orders.id", "asc")
          : q.orderBy("orders.created_at", "desc").orderBy("orders.id", "desc");
  return ordered as Q;
}

const withNumber = <T extends { kind: OrderKind; id: number; source_id: number | null }>(row: T) => ({
  ...row,
  number: orderNumber(row.kind, Number(row.kind === "marketplace" ? row.id : (row.source_id ?? row.id))),
});

/** One page of the filtered list, and whether another follows. */
export async function staffOrders(filter: StaffOrderFilter) {
  const search = searchOf(filter);
  const { rows, page, hasMore } = await pageOf(
    sorted(narrowed(base(), filter, search, await searchedCustomers(search)), filter.sort),
    filter.page,
    STAFF_ORDERS_PAGE_SIZE,
  );
  return { orders: rows.map(withNumber), page, hasMore };
}

/** What the filter shows, every page of it (up to EXPORT_LIMIT), for the CSV export. */
export async function staffOrdersForExport(filter: StaffOrderFilter) {
  const search = searchOf(filter);
  const rows = await sorted(narrowed(base(), filter, search, await searchedCustomers(search)), filter.sort).limit(EXPORT_LIMIT).execute();
  return rows.map(withNumber);
}

const LEDGER_REL_TYPE: Partial<Record<OrderKind, number>> = {
  marketplace: BALANCE_REL_TYPE.marketplaceOrder,
  quote: BALANCE_REL_TYPE.quote,
  forward: BALANCE_REL_TYPE.forwardRequest,
  invoice: BALANCE_REL_TYPE.miscInvoice,
  listing: BALANCE_REL_TYPE.listingFee,
};

/** The balance movements of an order: by its own id for a marketplace order, by what it bills for a bill. */
function ledgerOf(kind: OrderKind, orderId: number, sourceId: number | null) {
  return db()
    .selectFrom("balance_entries")
    .select(["id", "type", "rel_type", "amount_minor", "end_balance_minor", "created_at"])
    .where("rel_type", "=", LEDGER_REL_TYPE[kind] ?? -1)
    .where("rel_id", "=", kind === "marketplace" ? orderId : (sourceId ?? -1))
    .orderBy("id")
    .execute();
}

/** An order as its staff page shows it, or null. */
export async function staffOrder(orderId: number) {
  const order = await db()
    .selectFrom("orders")
    .leftJoin("users", "users.id", "orders.user_id")
    .leftJoin("sites", "sites.id", "orders.site_id")
    .selectAll("orders")
    .select(["users.email as user_email", "users.first_name", "users.last_name", "sites.code as site"])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const [items, payments, ledger, shipments, refunds, emails, notes, trail] = await Promise.all([
    db().selectFrom("order_items").select(["id", "sku", "name", "quantity", "price_minor"]).where("order_id", "=", orderId).orderBy("id").execute(),
    db()
      .selectFrom("payments")
      .select(["id", "processor", "status", "amount_minor", "refunded_minor", "processor_ref", "transaction_id", "created_at", "review_reason"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute(),
    ledgerOf(order.kind, orderId, order.source_id),
    db()
      .selectFrom("shipments")
      .select(["id", "tracking_number", "carrier", "created_at", "label"])
      .select((eb) =>
        eb
          .selectFrom("shipment_lines as l")
          .innerJoin("order_items as i", "i.id", "l.order_item_id")
          .select(sql<string>`string_agg(l.quantity || ' × ' || i.name, ', ' order by i.id)`.as("lines"))
          .whereRef("l.shipment_id", "=", "shipments.id")
          .as("lines"),
      )
      .where("subject_kind", "=", "order")
      .where("subject_id", "=", orderId)
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("refunds")
      .select(["id", "to_processor_minor", "to_balance_minor", "reason", "status", "staff_email", "created_at"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute(),
    orderEmails(orderId),
    notesOf("order", orderId),
    auditTrail("order", orderId),
  ]);
  return { order: withNumber(order), items, payments, ledger, shipments, refunds, emails, notes, trail };
}

