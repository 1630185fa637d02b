import { sql } from "kysely";
import { randomBytes } from "node:crypto";
import type { Locale } from "~/lib/i18n";
import { listAddresses } from "~/models/accounts/addresses.server";
import { readCart, type CartOwner } from "~/models/cart/cart.server";
import type { Cart } from "~/models/cart/cart";
import { db } from "~/models/db/db.server";
import type { CheckoutAddress } from "~/models/db/schema";
import type { SiteConfig } from "~/models/sites/sites.server";
import { methodViews, paymentMethods, type PaymentMethodView } from "~/models/payments/methods.server";
import { CHECKOUT_TTL_MINUTES, NO_DELIVERY, PAYMENT_PROVIDER, type CheckoutError, type CheckoutStep, type PaymentStepInput, type ShippingStepInput } from "./checkout";
import { courierChoice, localCouriers, type LocalCourier } from "./delivery.server";
import { checkoutTotals, type CheckoutTotals } from "./price-rules";
import { findPromotion, promotionRefusal, promotionView } from "./promotions.server";

// A checkout (spec 3 and 4, docs/checkout.md) is what a cart becomes at
// "Go to checkout": a slug of its own, the lines and prices it was made
// from, and the choices of each step. It belongs to the customer, or for a
// guest to the cart cookie's token; anyone else's slug is not found. The
// pages (/checkout, /payment, /confirm) and the JSON API call these
// functions, and every total comes from price-rules.ts.

export type CheckoutOutcome<T extends object = object> = ({ ok: true } & T) | { ok: false; error: CheckoutError; maxQuantity?: number };

const refuse = (error: CheckoutError) => ({ ok: false as const, error });

type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findCheckout>>>;

function findCheckout(slug: string) {
  return db().selectFrom("checkouts").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export function ownsCheckout(row: Pick<CheckoutRow, "user_id" | "guest_token">, owner: CartOwner) {
  if (row.user_id !== null) return owner.user?.id === row.user_id;
  return owner.token !== null && row.guest_token === owner.token;
}

/** The owner's checkout by slug; another's or none is not found, an old one has expired. */
export async function ownCheckout(slug: string, owner: CartOwner): Promise<CheckoutOutcome<{ checkout: CheckoutRow }>> {
  if (!/^[\w-]{8,64}$/.test(slug)) return refuse("not_found");
  const row = await findCheckout(slug);
  if (!row || !ownsCheckout(row, owner)) return refuse("not_found");
  if (row.state === "invalid" || (row.state === "open" && new Date(row.expires_at) < new Date())) return refuse("expired");
  return { ok: true, checkout: row };
}

/** The URLs of spec 2 whose slug may be left out. */
export type SluglessStep = "payment" | "confirm" | "success";

/**
 * What `/payment`, `/confirm` and `/success` without a slug mean: the
 * owner's checkout in progress for the first two, the owner's last placed
 * one for the success page; null when there is none (the shopper goes to
 * the cart).
 */
export async function currentCheckoutSlug(owner: CartOwner, step: SluglessStep): Promise<string | null> {
  if (!owner.user && !owner.token) return null;
  let query = db()
    .selectFrom("checkouts")
    .select("slug")
    .where((eb) =>
      eb.or([
        ...(owner.user ? [eb("user_id", "=", owner.user.id)] : []),
        ...(owner.token ? [eb.and([eb("user_id", "is", null), eb("guest_token", "=", owner.token)])] : []),
      ]),
    );
  query = step === "success" ? query.where("state", "=", "placed") : query.where("state", "=", "open").where("expires_at", ">", new Date());
  const row = await query.orderBy("created_at", "desc").orderBy("slug").limit(1).executeTakeFirst();
  return row?.slug ?? null;
}

/** Spec 7 /api/checkout/generate: the cart becomes a checkout at the shipping step. */
export async function generateCheckout(owner: CartOwner, site: SiteConfig, currencyId: number, locale: Locale): Promise<CheckoutOutcome<{ slug: string }>> {
  const cart = await readCart(owner, site.id, locale);
  if (cart.items.length === 0) return refuse("empty_cart");
  if (cart.reservation_error) return refuse("reservation_error");
  const slug = randomBytes(12).toString("base64url");
  // The lines are read in the checkout's own transaction, with the cart
  // locked: the same account's other tab may change the cart meanwhile, and
  // the checkout must hold the cart as it is when it starts, not a mix.
  const made = await db()
    .transaction()
    .execute(async (trx) => {
      const cartRow = await trx
        .selectFrom("carts")
        .select(["id", "shipping_method"])
        .where("site_id", "=", site.id)
        .$if(owner.user !== null, (q) => q.where("user_id", "=", owner.user!.id))
        .$if(owner.user === null, (q) => q.where("token", "=", owner.token!).where("user_id", "is", null))
        .forUpdate()
        .executeTakeFirstOrThrow();
      const lines = await trx
        .selectFrom("cart_items as i")
        .innerJoin("products as p", "p.id", "i.product_id")
        .select(["p.id", "p.sku", "p.price_minor", "i.quantity"])
        .where("i.cart_id", "=", cartRow.id)
        .orderBy("i.added_at")
        .orderBy("i.product_id")
        .execute();
      if (lines.length === 0) return false;
      // One open checkout per cart: an older one of this cart no longer counts.
      await trx.updateTable("checkouts").set({ state: "invalid" }).where("cart_id", "=", cartRow.id).where("state", "=", "open").execute();
      await trx
        .insertInto("checkouts")
        .values({
          slug,
          cart_id: cartRow.id,
          user_id: owner.user?.id ?? null,
          guest_token: owner.user ? null : owner.token,
          site_id: site.id,
          currency_id: currencyId,
          email: owner.user?.email ?? null,
          shipping_method: cartRow.shipping_method,
          lines: JSON.stringify(lines.map((line) => ({ product_id: Number(line.id), sku: line.sku, quantity: line.quantity, price_minor: line.price_minor }))),
          expires_at: new Date(Date.now() + CHECKOUT_TTL_MINUTES * 60_000),
        })
        .execute();
      return true;
    });
  if (!made) return refuse("empty_cart");
  return { ok: true, slug };
}


/** Spec 3's checkout data, with the totals of the price rules. */
export type CheckoutData = {
  status: "success";
  slug: string;
  state: "open" | "placed" | "invalid";
  step: CheckoutStep;
  products: Array<{ id: number; sku: string; name: string; image: string; url: string; currentPrice: number; quantity: number }>;
  carts: Array<{ products: Array<{ sku: string; price: number; quantity: number }>; shipping_fee: number; taxes_fee: number }>;
  fee: number;
  shipping_fee: number;
  shipping_methods: Cart["shipping"]["shipping_methods"];
  selected_shipping_method: "air" | "sea";
  shipping_discounts: Cart["shipping"]["shipping_discounts"];
  tier_based_shipping_discount: number | null;
  delivery_fee: number;
  local_delivery: boolean;
  local_delivery_couriers: LocalCourier[];
  delivery_method: number;
  courier_info: { id: number; parcelshop_id: number | null } | null;
  payment_methods: PaymentMethodView[];
  selected_payment: 1 | 2 | 3 | 4 | null;
  payments: Array<{ payment_processor_id: number; type: string; amount: number }>;
  email: string | null;
  address: CheckoutAddress | null;
  client_addresses: CheckoutAddress[];
  country_id: number | null;
  promotion: { code: string; discount_amount: string; promotion_type: 0 | 1 } | null;
  available_balance: number | null;
  balance_removed: boolean;
  /** Lines whose price or quantity changed since the checkout was made: the recalculate modal. */
  changed: Array<{ sku: string; price_was: number; price_now: number }>;
  order_id: number | null;
  currency: { iso_code: string; exchange_rate: string };
  totals: CheckoutTotals;
};


/** Everything the steps show of a checkout, in the shopper's language. */
export async function checkoutData(checkout: CheckoutRow, owner: CartOwner, site: SiteConfig, locale: Locale, near?: string): Promise<CheckoutData> {
  const [cart, addresses] = await Promise.all([readCart(owner, site.id, locale), owner.user ? listAddresses(owner.user.id) : Promise.resolve([])]);
  // Couriers deliver in one country: the one of the address the step shows
  // as chosen (the checkout's, else the newest saved one), else the site's.
  const countryId = (checkout.address ?? addresses.at(-1))?.country_id ?? site.defaultCountryId;
  const [couriers, methods, promotion, currency, user] = await Promise.all([
    countryId ? localCouriers(countryId, near, checkout.courier_id) : Promise.resolve([]),
    paymentMethods(site.id, locale).then(methodViews),
    checkout.promotion_id ? db().selectFrom("promotions").selectAll().where("id", "=", checkout.promotion_id).executeTakeFirst() : Promise.resolve(undefined),
    db().selectFrom("currencies").select(["iso_code", "exchange_rate"]).where("id", "=", checkout.currency_id).executeTakeFirstOrThrow(),
    owner.user ? db().selectFrom("users").select("balance_minor").where("id", "=", owner.user.id).executeTakeFirst() : Promise.resolve(undefined),
  ]);
  const courier = couriers.find((c) => c.id === checkout.courier_id) ?? null;
  const selectedMethod = methods.find((m) => m.id === checkout.payment_provider) ?? null;
  const promotionData = promotion ? promotionView(promotion) : null;
  const products = cart.items.map((item) => ({ id: item.id, sku: item.sku, name: item.name, image: item.image, url: item.url, currentPrice: item.price, quantity: item.quantity }));
  const totals = checkoutTotals({
    carts: [{ products: products.map((p) => ({ price: p.currentPrice, quantity: p.quantity })) }],
    shipping_methods: cart.shipping.shipping_methods,
    shipping_discounts: cart.shipping.shipping_discounts,
    selected_shipping_method: checkout.shipping_method,
    tier_based_shipping: cart.shipping.tier_based_shipping,
    delivery_fee: courier?.delivery_fee ?? 0,
    promotion: promotionData,
    balance: checkout.balance_minor,
    payment_method: selectedMethod,
    exchange_rate: currency.exchange_rate,
  });
  const made = new Map(checkout.lines.map((line) => [line.sku, line]));
  const changed = cart.items
    .filter((item) => made.get(item.sku)?.price_minor !== item.price)
    .map((item) => ({ sku: item.sku, price_was: made.get(item.sku)?.price_minor ?? item.price, price_now: item.price }));
  const payments: CheckoutData["payments"] = [];
  if (totals.balance > 0) payments.push({ payment_processor_id: PAYMENT_PROVIDER.balance, type: "balance", amount: totals.balance });
  if (selectedMethod && totals.final > 0) payments.push({ payment_processor_id: selectedMethod.id, type: "provider", amount: totals.final });

  return {
    status: "success",
    slug: checkout.slug,
    state: checkout.state,
    step: checkout.step,
    products,
    carts: [{ products: products.map((p) => ({ sku: p.sku, price: p.currentPrice, quantity: p.quantity })), shipping_fee: totals.shipping, taxes_fee: 0 }],
    fee: totals.payment_fee,
    shipping_fee: totals.shipping,
    shipping_methods: cart.shipping.shipping_methods,
    selected_shipping_method: checkout.shipping_method,
    shipping_discounts: cart.shipping.shipping_discounts,
    tier_based_shipping_discount: cart.shipping.tier_based_shipping,
    delivery_fee: totals.delivery,
    local_delivery: couriers.length > 0,
    local_delivery_couriers: couriers,
    delivery_method: courier?.id ?? NO_DELIVERY,
    courier_info: courier ? { id: courier.id, parcelshop_id: checkout.pickup_point_id } : null,
    payment_methods: methods,
    selected_payment: checkout.payment_provider,
    payments,
    email: checkout.email,
    address: checkout.address,
    client_addresses: addresses.map((a) => ({ ...a, id: Number(a.id) })) as CheckoutAddress[],
    country_id: countryId,
    promotion: promotionData,
    available_balance: user ? user.balance_minor : null,
    balance_removed: checkout.balance_removed,
    changed,
    order_id: checkout.order_id,
    currency: { iso_code: currency.iso_code, exchange_rate: String(currency.exchange_rate) },
    totals,
  };
}

/** Step 3: email (guests), address, shipping method, courier and locker. Nothing is saved unless all of it passes. */
export async function saveShippingStep(checkout: CheckoutRow, owner: CartOwner, input: ShippingStepInput): Promise<CheckoutOutcome> {
  if (checkout.state === "placed") return refuse("already_placed");
  const email = owner.user ? owner.user.email : (input.email ?? checkout.email);
  if (!email) return refuse("email_required");

  let address: CheckoutAddress | null = checkout.address;
  const given = input.address;
  if (given) {
    if ("id" in given) {
      if (!owner.user) return refuse("unknown_address");
      const saved = (await listAddresses(owner.user.id)).find((a) => Number(a.id) === given.id);
      if (!saved) return refuse("unknown_address");
      address = { ...saved, id: Number(saved.id) } as CheckoutAddress;
    } else {
      const typed: CheckoutAddress = given;
      const country = await db().selectFrom("countries").select("id").where("id", "=", typed.country_id).executeTakeFirst();
      if (!country) return refuse("unknown_country");
      address = typed;
    }
  }
  if (!address) return refuse("address_required");

  let courierId = checkout.courier_id;
  let pointId = checkout.pickup_point_id;
  if (input.delivery_method !== undefined) {
    if (input.delivery_method === NO_DELIVERY) {
      courierId = null;
      pointId = null;
    } else {
      const choice = await courierChoice(input.delivery_method, input.parcel_shop ?? null, checkout.courier_id);
      if (!choice.ok) return refuse(choice.error);
      if (choice.courier.country_id !== address.country_id) {
        // The address moved to another country than the couriers shown: keep
        // what the shopper gave, drop the courier, and show that country's.
        await updateOpenCheckout(checkout)
          .set({ email, address: JSON.stringify(address), shipping_method: input.shipping_method ?? checkout.shipping_method, courier_id: null, pickup_point_id: null })
          .execute();
        return refuse("unknown_courier");
      }
      courierId = choice.courier.id;
      pointId = choice.point?.id ?? null;
    }
  }

  const saved = await updateOpenCheckout(checkout)
    .set({
      email,
      address: JSON.stringify(address),
      shipping_method: input.shipping_method ?? checkout.shipping_method,
      courier_id: courierId,
      pickup_point_id: pointId,
      step: sql`greatest(step, 4)`,
    })
    .executeTakeFirst();
  return stepSaved(checkout, saved.numUpdatedRows);
}

/** Step 4: payment method, stored balance and promotion code. */
export async function savePaymentStep(
  checkout: CheckoutRow,
  owner: CartOwner,
  input: PaymentStepInput,
  subtotal: number,
  locale: Locale,
): Promise<CheckoutOutcome> {
  if (checkout.state === "placed") return refuse("already_placed");
  const methods = await paymentMethods(checkout.site_id, locale);
  if (input.payment !== undefined && !methods.some((m) => m.id === input.payment)) return refuse("unknown_payment_method");

  let balance = checkout.balance_minor;
  if (input.balance !== undefined) {
    if (input.balance > 0 && !owner.user) return refuse("balance_guest");
    if (owner.user) {
      const user = await db().selectFrom("users").select("balance_minor").where("id", "=", owner.user.id).executeTakeFirstOrThrow();
      if (input.balance > user.balance_minor) return refuse("balance_too_high");
    }
    balance = input.balance;
  }

  let promotionId = checkout.promotion_id;
  if (input.promotion !== undefined) {
    if (input.promotion === "") {
      promotionId = null;
    } else {
      const promotion = await findPromotion(input.promotion);
      const refusal = await promotionRefusal(promotion, { subtotal, email: checkout.email, userId: owner.user?.id ?? null });
      if (refusal) return refuse(refusal);
      promotionId = promotion!.id;
    }
  }

  const saved = await updateOpenCheckout(checkout)
    .set({
      payment_provider: input.payment ?? checkout.payment_provider,
      balance_minor: balance,
      balance_removed: balance > 0 ? false : checkout.balance_removed,
      promotion_id: promotionId,
      step: sql`greatest(step, 5)`,
    })
    .executeTakeFirst();
  return stepSaved(checkout, saved.numUpdatedRows);
}

/**
 * A step that changed no row met a checkout placed or left since it was
 * read (an order confirmed in another tab): the shopper is told so, never
 * answered as though the choice had been kept.
 */
async function stepSaved(checkout: Pick<CheckoutRow, "slug">, updatedRows: bigint): Promise<CheckoutOutcome> {
  if (Number(updatedRows) > 0) return { ok: true };
  const now = await db().selectFrom("checkouts").select("state").where("slug", "=", checkout.slug).executeTakeFirst();
  return refuse(now?.state === "placed" ? "already_placed" : "expired");
}

/** An update of this checkout that changes nothing once it has been placed or left: only an open checkout takes a step. */
function updateOpenCheckout(checkout: Pick<CheckoutRow, "slug">) {
  return db().updateTable("checkouts").where("slug", "=", checkout.slug).where("state", "=", "open");
}

/** Spec 4: leaving the checkout pages ends the checkout; the cart stays. */
export async function invalidateCheckout(checkout: CheckoutRow) {
  await updateOpenCheckout(checkout).set({ state: "invalid" }).execute();
}

/** Spec 4: "remove balance", once, and only when the checkout uses some. */
export async function removeBalance(checkout: CheckoutRow): Promise<CheckoutOutcome> {
  const removed = await updateOpenCheckout(checkout)
    .set({ balance_minor: 0, balance_removed: true })
    .where("balance_minor", ">", 0)
    .where("balance_removed", "=", false)
    .executeTakeFirst();
  return Number(removed.numUpdatedRows) > 0 ? { ok: true } : refuse("balance_not_used");
}

/** The recalculate modal's "accept": the checkout takes the cart's prices as they are now. */
export async function acceptCurrentPrices(checkout: CheckoutRow, owner: CartOwner, site: SiteConfig, locale: Locale) {
  const cart = await readCart(owner, site.id, locale);
  const products = await db().selectFrom("products").select(["id", "sku"]).where("sku", "in", cart.items.length ? cart.items.map((i) => i.sku) : [""]).execute();
  const ids = new Map(products.map((p) => [p.sku, Number(p.id)]));
  const lines = cart.items.map((item) => ({ product_id: ids.get(item.sku)!, sku: item.sku, quantity: item.quantity, price_minor: item.price }));
  await updateOpenCheckout(checkout).set({ lines: JSON.stringify(lines) }).execute();
}
