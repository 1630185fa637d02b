import { sql } from "kysely";
import {
  ORDERS_PAGE_SIZE,
  filterConditions,
  orderNumber,
  type OrderFilter,
  type OrderKind,
  type OrderStatus,
} from "~/models/orders/orders";
import { db } from "~/models/db/db.server";

// A signed-in customer's orders. Every query here is scoped to the owner:
// another customer's order is never found, whatever its slug.

/** One row of the orders list; the page and the JSON API send the same shape. */
export type OrderSummary = {
  id: number;
  slug: string;
  number: string;
  kind: OrderKind;
  status: OrderStatus;
  /** ISO 8601, UTC. */
  created_at: string;
  currency: string;
  total_minor: number;
  /** Pieces in the order: the sum of its lines' quantities. */
  item_count: number;
  first_item: { name: string; image: string | null } | null;
};

export type OrderLine = {
  sku: string;
  name: string;
  quantity: number;
  price_minor: number;
  line_total_minor: number;
  image: string | null;
  /** The product's page while the product is still sold. */
  product_slug: string | null;
};

export type OrderDetail = Omit<OrderSummary, "first_item"> & {
  shipping_method: "air" | "sea" | null;
  subtotal_minor: number;
  shipping_minor: number;
  paid_at: string | null;
  items: OrderLine[];
};

export type OrderList = { items: OrderSummary[]; total: number };

function iso(value: Date | string) {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}

/**
 * One page of the customer's orders, newest first, and how many orders the
 * filter keeps in all. Item names are given in the shopper's language while
 * the product still exists, else as they were when the order was placed.
 */
export async function listOrders(
  userId: number,
  { filter, page, languageId }: { filter: OrderFilter; page: number; languageId: number | null },
): Promise<OrderList> {
  const { statuses, kinds } = filterConditions(filter);
  let orders = db().selectFrom("orders as o").where("o.user_id", "=", userId);
  if (statuses) orders = orders.where("o.status", "in", [...statuses]);
  if (kinds) orders = orders.where("o.kind", "in", [...kinds]);

  const [count, rows] = await Promise.all([
    orders.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
    orders
      .innerJoin("currencies as c", "c.id", "o.currency_id")
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("order_items as oi")
            .select(["oi.name", "oi.image", "oi.product_id"])
            .whereRef("oi.order_id", "=", "o.id")
            .orderBy("oi.id")
            .limit(1)
            .as("first"),
        (join) => join.onTrue(),
      )
      .leftJoin("product_translations as pt", (join) =>
        join.onRef("pt.product_id", "=", "first.product_id").on("pt.language_id", "=", languageId ?? 0),
      )
      .select(["o.id", "o.slug", "o.kind", "o.source_id", "o.status", "o.created_at", "o.total_minor", "c.iso_code as currency"])
      .select(sql<string | null>`coalesce(pt.name, first.name)`.as("first_name"))
      .select("first.image as first_image")
      .select(sql<number>`(select coalesce(sum(q.quantity), 0)::int from order_items q where q.order_id = o.id)`.as("item_count"))
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE)
      .execute(),
  ]);

  return {
    total: count.total,
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      number: orderNumber(row.kind, row.source_id ?? row.id),
      kind: row.kind,
      status: row.status,
      created_at: iso(row.created_at),
      currency: row.currency,
      total_minor: row.total_minor,
      item_count: row.item_count,
      first_item: row.first_name === null ? null : { name: row.first_name, image: row.first_image ?? null },
    })),
  };
}

/**
 * A query for this customer's order by its slug, as "o", selecting what names
 * it and where it stands (id, slug, kind, source, status); it finds nothing
 * for anyone else's order. Add the columns you need.
 */
export function ownOrder(userId: number, slug: string) {
  return db()
    .selectFrom("orders as o")
    .select(["o.id", "o.slug", "o.kind", "o.source_id", "o.status"])
    .where("o.slug", "=", slug)
    .where("o.user_id", "=", userId);
}

/** An order of this customer by its slug, with its lines; null for an unknown slug or anyone else's order. */
export async function getOwnOrder(userId: number, slug: string, languageId: number | null): Promise<OrderDetail | null> {
  const order = await ownOrder(userId, slug)
    .innerJoin("currencies as c", "c.id", "o.currency_id")
    .select(["o.created_at", "o.paid_at", "o.shipping_method", "o.subtotal_minor", "o.shipping_minor", "o.total_minor", "c.iso_code as currency"])
    .executeTakeFirst();
  if (!order) return null;

  const lines = await db()
    .selectFrom("order_items as oi")
    .leftJoin("products as p", (join) => join.onRef("p.id", "=", "oi.product_id").on("p.is_active", "=", true))
    .leftJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "p.id").on("pt.language_id", "=", languageId ?? 0))
    .select(["oi.sku", "oi.quantity", "oi.price_minor", "oi.image", "p.slug as product_slug"])
    .select(sql<string>`coalesce(pt.name, oi.name)`.as("name"))
    .where("oi.order_id", "=", order.id)
    .orderBy("oi.id")
    .execute();

  const { paid_at, created_at, source_id, ...rest } = order;
  return {
    ...rest,
    number: orderNumber(order.kind, source_id ?? order.id),
    created_at: iso(created_at),
    paid_at: paid_at === null ? null : iso(paid_at),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    items: lines.map((line) => ({ ...line, line_total_minor: line.price_minor * line.quantity })),
  };
}

/** The id of the customer's newest unpaid order, or null when everything is paid. */
export async function newestUnpaidOrderId(userId: number): Promise<number | null> {
  const row = await db()
    .selectFrom("orders")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("user_id", "=", userId)
    .where("status", "=", "unpaid")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Spec 6's intermediary variant: a site whose settings say
 * {"intermediary": true} lists every order with no type filter.
 */
export async function isIntermediarySite(siteId: number): Promise<boolean> {
  const row = await db()
    .selectFrom("sites")
    .select(sql<boolean>`coalesce(settings->>'intermediary' = 'true', false)`.as("intermediary"))
    .where("id", "=", siteId)
    .executeTakeFirst();
  return row?.intermediary ?? false;
}
