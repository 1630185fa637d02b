import { beforeAll, describe, expect, it } from "vitest";
import { addToCart, type CartOwner } from "~/models/cart/cart.server";
import { currentCheckoutSlug, generateCheckout, ownCheckout, savePaymentStep, saveShippingStep } from "~/models/checkout/checkout.server";
import { placeOrder } from "~/models/checkout/place-order.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { COUNTRY_IDS } from "~/models/demo-data/reference";
import { siteForHost, type SiteConfig } from "~/models/sites/sites.server";
import { loader as currentStepPage } from "~/routes/checkout/current-step";
import { action as shippingPageAction, loader as shippingPage } from "~/routes/checkout/step";
import { loader as paymentPage } from "~/routes/payments/pay";
import { action as updateCall } from "~/routes/api/checkout/update";
import { makeCustomer, sessionCookie } from "./factories";

// Issue 32, rows 1 and 2: the checkout's steps without a slug lead to the
// shopper's checkout at that step (or the cart), and a placed checkout's
// steps lead on to its order instead of an empty form that changes nothing.

let site: SiteConfig;
let skus: string[];
const EUR = 1;
const ADDRESS = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: COUNTRY_IDS.LT };

beforeAll(async () => {
  await seedDemoData(db(), { products: 40, seed: 11 });
  site = await siteForHost("localhost");
  const rows = await db().selectFrom("products").select("sku").where("stock", ">=", 10).where("is_active", "=", true).orderBy("id").limit(3).execute();
  skus = rows.map((row) => row.sku);
  expect(skus).toHaveLength(3);
});

/** A customer (signed in by cookie) with one product in the cart and a checkout made of it. */
async function customerWithCheckout(balance: number, sku: string) {
  const customer = await makeCustomer({ balance });
  const added = await addToCart({ user: customer.user, token: null }, site.id, sku, 1);
  if (!added.ok) throw new Error(added.error);
  const owner: CartOwner = added.owner;
  const generated = await generateCheckout(owner, site, EUR, "en");
  if (!generated.ok) throw new Error(generated.error);
  return { owner, slug: generated.slug, cookie: await sessionCookie(customer.id) };
}

const reload = async (slug: string, owner: CartOwner) => {
  const own = await ownCheckout(slug, owner);
  if (!own.ok) throw new Error(own.error);
  return own.checkout;
};

/** Through the shipping and payment steps to a placed order, paid from the balance (4) or waiting for the card (1). */
async function place(owner: CartOwner, slug: string, payment: 1 | 4) {
  expect(await saveShippingStep(await reload(slug, owner), owner, { address: ADDRESS, delivery_method: -1 })).toEqual({ ok: true });
  expect(await savePaymentStep(await reload(slug, owner), owner, { payment }, 0, "en")).toEqual({ ok: true });
  const placed = await placeOrder(slug, owner, `key-${slug}`.slice(0, 40).padEnd(20, "0"), site, "en");
  if (!placed.ok) throw new Error(placed.error);
  return db().selectFrom("orders").select(["slug", "status"]).where("id", "=", placed.order.orderId).executeTakeFirstOrThrow();
}

const page = (path: string, cookie: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, { ...init, headers: { cookie, ...init.headers } });

/** Where a loader sends the shopper: the Location of the redirect it returned or threw. */
async function leadsTo(run: () => Promise<unknown>) {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (!(answer instanceof Response) || answer.status < 300 || answer.status >= 400) throw new Error(`no redirect: ${answer instanceof Response ? answer.status : typeof answer}`);
  return answer.headers.get("location");
}

describe("a step's URL without a slug (spec 2)", () => {
  it("leads to the checkout in progress at that step, to the last placed one's success page, or to the cart, in the URL's language", async () => {
    const { owner, slug, cookie } = await customerWithCheckout(100_000, skus[0]!);
    const current = (path: string, locale?: string) => leadsTo(() => currentStepPage({ request: page(path, cookie), params: locale ? { locale } : {}, context: {} }));

    expect(await currentCheckoutSlug(owner, "payment")).toBe(slug);
    // Without a language in the URL, the shop's default (lt).
    expect(await current("/payment")).toBe(`/lt/payment/${slug}`);
    expect(await current("/lt/confirm", "lt")).toBe(`/lt/confirm/${slug}`);
    expect(await current("/lv/payment/", "lv")).toBe(`/lv/payment/${slug}`);
    // Nothing placed yet: no success to show.
    expect(await current("/en/success", "en")).toBe("/en/cart");

    await place(owner, slug, 4);
    expect(await current("/ee/success", "ee")).toBe(`/ee/success/${slug}`);
    // The placed checkout is no longer in progress.
    expect(await current("/en/payment", "en")).toBe("/en/cart");
    expect(await current("/confirm")).toBe("/lt/cart");
  });

  it("leads a guest with no checkout, and one with none of their own, to the cart", async () => {
    const anyone = (path: string, cookie: string) => leadsTo(() => currentStepPage({ request: page(path, cookie), params: { locale: "lt" }, context: {} }));
    expect(await anyone("/lt/payment", "")).toBe("/lt/cart");
    expect(await anyone("/lt/success", "")).toBe("/lt/cart");
    // Another customer's checkout is theirs alone.
    await customerWithCheckout(0, skus[1]!);
    const stranger = await makeCustomer();
    expect(await anyone("/lt/confirm", await sessionCookie(stranger.id))).toBe("/lt/cart");
  });
});

describe("a placed checkout's steps", () => {
  it("lead to the success page once paid, and refuse a change with 409 and a translated message", async () => {
    const { owner, slug, cookie } = await customerWithCheckout(100_000, skus[0]!);
    const order = await place(owner, slug, 4);
    expect(order.status).toBe("paid");
    const params = { locale: "en", slug };

    expect(await leadsTo(() => shippingPage({ request: page(`/en/checkout/${slug}`, cookie), params, context: {} }))).toBe(`/en/success/${slug}`);
    expect(await leadsTo(() => paymentPage({ request: page(`/en/payment/${slug}`, cookie), params, context: {} }))).toBe(`/en/success/${slug}`);

    expect(await saveShippingStep(await reload(slug, owner), owner, { address: ADDRESS, shipping_method: "sea" })).toEqual({ ok: false, error: "already_placed" });
    expect(await savePaymentStep(await reload(slug, owner), owner, { payment: 1 }, 0, "en")).toEqual({ ok: false, error: "already_placed" });

    const before = await reload(slug, owner);
    const call = await updateCall({
      request: page(`/api/checkout/update/${slug}`, cookie, { method: "POST", headers: { "content-type": "application/json", "x-locale": "lt" }, body: JSON.stringify({ step: 3, shipping_method: "sea" }) }),
      params: { slug },
      context: {},
    });
    expect(call.status).toBe(409);
    expect(await call.json()).toEqual({ status: false, message: "Šis užsakymas jau pateiktas: jo nebegalima pakeisti." });

    // The shipping form posted anew is refused the same way, and changes nothing.
    const form = new URLSearchParams({ address_choice: "new", ...Object.fromEntries(Object.entries(ADDRESS).map(([k, v]) => [k, String(v)])), shipping_method: "sea" });
    const posted = await shippingPageAction({ request: page(`/en/checkout/${slug}`, cookie, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form }), params, context: {} });
    expect((posted as { init?: { status?: number } }).init?.status).toBe(409);
    expect(await reload(slug, owner)).toEqual(before);
  });

  it("lead to the order's payment page while it waits for the card", async () => {
    const { owner, slug, cookie } = await customerWithCheckout(0, skus[2]!);
    const order = await place(owner, slug, 1);
    expect(order.status).toBe("unpaid");
    const params = { locale: "lt", slug };
    expect(await leadsTo(() => shippingPage({ request: page(`/lt/checkout/${slug}`, cookie), params, context: {} }))).toBe(`/lt/payment/${order.slug}`);
    expect(await leadsTo(() => paymentPage({ request: page(`/lt/payment/${slug}`, cookie), params, context: {} }))).toBe(`/lt/payment/${order.slug}`);
    // The order's payment page is the customer's paying-later page.
    const payLater = (await paymentPage({ request: page(`/lt/payment/${order.slug}`, cookie), params: { locale: "lt", slug: order.slug }, context: {} })) as { payOrder?: { slug: string } };
    expect(payLater.payOrder?.slug).toBe(order.slug);
  });
});
