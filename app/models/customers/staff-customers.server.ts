import { sql, type ExpressionBuilder } from "kysely";
import { auditTrail } from "~/models/audit/audit.server";
import { claimNumber } from "~/models/claims/claim-form";
import { listBalanceHistory } from "~/models/balance/balance.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { Database } from "~/models/db/schema";
import { suiteCode } from "~/models/forwarding/suite";
import { notesOf } from "~/models/notes/notes.server";
import { orderNumber } from "~/models/orders/orders";
import { timelinePage } from "~/models/timeline/timeline.server";
import { CUSTOMERS_PAGE_SIZE, likePrefix, type CustomerQuery } from "./customer-search";

// The customers as staff see them (docs/back-office.md): the search list,
// and one customer's page with everything they have with the shop. Each
// kind of search reads an index: the users' primary key, the orders',
// quotes' and forward requests' keys, or the lower-cased email and name
// with pattern operators (0041) for a prefix.

type Users = ExpressionBuilder<Database, "users">;

/** The ids of the customers a number names: the customer of that order, quote or forward request. */
function ownerOf(eb: Users, kind: "marketplace" | "quote" | "forward" | "invoice" | "listing", id: number) {
  if (kind === "quote") return eb("users.id", "in", eb.selectFrom("quotes").select("user_id").where("id", "=", id));
  if (kind === "forward") return eb("users.id", "in", eb.selectFrom("forward_requests").select("user_id").where("id", "=", id));
  if (kind === "invoice") return eb("users.id", "in", eb.selectFrom("invoices").select("user_id").where("id", "=", id));
  // A listing fee's bill names the listing's product (orders_source); a marketplace order is its own number.
  const bills = kind === "listing" ? eb.selectFrom("orders").select("user_id").where("kind", "=", "listing").where("source_id", "=", id) : eb.selectFrom("orders").select("user_id").where("id", "=", id).where("kind", "=", "marketplace");
  return eb("users.id", "in", bills);
}

function matching(eb: Users, query: CustomerQuery) {
  switch (query.by) {
    case "all":
      return eb.lit(true);
    case "suite":
      return eb("users.id", "=", query.userId);
    case "number":
      return ownerOf(eb, query.kind, query.id);
    case "id":
      return eb.or([eb("users.id", "=", query.id), ownerOf(eb, "marketplace", query.id), ownerOf(eb, "quote", query.id), ownerOf(eb, "forward", query.id)]);
    case "email":
      return eb(sql`lower(users.email)`, "like", likePrefix(query.prefix));
    case "text":
      return eb.or([
        eb(sql`lower(users.email)`, "like", likePrefix(query.prefix)),
        eb(sql`lower(users.first_name || ' ' || users.last_name)`, "like", likePrefix(query.prefix)),
        eb(sql`lower(users.last_name)`, "like", likePrefix(query.prefix)),
      ]);
  }
}

/** One page of the customers the query finds, newest first, and whether another follows. */
export async function staffCustomers(query: CustomerQuery, asked = 1) {
  const { rows, page, hasMore } = await pageOf(
    db()
      .selectFrom("users")
      .leftJoin("sites", "sites.id", "users.site_id")
      .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role", "users.balance_minor", "users.created_at", "users.blocked_at", "sites.code as site"])
      .where((eb) => matching(eb, query))
      .orderBy("users.id", "desc"),
    asked,
    CUSTOMERS_PAGE_SIZE,
  );
  const customers = rows.map((row) => ({ ...row, id: Number(row.id), balance_minor: Number(row.balance_minor), suite: suiteCode(Number(row.id)) }));
  return { customers, page, hasMore };
}

/** How many of each kind the customer's page shows, newest first; more of them is said, and orders have their own list. */
export const CUSTOMER_SECTION_LIMIT = 50;

const newest = <T>(rows: T[]) => ({ rows: rows.slice(0, CUSTOMER_SECTION_LIMIT), more: rows.length > CUSTOMER_SECTION_LIMIT });

/** A customer as their staff page shows them, or null. `timeline` is the page of their timeline to show. */
export async function staffCustomer(userId: number, timeline = 1) {
  const customer = await db()
    .selectFrom("users")
    .leftJoin("sites", "sites.id", "users.site_id")
    .leftJoin("languages", "languages.id", "users.language_id")
    .select([
      "users.id",
      "users.email",
      "users.first_name",
      "users.last_name",
      "users.phone",
      "users.role",
      "users.balance_minor",
      "users.created_at",
      "users.blocked_at",
      "users.blocked_reason",
      "sites.code as site",
      "sites.name as site_name",
      "languages.iso_code as language",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!customer) return null;
  const take = CUSTOMER_SECTION_LIMIT + 1;
  const [orders, quotes, parcels, forwards, claims, balance, timelineItems, notes, trail] = await Promise.all([
    db()
      .selectFrom("orders")
      .innerJoin("currencies", "currencies.id", "orders.currency_id")
      .select(["orders.id", "orders.kind", "orders.source_id", "orders.status", "orders.total_minor", "orders.created_at", "currencies.iso_code as currency"])
      .where("orders.user_id", "=", userId)
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("quotes")
      .select(["id", "status", "created_at", "priced_at", "paid_at"])
      .select(sql<number>`(select count(*) from quote_lines ql where ql.quote_id = quotes.id)`.as("lines"))
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("parcels")
      .innerJoin("warehouses", "warehouses.id", "parcels.warehouse_id")
      .select(["parcels.id", "parcels.tracking_number", "parcels.carrier", "parcels.store_name", "parcels.status", "parcels.weight_g", "parcels.arrived_at", "parcels.created_at", "warehouses.code as warehouse"])
      .where("parcels.user_id", "=", userId)
      .orderBy("parcels.created_at", "desc")
      .orderBy("parcels.id", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("forward_requests")
      .innerJoin("currencies", "currencies.id", "forward_requests.currency_id")
      .select([
        "forward_requests.id",
        "forward_requests.status",
        "forward_requests.shipping_method",
        "forward_requests.shipping_minor",
        "forward_requests.tracking_number",
        "forward_requests.created_at",
        "currencies.iso_code as currency",
      ])
      .where("forward_requests.user_id", "=", userId)
      .orderBy("forward_requests.created_at", "desc")
      .orderBy("forward_requests.id", "desc")
      .limit(take)
      .execute(),
    db()
      .selectFrom("claims")
      .innerJoin("orders", "orders.id", "claims.order_id")
      .select(["claims.id", "claims.kind", "claims.reason", "claims.status", "claims.created_at", "claims.order_id", "orders.kind as order_kind", "orders.source_id as order_source_id"])
      .where("claims.user_id", "=", userId)
      .orderBy("claims.created_at", "desc")
      .orderBy("claims.id", "desc")
      .limit(take)
      .execute(),
    listBalanceHistory(userId, { perPage: CUSTOMER_SECTION_LIMIT }),
    timelinePage(userId, timeline),
    notesOf("customer", userId),
    auditTrail("customer", userId),
  ]);
  // Why staff moved the balance by hand: kept for staff beside the ledger's row, not in what the customer's pages read.
  const shown = balance.items.map((item) => item.id);
  const reasons = new Map(
    shown.length === 0
      ? []
      : (await db().selectFrom("balance_entries").select(["id", "reason"]).where("id", "in", shown).where("reason", "is not", null).execute()).map((row) => [Number(row.id), row.reason]),
  );
  return {
    customer: { ...customer, id: Number(customer.id), balance_minor: Number(customer.balance_minor), suite: suiteCode(Number(customer.id)) },
    orders: newest(orders.map((order) => ({ ...order, id: Number(order.id), number: orderNumber(order.kind, Number(order.kind === "marketplace" ? order.id : (order.source_id ?? order.id))) }))),
    quotes: newest(quotes.map((quote) => ({ ...quote, id: Number(quote.id), lines: Number(quote.lines), number: orderNumber("quote", Number(quote.id)) }))),
    parcels: newest(parcels.map((parcel) => ({ ...parcel, id: Number(parcel.id) }))),
    forwards: newest(forwards.map((forward) => ({ ...forward, id: Number(forward.id), number: orderNumber("forward", Number(forward.id)) }))),
    claims: newest(
      claims.map((claim) => ({
        ...claim,
        id: Number(claim.id),
        number: claimNumber(Number(claim.id)),
        order_id: Number(claim.order_id),
        order_number: orderNumber(claim.order_kind, Number(claim.order_kind === "marketplace" ? claim.order_id : (claim.order_source_id ?? claim.order_id))),
      })),
    ),
    ledger: { total: balance.total, entries: balance.items.map((item) => ({ ...item, reason: reasons.get(item.id) ?? null })) },
    timeline: { page: timeline, ...timelineItems },
    notes,
    trail,
  };
}
