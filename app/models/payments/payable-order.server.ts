import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { ownOrder } from "~/models/orders/orders.server";
import { methodViews, paymentMethods } from "./methods.server";

// Paying later (payment-pay, /payment/{order slug}): an unpaid order of the
// signed-in customer — a marketplace order, a quote or a forward request —
// with what is left to pay and the ways to pay it.

export async function payableOrder(slug: string, userId: number, siteId: number, locale: Locale) {
  const order = await ownOrder(userId, slug)
    .select([
      "o.total_minor",
      "o.payment_fee_minor",
      "o.balance_minor",
      sql<string | null>`(select q.slug from quotes q where o.kind = 'quote' and q.id = o.source_id)`.as("quote_slug"),
      // The balance part of an attempt still pending comes back when a new attempt starts.
      sql<number>`(select coalesce(sum(p.balance_hold_minor), 0) from payments p where p.order_id = o.id and p.status = 'pending' and not p.balance_released)`.as("pending_hold"),
    ])
    .executeTakeFirst();
  if (!order) return null;
  const [methods, user] = await Promise.all([
    paymentMethods(siteId, locale),
    db().selectFrom("users").select("balance_minor").where("id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  const keptFromBalance = Number(order.balance_minor) - Number(order.pending_hold);
  return {
    slug: order.slug,
    number: orderNumber(order.kind, Number(order.source_id ?? order.id)),
    /** A quote's bill: the quote whose payment steps the page records (spec 3). */
    quote: order.quote_slug ? { slug: order.quote_slug, id: Number(order.source_id) } : null,
    status: order.status,
    due: Number(order.total_minor) - Number(order.payment_fee_minor) - keptFromBalance,
    methods: methodViews(methods),
    availableBalance: Number(user.balance_minor) + Number(order.pending_hold),
  };
}

export type PayableOrder = NonNullable<Awaited<ReturnType<typeof payableOrder>>>;

