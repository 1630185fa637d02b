import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { addAddress } from "~/models/accounts/addresses.server";
import type { SessionUser } from "~/models/accounts/sessions.server";
import { addToCart, type CartOwner } from "~/models/cart/cart.server";
import { catalogueIndex, freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { checkoutData, generateCheckout, ownCheckout, removeBalance, savePaymentStep, saveShippingStep } from "~/models/checkout/checkout.server";
import { placeOrder } from "~/models/checkout/place-order.server";
import { checkoutTotals } from "~/models/checkout/price-rules";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { COUNTRY_IDS } from "~/models/demo-data/reference";
import { siteForHost, type SiteConfig } from "~/models/sites/sites.server";
import { makeCustomer } from "./factories";

// Checkout from cart to order (spec 3 and 4): the steps, the refusals that
// change nothing, the totals the price rules give, and the races that must
// be won once: a code's last use, and many confirms of one checkout.

let site: SiteConfig;
let products: Array<{ id: number; sku: string; stock: number; price_minor: number }>;
const EUR = 1;

beforeAll(async () => {
  await seedDemoData(db(), { products: 80, seed: 7 });
  site = await siteForHost("localhost");
  products = await db()
    .selectFrom("products")
    .select(["id", "sku", "stock", "price_minor"])
    .where("stock", ">=", 20)
    .where("is_active", "=", true)
    .where("price_minor", ">=", 2500)
    .orderBy("id")
    .limit(6)
    .execute();
  expect(products).toHaveLength(6);
});

const customer = async (balance = 0): Promise<SessionUser> => (await makeCustomer({ balance })).user;

async function withCart(owner: CartOwner, lines: Array<[number, number]>): Promise<CartOwner> {
  let current = owner;
  for (const [index, quantity] of lines) {
    const outcome = await addToCart(current, site.id, products[index]!.sku, quantity);
    if (!outcome.ok) throw new Error(`add refused: ${outcome.error}`);
    current = outcome.owner;
  }
  return current;
}

async function newCheckout(owner: CartOwner) {
  const generated = await generateCheckout(owner, site, EUR, "en");
  if (!generated.ok) throw new Error(`generate refused: ${generated.error}`);
  const own = await ownCheckout(generated.slug, owner);
  if (!own.ok) throw new Error(own.error);
  return own.checkout;
}

const reload = async (slug: string, owner: CartOwner) => {
  const own = await ownCheckout(slug, owner);
  if (!own.ok) throw new Error(own.error);
  return own.checkout;
};

const ADDRESS = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: COUNTRY_IDS.LT };

async function locker() {
  const courier = await db().selectFrom("couriers").selectAll().where("country_id", "=", COUNTRY_IDS.LT).where("delivery_type", "=", "locker").orderBy("id").executeTakeFirstOrThrow();
  const point = await db().selectFrom("pickup_points").selectAll().where("courier_id", "=", courier.id).orderBy("id").executeTakeFirstOrThrow();
  return { courier, point };
}

describe("checkout", () => {
  it("a guest goes from cart to an unpaid order with a card payment to take, every total by the price rules", async () => {
    const owner = await withCart({ user: null, token: null }, [
      [0, 2],
      [1, 1],
    ]);
    const checkout = await newCheckout(owner);
    expect(checkout.step).toBe(3);

    const { courier, point } = await locker();
    expect(await saveShippingStep(checkout, owner, { email: "guest@example.com", address: ADDRESS, shipping_method: "sea", delivery_method: courier.id, parcel_shop: point.id })).toEqual({ ok: true });
    const afterShipping = await reload(checkout.slug, owner);
    const beforePayment = await checkoutData(afterShipping, owner, site, "en");
    expect(await savePaymentStep(afterShipping, owner, { payment: 1, promotion: "welcome10" }, beforePayment.totals.subtotal, "en")).toEqual({ ok: true });

    const ready = await reload(checkout.slug, owner);
    const data = await checkoutData(ready, owner, site, "en");
    expect(data).toMatchObject({ step: 5, email: "guest@example.com", selected_shipping_method: "sea", selected_payment: 1, delivery_method: courier.id });
    expect(data.courier_info).toEqual({ id: courier.id, parcelshop_id: point.id });
    expect(data.promotion).toEqual({ code: "WELCOME10", promotion_type: 1, discount_amount: "10.00" });
    // The totals are the price rules applied to the data the checkout shows.
    const expected = checkoutTotals({
      carts: [{ products: data.products.map((p) => ({ price: p.currentPrice, quantity: p.quantity })) }],
      shipping_methods: data.shipping_methods,
      shipping_discounts: data.shipping_discounts,
      selected_shipping_method: data.selected_shipping_method,
      tier_based_shipping: data.tier_based_shipping_discount,
      delivery_fee: courier.fee_minor,
      promotion: data.promotion,
      balance: 0,
      payment_method: data.payment_methods.find((m) => m.id === 1)!,
      exchange_rate: "1",
    });
    expect(data.totals).toEqual(expected);
    expect(data.totals.promo_discount).toBeGreaterThan(0);
    expect(data.totals.payment_fee).toBeGreaterThan(0);

    const stockBefore = await db()
      .selectFrom("products")
      .select(["sku", "stock", "paid_amount"])
      .where("sku", "in", [products[0]!.sku, products[1]!.sku])
      .execute();
    const placed = await placeOrder(checkout.slug, owner, "key-guest-0000000001", site, "en");
    if (!placed.ok) throw new Error(placed.error);
    expect(placed.order.paid).toBe(false);
    expect(placed.order.payment).toMatchObject({ provider: 1, amount: expected.final });

    const order = await db().selectFrom("orders").selectAll().where("id", "=", placed.order.orderId).executeTakeFirstOrThrow();
    // The guest's email had no account: it has one now, without a password, and the order is in it.
    const account = await db().selectFrom("users").select(["id", "password_hash"]).where("email", "=", "guest@example.com").executeTakeFirstOrThrow();
    expect(account.password_hash).toBeNull();
    expect(placed.order.newAccountUserId).toBe(Number(account.id));
    expect(order).toMatchObject({ status: "unpaid", user_id: account.id, email: "guest@example.com", subtotal_minor: expected.subtotal, promo_discount_minor: expected.promo_discount, delivery_minor: courier.fee_minor });
    expect(order.pickup_point).toContain(point.name);
    const lines = await db().selectFrom("order_items").select(["sku", "quantity", "price_minor"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(lines).toEqual([
      { sku: products[0]!.sku, quantity: 2, price_minor: products[0]!.price_minor },
      { sku: products[1]!.sku, quantity: 1, price_minor: products[1]!.price_minor },
    ]);
    const stockAfter = await db()
      .selectFrom("products")
      .select(["sku", "stock", "paid_amount"])
      .where("sku", "in", [products[0]!.sku, products[1]!.sku])
      .execute();
    expect(stockAfter).toHaveLength(2);
    for (const row of stockAfter) {
      const taken = row.sku === products[0]!.sku ? 2 : 1;
      const before = stockBefore.find((b) => b.sku === row.sku)!;
      expect(row.stock).toBe(before.stock - taken);
      // Best sellers take the sale up in their next batch.
      expect(row.paid_amount).toBe(before.paid_amount + taken);
    }
    expect(await db().selectFrom("cart_items").select("product_id").where("cart_id", "=", checkout.cart_id!).execute()).toEqual([]);
    const use = await db().selectFrom("promotion_uses").select(["email"]).where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(use.email).toBe("guest@example.com");
  });

  it("a customer pays all of it from the stored balance: paid at once, one ledger entry", async () => {
    const user = await customer(100_000);
    const owner = await withCart({ user, token: null }, [[2, 1]]);
    const checkout = await newCheckout(owner);
    expect(await saveShippingStep(checkout, owner, { address: ADDRESS, delivery_method: -1 })).toEqual({ ok: true });
    expect(await savePaymentStep(await reload(checkout.slug, owner), owner, { payment: 4 }, 0, "en")).toEqual({ ok: true });
    const data = await checkoutData(await reload(checkout.slug, owner), owner, site, "en");
    const placed = await placeOrder(checkout.slug, owner, "key-balance-00000001", site, "en");
    if (!placed.ok) throw new Error(placed.error);
    expect(placed.order).toMatchObject({ paid: true, payment: null });
    const entries = await db().selectFrom("balance_entries").selectAll().where("user_id", "=", user.id).orderBy("id").execute();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ rel_type: 5, type: 2, rel_id: placed.order.orderId, amount_minor: data.totals.without_payment_fee, end_balance_minor: 100_000 - data.totals.without_payment_fee });
  });

  it("splits between the balance and the card, and removes the balance once", async () => {
    const user = await customer(1_000);
    const owner = await withCart({ user, token: null }, [[3, 1]]);
    const checkout = await newCheckout(owner);
    await saveShippingStep(checkout, owner, { address: ADDRESS });
    expect(await savePaymentStep(await reload(checkout.slug, owner), owner, { payment: 1, balance: 1_000 }, 0, "en")).toEqual({ ok: true });
    const data = await checkoutData(await reload(checkout.slug, owner), owner, site, "en");
    expect(data.totals.balance).toBe(1_000);
    expect(data.payments).toEqual([
      { payment_processor_id: 4, type: "balance", amount: 1_000 },
      { payment_processor_id: 1, type: "provider", amount: data.totals.final },
    ]);
    expect(await removeBalance(await reload(checkout.slug, owner))).toEqual({ ok: true });
    expect(await removeBalance(await reload(checkout.slug, owner))).toEqual({ ok: false, error: "balance_not_used" });
    const after = await checkoutData(await reload(checkout.slug, owner), owner, site, "en");
    expect(after).toMatchObject({ balance_removed: true, totals: { balance: 0 } });
  });

  it("refuses bad input with a reason and changes nothing", async () => {
    const user = await customer(500);
    const owner = await withCart({ user, token: null }, [[4, 1]]);
    const checkout = await newCheckout(owner);
    const { courier } = await locker();
    const otherPoint = await db().selectFrom("pickup_points").select("id").where("courier_id", "<>", courier.id).orderBy("id").executeTakeFirstOrThrow();
    expect(await saveShippingStep(checkout, owner, { address: ADDRESS, delivery_method: courier.id, parcel_shop: otherPoint.id })).toEqual({ ok: false, error: "wrong_pickup_point" });
    expect(await saveShippingStep(checkout, owner, { address: ADDRESS, delivery_method: courier.id })).toEqual({ ok: false, error: "pickup_point_required" });
    expect(await saveShippingStep(checkout, owner, { address: { id: 999_999 } })).toEqual({ ok: false, error: "unknown_address" });
    expect(await saveShippingStep(checkout, owner, { address: { ...ADDRESS, country_id: 999 } })).toEqual({ ok: false, error: "unknown_country" });
    const unchanged = await reload(checkout.slug, owner);
    expect(unchanged).toMatchObject({ address: null, courier_id: null, step: 3 });

    expect(await savePaymentStep(unchanged, owner, { promotion: "NOPE" }, 10_000, "en")).toEqual({ ok: false, error: "promotion_unknown" });
    expect(await savePaymentStep(unchanged, owner, { promotion: "SUMMER" }, 10_000, "en")).toEqual({ ok: false, error: "promotion_expired" });
    expect(await savePaymentStep(unchanged, owner, { promotion: "WELCOME10" }, 1_000, "en")).toEqual({ ok: false, error: "promotion_min_subtotal" });
    expect(await savePaymentStep(unchanged, owner, { balance: 501 }, 10_000, "en")).toEqual({ ok: false, error: "balance_too_high" });
    // A method the site offers only in another language is not offered here.
    await db().updateTable("payment_methods").set({ languages: ["lt"] }).where("provider", "=", 2).where("site_id", "=", unchanged.site_id).execute();
    try {
      expect(await savePaymentStep(unchanged, owner, { payment: 2 }, 10_000, "en")).toEqual({ ok: false, error: "unknown_payment_method" });
    } finally {
      await db().updateTable("payment_methods").set({ languages: null }).where("provider", "=", 2).execute();
    }
    expect(await reload(checkout.slug, owner)).toMatchObject({ promotion_id: null, balance_minor: 0, payment_provider: null });

    // Another shopper's slug is not found, a guest may not use a balance.
    const stranger = await customer();
    expect(await ownCheckout(checkout.slug, { user: stranger, token: null })).toEqual({ ok: false, error: "not_found" });
    expect(await ownCheckout(checkout.slug, { user: null, token: "a".repeat(32) })).toEqual({ ok: false, error: "not_found" });
    const guest = await withCart({ user: null, token: null }, [[4, 1]]);
    const guestCheckout = await newCheckout(guest);
    expect(await savePaymentStep(guestCheckout, guest, { balance: 100 }, 10_000, "en")).toEqual({ ok: false, error: "balance_guest" });
  });

  it("offers the couriers of the chosen address's country, and follows the address to another country", async () => {
    const user = await customer();
    await addAddress(user.id, { ...ADDRESS, first_address: "Brīvības iela 76", city: "Rīga", zip: "LV-1001", country_id: COUNTRY_IDS.LV });
    const owner = await withCart({ user, token: null }, [[5, 1]]);
    const checkout = await newCheckout(owner);
    const countriesOf = async (ids: number[]) =>
      new Set((await db().selectFrom("couriers").select("country_id").where("id", "in", ids).execute()).map((c) => c.country_id));

    // The newest saved address is in Latvia: Latvian couriers, though the site's country is Lithuania.
    const shown = await checkoutData(checkout, owner, site, "en");
    expect(shown.country_id).toBe(COUNTRY_IDS.LV);
    expect(await countriesOf(shown.local_delivery_couriers.map((c) => c.id))).toEqual(new Set([COUNTRY_IDS.LV]));

    // A new Lithuanian address sent with a Latvian courier: refused, the address kept, Lithuanian couriers shown.
    const latvian = shown.local_delivery_couriers.find((c) => !c.has_pickup_points)!;
    expect(await saveShippingStep(checkout, owner, { address: ADDRESS, shipping_method: "sea", delivery_method: latvian.id })).toEqual({ ok: false, error: "unknown_courier" });
    const after = await reload(checkout.slug, owner);
    expect(after).toMatchObject({ address: ADDRESS, shipping_method: "sea", courier_id: null, step: 3 });
    const reshown = await checkoutData(after, owner, site, "en");
    expect(await countriesOf(reshown.local_delivery_couriers.map((c) => c.id))).toEqual(new Set([COUNTRY_IDS.LT]));
  });

  it("a guest who types the email of an existing account is neither signed in nor given its orders", async () => {
    const existing = await customer();
    const owner = await withCart({ user: null, token: null }, [[2, 1]]);
    const checkout = await newCheckout(owner);
    await saveShippingStep(checkout, owner, { email: existing.email, address: ADDRESS });
    await savePaymentStep(await reload(checkout.slug, owner), owner, { payment: 1 }, 0, "en");
    const placed = await placeOrder(checkout.slug, owner, "key-existing-00000001", site, "en");
    if (!placed.ok) throw new Error(placed.error);
    expect(placed.order.newAccountUserId).toBeNull();
    const order = await db().selectFrom("orders").select(["user_id", "email"]).where("id", "=", placed.order.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ user_id: null, email: existing.email });
  });

  it("an empty cart makes no checkout", async () => {
    expect(await generateCheckout({ user: await customer(), token: null }, site, EUR, "en")).toEqual({ ok: false, error: "empty_cart" });
  });
});

describe("races on PostgreSQL", () => {
  it("50 checkouts racing for a code's last use apply it once", async () => {
    await db().updateTable("promotions").set({ uses: 0, max_uses: 1 }).where("code", "=", "FIRSTONLY").execute();
    const { id: promotionId } = await db().selectFrom("promotions").select("id").where("code", "=", "FIRSTONLY").executeTakeFirstOrThrow();
    const ready = [];
    for (let i = 0; i < 50; i++) {
      const owner = await withCart({ user: null, token: null }, [[5, 1]]);
      const checkout = await newCheckout(owner);
      await saveShippingStep(checkout, owner, { email: `race-${i}@example.com`, address: ADDRESS });
      const saved = await savePaymentStep(await reload(checkout.slug, owner), owner, { payment: 1, promotion: "FIRSTONLY" }, 10_000, "en");
      expect(saved).toEqual({ ok: true });
      ready.push({ owner, slug: checkout.slug, key: `race-key-${i}-0000000000` });
    }
    const outcomes = await Promise.all(ready.map(({ owner, slug, key }) => placeOrder(slug, owner, key, site, "en")));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.error === "promotion_used_up")).toHaveLength(49);
    const uses = await db().selectFrom("promotion_uses").select("id").where("promotion_id", "=", promotionId).execute();
    expect(uses).toHaveLength(1);
    expect((await db().selectFrom("promotions").select("uses").where("id", "=", promotionId).executeTakeFirstOrThrow()).uses).toBe(1);
  });

  it("200 confirms of one checkout with the same key make one order, one ledger entry, and take and count the unit once", async () => {
    const user = await customer(50_000);
    const owner = await withCart({ user, token: null }, [[0, 1]]);
    const checkout = await newCheckout(owner);
    await saveShippingStep(checkout, owner, { address: ADDRESS });
    await savePaymentStep(await reload(checkout.slug, owner), owner, { payment: 1, balance: 500 }, 0, "en");
    const product = () => db().selectFrom("products").select(["stock", "paid_amount"]).where("id", "=", products[0]!.id).executeTakeFirstOrThrow();
    const before = await product();
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => placeOrder(checkout.slug, owner, "same-key-for-all-000000", site, "en")));
    const ids = new Set(outcomes.map((o) => (o.ok ? o.order.orderId : o.error)));
    expect(ids.size).toBe(1);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await db().selectFrom("orders").select("id").where("checkout_slug", "=", checkout.slug).execute()).toHaveLength(1);
    const debits = await db().selectFrom("balance_entries").select("id").where("user_id", "=", user.id).where("type", "=", 2).execute();
    expect(debits).toHaveLength(1);
    expect(await db().selectFrom("payments").select("id").where("order_id", "=", [...ids][0] as number).execute()).toHaveLength(1);
    // The unit is taken and counted as sold once.
    expect(await product()).toEqual({ stock: before.stock - 1, paid_amount: before.paid_amount + 1 });
  });
});

describe("one account in two tabs", () => {
  it("checkouts started while the other tab fills the cart each hold the cart as it was, never a mix, and fail none", async () => {
    const user = await customer();
    const owner = await withCart({ user, token: null }, [[0, 1]]);
    const adding = products.slice(1, 5).map((product) => addToCart(owner, site.id, product.sku, 1));
    const starting = Array.from({ length: 20 }, () => generateCheckout(owner, site, EUR, "en"));
    const [added, started] = await Promise.all([Promise.all(adding), Promise.all(starting)]);
    expect(added.every((outcome) => outcome.ok)).toBe(true);
    expect(started.every((outcome) => outcome.ok)).toBe(true);
    const rows = await db().selectFrom("checkouts").select(["lines", "state"]).where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(20);
    // Each holds the first product and some of the others, one of each, as the cart was at some moment.
    const known = new Set(products.slice(0, 5).map((product) => product.sku));
    for (const row of rows) {
      const lines = (typeof row.lines === "string" ? JSON.parse(row.lines) : row.lines) as Array<{ sku: string; quantity: number }>;
      expect(lines.map((line) => line.sku)).toContain(products[0]!.sku);
      for (const line of lines) {
        expect(known.has(line.sku)).toBe(true);
        expect(line.quantity).toBe(1);
      }
    }
    // One open checkout a cart: the newest; the others ended.
    expect(rows.filter((row) => row.state === "open")).toHaveLength(1);
  });
});

describe("orders and the listing index", () => {
  it("100 orders, with the index consulted as by a listing after each, start no index work: same index, same version, nothing logged as a listing change", async () => {
    const stocked = await db().selectFrom("products").select(["sku", "stock"]).where("is_active", "=", true).where("stock", ">=", 10).orderBy("id").limit(20).execute();
    expect(stocked.reduce((units, product) => units + product.stock, 0)).toBeGreaterThanOrEqual(100);
    const index = await freshCatalogueIndex();
    const logged = async () => Number((await sql<{ n: string }>`select count(*) as n from catalogue_changes`.execute(db())).rows[0]!.n);
    const loggedBefore = await logged();
    const user = await customer(10_000_000);
    let placed = 0;
    for (const product of stocked) {
      for (let unit = 0; unit < product.stock && placed < 100; unit++, placed++) {
        const added = await addToCart({ user, token: null }, site.id, product.sku, 1);
        if (!added.ok) throw new Error(`add refused: ${added.error}`);
        const checkout = await newCheckout(added.owner);
        expect(await saveShippingStep(checkout, added.owner, { address: ADDRESS, delivery_method: -1 })).toEqual({ ok: true });
        expect(await savePaymentStep(await reload(checkout.slug, added.owner), added.owner, { payment: 4 }, 0, "en")).toEqual({ ok: true });
        const order = await placeOrder(checkout.slug, added.owner, `key-hundred-${String(placed).padStart(12, "0")}`, site, "en");
        expect(order.ok).toBe(true);
        expect(await catalogueIndex()).toBe(index);
      }
    }
    expect(placed).toBe(100);
    expect(await freshCatalogueIndex()).toBe(index);
    expect(await logged()).toBe(loggedBefore);
  });
});
