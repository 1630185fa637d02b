import { sql } from "kysely";
import { randomBytes } from "node:crypto";
import type { Locale } from "~/lib/i18n";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { BalanceError, recordBalanceEntry } from "~/models/balance/balance.server";
import type { CartOwner } from "~/models/cart/cart.server";
import { db } from "~/models/db/db.server";
import { isUniqueViolation } from "~/models/db/errors";
import { paymentMethods } from "~/models/payments/methods.server";
import { faultPoint } from "~/platform/fault-points.server";
import { logger } from "~/platform/logger.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import type { Utm } from "~/models/marketing/utm";
import { PAYMENT_PROVIDER, type CheckoutError } from "./checkout";
import { checkoutData, ownCheckout, type CheckoutOutcome } from "./checkout.server";
import { sendOrderConfirmation } from "./order-mail.server";
import { usePromotion } from "./promotions.server";

// Placing the order (spec 4, step 5): in one transaction, the order with
// its lines as they are now, the stock taken, the promotion's use, the
// balance spent and the payment to take. The checkout's row is locked
// first, so a double click, a retry or a replayed form finds the order the
// first request made instead of making another; the idempotency key the
// confirm form carries is kept on the order, unique.

export type PlacedOrder = {
  orderId: number;
  /** A guest whose email had no account now has one, without a password yet: sign them in. */
  newAccountUserId: number | null;
  orderSlug: string;
  /** Paid in full already (by the balance); otherwise the provider's payment to take. */
  paid: boolean;
  payment: { token: string; provider: number; amount: number } | null;
};

/** A refusal from inside the transaction: it rolls everything back. */
class Refused extends Error {
  constructor(readonly error: CheckoutError) {
    super(error);
  }
}

const KEY = /^[\w-]{16,64}$/;

async function existingOrder(orderId: number): Promise<PlacedOrder> {
  const order = await db().selectFrom("orders").select(["id", "slug", "status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  const payment = await db()
    .selectFrom("payments")
    .select(["token", "provider", "amount_minor"])
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    orderId: Number(order.id),
    newAccountUserId: null,
    orderSlug: order.slug,
    paid: order.status !== "unpaid",
    payment: payment ? { token: payment.token, provider: payment.provider, amount: payment.amount_minor } : null,
  };
}

export async function placeOrder(
  slug: string,
  owner: CartOwner,
  idempotencyKey: string,
  site: SiteConfig,
  locale: Locale,
  /** The campaign the shopper came from (utm cookie, issue 16), kept with the order. */
  utm: Utm | null = null,
): Promise<CheckoutOutcome<{ order: PlacedOrder }>> {
  if (!KEY.test(idempotencyKey)) return { ok: false, error: "not_found" };
  const own = await ownCheckout(slug, owner);
  if (!own.ok) {
    // A placed checkout has expired for changes, not for its order.
    return own;
  }
  const checkout = own.checkout;
  if (checkout.state === "placed" && checkout.order_id) return { ok: true, order: await existingOrder(checkout.order_id) };

  const data = await checkoutData(checkout, owner, site, locale);
  const { totals } = data;
  if (data.products.length === 0) return { ok: false, error: "empty_cart" };
  if (!data.email) return { ok: false, error: "email_required" };
  if (!data.address) return { ok: false, error: "address_required" };
  if (data.changed.length > 0) return { ok: false, error: "prices_changed" };
  const provider = data.selected_payment;
  const payFromBalance = provider === PAYMENT_PROVIDER.balance;
  if (totals.final > 0 && !provider) return { ok: false, error: "payment_required" };
  // Paying by the balance means the balance pays all of it.
  const balanceSpent = payFromBalance ? totals.balance + totals.without_payment_fee : totals.balance;
  if (balanceSpent > 0 && !owner.user) return { ok: false, error: "balance_guest" };
  const method = (await paymentMethods(site.id, locale)).find((m) => m.id === provider);
  if (provider && !method) return { ok: false, error: "unknown_payment_method" };
  const processor = method && method.processor !== "balance" ? method.processor : null;

  try {
    const placed = await db()
      .transaction()
      .execute(async (trx) => {
        const locked = await trx.selectFrom("checkouts").select(["state", "order_id"]).where("slug", "=", slug).forUpdate().executeTakeFirstOrThrow();
        if (locked.state === "placed" && locked.order_id) return { existing: Number(locked.order_id), placed: null };
        if (locked.state !== "open") throw new Refused("expired");

        // Products in id order, so two orders never wait on each other's locks.
        const skus = data.products.map((p) => p.sku);
        const products = await trx
          .selectFrom("products")
          .select(["id", "sku", "stock", "price_minor"])
          .where("sku", "in", skus)
          .orderBy("id")
          .forUpdate()
          .execute();
        for (const line of data.products) {
          const product = products.find((p) => p.sku === line.sku);
          if (!product || product.price_minor !== line.currentPrice) throw new Refused("prices_changed");
          if (product.stock < line.quantity) throw new Refused("not_enough_stock");
        }

        // A guest whose email has no account gets one, without a password, so
        // the order can be followed in /my-orders; the mail says how to set
        // one. An email that has an account is not signed in or attached to:
        // typing someone's email must not reach their account.
        let newAccountUserId: number | null = null;
        if (!owner.user) {
          const created = await trx
            .insertInto("users")
            .values({ email: data.email!, password_hash: null, first_name: data.address!.first_name, last_name: data.address!.last_name, site_id: site.id })
            .onConflict((oc) => oc.doNothing())
            .returning("id")
            .executeTakeFirst();
          newAccountUserId = created ? Number(created.id) : null;
        }

        const paidAtOnce = totals.final === 0 || payFromBalance;
        const order = await trx
          .insertInto("orders")
          .values({
            slug: randomBytes(9).toString("base64url"),
            user_id: owner.user?.id ?? newAccountUserId,
            email: data.email,
            site_id: site.id,
            kind: "marketplace",
            status: paidAtOnce ? "paid" : "unpaid",
            currency_id: checkout.currency_id,
            shipping_method: data.selected_shipping_method,
            subtotal_minor: totals.subtotal,
            shipping_minor: totals.shipping,
            shipping_discount_minor: totals.shipping_discount,
            delivery_minor: totals.delivery,
            promo_discount_minor: totals.promo_discount,
            balance_minor: balanceSpent,
            payment_fee_minor: payFromBalance ? 0 : totals.payment_fee,
            total_minor: payFromBalance ? balanceSpent : totals.final + totals.balance,
            payment_provider: provider,
            address: JSON.stringify(data.address),
            courier_name: data.local_delivery_couriers.find((c) => c.id === data.delivery_method)?.name ?? null,
            pickup_point: pickupPointLabel(data),
            checkout_slug: slug,
            idempotency_key: idempotencyKey,
            paid_at: paidAtOnce ? new Date() : null,
            utm: utm ? JSON.stringify(utm) : null,
            locale,
          })
          .returning(["id", "slug"])
          .executeTakeFirstOrThrow();
        const orderId = Number(order.id);

        await trx
          .insertInto("order_items")
          .values(
            data.products.map((line) => ({
              order_id: orderId,
              product_id: Number(products.find((p) => p.sku === line.sku)!.id),
              sku: line.sku,
              name: line.name,
              quantity: line.quantity,
              price_minor: line.currentPrice,
              image: line.image,
            })),
          )
          .execute();
        for (const line of data.products) {
          await trx
            .updateTable("products")
            // The best-seller order takes up paid amounts in batches, not per order (decision 014).
            .set({ stock: sql`stock - ${line.quantity}`, paid_amount: sql`paid_amount + ${line.quantity}` })
            .where("sku", "=", line.sku)
            .execute();
        }

        if (checkout.promotion_id) {
          const refusal = await usePromotion(trx, checkout.promotion_id, { orderId, userId: owner.user?.id ?? null, email: data.email!, subtotal: totals.subtotal });
          if (refusal) throw new Refused(refusal);
        }
        if (balanceSpent > 0) {
          await recordBalanceEntry(
            { userId: owner.user!.id, relType: BALANCE_REL_TYPE.marketplaceOrder, type: BALANCE_TYPE.deduction, amountMinor: balanceSpent, relId: orderId },
            trx,
          );
        }

        let payment: PlacedOrder["payment"] = null;
        if (!paidAtOnce) {
          const token = randomBytes(18).toString("base64url");
          // The balance's part was spent above: the payment holds it, and gives it back if it does not end paid.
          await trx
            .insertInto("payments")
            .values({
              token,
              order_id: orderId,
              user_id: owner.user?.id ?? newAccountUserId,
              provider: provider!,
              processor: processor!,
              amount_minor: totals.final,
              balance_hold_minor: balanceSpent,
            })
            .execute();
          payment = { token, provider: provider!, amount: totals.final };
        }

        // The cart's products are bought: the cart keeps nothing of them.
        if (checkout.cart_id) await trx.deleteFrom("cart_items").where("cart_id", "=", checkout.cart_id).execute();
        await trx.updateTable("checkouts").set({ state: "placed", order_id: orderId }).where("slug", "=", slug).execute();
        await faultPoint("order.before-commit");
        return { existing: null, placed: { orderId, newAccountUserId, orderSlug: order.slug, paid: paidAtOnce, payment } satisfies PlacedOrder };
      });

    if (placed.placed === null) return { ok: true, order: await existingOrder(placed.existing) };
    await faultPoint("order.after-commit");
    // The order stands whether or not the mail goes out; a failure is logged.
    await sendOrderConfirmation(placed.placed.orderId, locale, site).catch((err: unknown) => logger.error({ err }, "Order confirmation could not be sent"));
    if (placed.placed.newAccountUserId) {
      await requestPasswordReset(data.email, site, locale, "set").catch((err: unknown) => logger.error({ err }, "The set-password mail could not be sent"));
    }
    return { ok: true, order: placed.placed };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.error };
    if (error instanceof BalanceError && error.reason === "insufficient-balance") return { ok: false, error: "balance_too_high" };
    // Two first confirms with different keys: the second's order insert meets the first's unique checkout.
    if (isUniqueViolation(error)) {
      const again = await db().selectFrom("checkouts").select("order_id").where("slug", "=", slug).executeTakeFirst();
      if (again?.order_id) return { ok: true, order: await existingOrder(Number(again.order_id)) };
    }
    throw error;
  }
}

function pickupPointLabel(data: Awaited<ReturnType<typeof checkoutData>>) {
  const courier = data.local_delivery_couriers.find((c) => c.id === data.delivery_method);
  const point = courier?.pickup_points.find((p) => p.parcelshop_id === data.courier_info?.parcelshop_id);
  return point ? `${point.name}, ${point.address}, ${point.city} ${point.zip}` : null;
}
