import { beforeAll, describe, expect, it } from "vitest";
import { addToCart, type CartOwner } from "~/models/cart/cart.server";
import { generateCheckout, ownCheckout, savePaymentStep, saveShippingStep, checkoutData } from "~/models/checkout/checkout.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { COUNTRY_IDS } from "~/models/demo-data/reference";
import { applyDemoTagIds } from "~/models/marketing/demo-tags.server";
import { pageMarketing } from "~/web/marketing.server";
import { serialiseUtm } from "~/models/marketing/utm";
import { utmFromRequest } from "~/web/marketing.server";
import { createQuote } from "~/models/quotes/quotes.server";
import { siteForHost, type SiteConfig } from "~/models/sites/sites.server";
import { action as confirmCall } from "~/routes/api/checkout/confirm";
import { action as consentAction, loader as consentLoader } from "~/routes/content/cookie-consent";
import { action as utmCall } from "~/routes/api/marketing/utm";
import { consentBannerHtml } from "~/components/marketing/consent-banner.server";
import lt from "~/locales/lt";
import { makeCustomer, sessionCookie } from "./factories";

// Issue 16, points 8 and 9: the consent form's answer and the tags it lets
// into a page; the campaign a visitor came from, counted by POST /api/utm
// and recorded with the orders and quotes it brought.

let site: SiteConfig;
const UTM = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring-sale" };

beforeAll(async () => {
  await seedDemoData(db(), { products: 40, seed: 3 });
  site = await siteForHost("localhost");
});

const postUtm = (body: unknown, cookie?: string) =>
  utmCall({
    request: new Request("http://localhost/api/utm", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    params: {},
    context: {},
  }) as Promise<Response>;

const landings = () => db().selectFrom("utm_landings").select(["site_id", "utm"]).orderBy("id").execute();

describe("POST /api/utm", () => {
  it("counts the visit with the campaign's keys only, and keeps them in the utm cookie for 90 days", async () => {
    const before = (await landings()).length;
    const answer = await postUtm({ ...UTM, utm_content: "hero" }, "session=someone; cart=abc");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "success" });
    const cookie = answer.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^utm=[^;]+; Path=\/; Max-Age=7776000; SameSite=Lax/);
    expect(utmFromRequest(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }))).toEqual({ ...UTM, utm_content: "hero" });

    const rows = await landings();
    expect(rows).toHaveLength(before + 1);
    // Nothing about who: the row has the site and the campaign, and the table no other columns but its id and time.
    expect(rows.at(-1)).toEqual({ site_id: site.id, utm: { ...UTM, utm_content: "hero" } });
    const columns = await db().selectFrom("utm_landings").selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(columns).sort()).toEqual(["created_at", "id", "site_id", "utm"]);
  });

  it("refuses any key but utm_ ones, an empty body, a value that is not short text, and records nothing", async () => {
    const before = (await landings()).length;
    for (const body of [{ ...UTM, email: "ona@example.com" }, { gclid: "abc" }, {}, { utm_source: "" }, { utm_source: 5 }, { utm_source: "x".repeat(201) }, "not json", [UTM]]) {
      const answer = await postUtm(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(await answer.json()).toMatchObject({ status: false });
    }
    expect(await landings()).toHaveLength(before);
  });
});

describe("orders and quotes record the campaign they came from", () => {
  const ADDRESS = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: COUNTRY_IDS.LT };

  async function readyCheckout(owner: CartOwner) {
    const product = await db().selectFrom("products").select("sku").where("stock", ">=", 5).where("is_active", "=", true).orderBy("id").executeTakeFirstOrThrow();
    const added = await addToCart(owner, site.id, product.sku, 1);
    if (!added.ok) throw new Error(added.error);
    const generated = await generateCheckout(added.owner, site, 1, "en");
    if (!generated.ok) throw new Error(generated.error);
    const courier = await db().selectFrom("couriers").selectAll().where("country_id", "=", COUNTRY_IDS.LT).where("delivery_type", "=", "locker").orderBy("id").executeTakeFirstOrThrow();
    const point = await db().selectFrom("pickup_points").selectAll().where("courier_id", "=", courier.id).orderBy("id").executeTakeFirstOrThrow();
    const load = async () => {
      const own = await ownCheckout(generated.slug, added.owner);
      if (!own.ok) throw new Error(own.error);
      return own.checkout;
    };
    expect(await saveShippingStep(await load(), added.owner, { address: ADDRESS, shipping_method: "air", delivery_method: courier.id, parcel_shop: point.id })).toEqual({ ok: true });
    const data = await checkoutData(await load(), added.owner, site, "en");
    expect(await savePaymentStep(await load(), added.owner, { payment: 1 }, data.totals.subtotal, "en")).toEqual({ ok: true });
    return generated.slug;
  }

  const confirm = (slug: string, cookie: string, key: string) =>
    confirmCall({
      request: new Request(`http://localhost/api/checkout/confirm/${slug}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ idempotency_key: key }) }),
      params: { slug },
      context: {},
    }) as Promise<Response>;

  it("an order placed with a utm cookie keeps the campaign; one without keeps none", async () => {
    const customer = await makeCustomer();
    const session = await sessionCookie(customer.id);
    const withCampaign = await confirm(await readyCheckout({ user: customer.user, token: null }), `${session}; utm=${serialiseUtm(UTM)}`, "utm-order-key-000001");
    expect(withCampaign.status).toBe(200);
    const { order_id } = (await withCampaign.json()) as { order_id: number };
    expect((await db().selectFrom("orders").select("utm").where("id", "=", order_id).executeTakeFirstOrThrow()).utm).toEqual(UTM);

    const without = await confirm(await readyCheckout({ user: customer.user, token: null }), session, "utm-order-key-000002");
    const second = (await without.json()) as { order_id: number };
    expect((await db().selectFrom("orders").select("utm").where("id", "=", second.order_id).executeTakeFirstOrThrow()).utm).toBeNull();
  });

  it("a quote asked for with a utm cookie keeps the campaign", async () => {
    const customer = await makeCustomer();
    const request = new Request("http://localhost/en/order-form/summary", { headers: { cookie: `utm=${serialiseUtm(UTM)}` } });
    const lines = [{ url: "https://www.example.com/item/1", quantity: 1, options: "", note: "", seenPriceMinor: null }];
    const quote = await createQuote({ userId: customer.id, site, locale: "en", lines, utm: utmFromRequest(request) });
    expect((await db().selectFrom("quotes").select("utm").where("id", "=", quote.id).executeTakeFirstOrThrow()).utm).toEqual(UTM);
  });
});

describe("consent and the tags of a page", () => {
  const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    consentAction({
      request: new Request("http://localhost/en/cookie-consent", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields) }),
      params: { locale: "en" },
      context: {},
    }) as Promise<Response>;

  it("a site with no tag ids asks nothing and loads nothing", async () => {
    expect(pageMarketing(new Request("http://localhost/en"), site, "en", null)).toEqual({ offered: [], answered: false, tags: [], campaign: false });
  });

  describe("with the demo's tag ids", () => {
    let tagged: SiteConfig;
    beforeAll(async () => {
      await applyDemoTagIds(db(), "gtm_id=GTM-TEST01;pixel_id=1234567890,2345678901;criteo_key=12345;klaviyo_key=AbC123;live_agent_id=shipwise:ab12cd34");
      // Read past the shell's cache: tests run without the version follower, so this reads the tables.
      tagged = await siteForHost("localhost");
    });

    it("asks about every category, in the page's language, and loads nothing before an answer", () => {
      const page = pageMarketing(new Request("http://localhost/lt"), tagged, "lt", null);
      expect(page).toMatchObject({ offered: ["analytics", "marketing", "chat"], answered: false, tags: [] });
      const banner = consentBannerHtml("lt", page.offered, page.answered) ?? "";
      expect(banner).toMatch(/<form method="post" action="\/lt\/cookie-consent"/);
      expect([...banner.matchAll(/<input[^>]* name="([a-z]+)"/g)].map((box) => box[1])).toEqual(["analytics", "marketing", "chat"]);
      expect(banner).toContain(`>${lt.consent.title}</h2>`);
      // An answer, whatever it is, ends the asking.
      const answer = pageMarketing(new Request("http://localhost/lt", { headers: { cookie: "consent=necessary" } }), tagged, "lt", null);
      expect(consentBannerHtml("lt", answer.offered, answer.answered)).toBeNull();
    });

    it("the banner's answer leads back to the page it was sent from, and never off the site", async () => {
      const back = await formPost({ intent: "necessary" }, { referer: "http://localhost/en/c/phones?page=2" });
      expect(back.headers.get("location")).toBe("/en/c/phones?page=2");
      const elsewhere = await formPost({ intent: "necessary" }, { referer: "https://evil.example/en/x" });
      expect(elsewhere.headers.get("location")).toBe("/en");
    });

    it("a landing with utm_ keys, or a saved campaign, has a campaign to send; others none", () => {
      expect(pageMarketing(new Request("http://localhost/en?utm_source=news"), tagged, "en", null).campaign).toBe(true);
      expect(pageMarketing(new Request("http://localhost/en", { headers: { cookie: "utm=utm_source%3Dnews" } }), tagged, "en", null).campaign).toBe(true);
      expect(pageMarketing(new Request("http://localhost/en?q=utm"), tagged, "en", null).campaign).toBe(false);
    });

    it("'Save choices' with analytics ticked loads the tag manager only, and goes back to the page", async () => {
      const answer = await formPost({ intent: "save", analytics: "on", redirectTo: "/en/faq?x=1" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/en/faq?x=1");
      const cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
      expect(cookie).toBe("consent=analytics");
      const page = pageMarketing(new Request("http://localhost/en/faq", { headers: { cookie } }), tagged, "en", null);
      expect(page.tags.filter((tag) => tag.src).map((tag) => tag.src)).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST01"]);
    });

    it("'Accept all' loads every tag; 'Only necessary' none; the settings page shows the answer", async () => {
      const all = (await formPost({ intent: "all", redirectTo: "/en" })).headers.get("set-cookie")!.split(";")[0]!;
      expect(all).toBe("consent=analytics.marketing.chat");
      const customer = await makeCustomer({ email: "Tagged@Example.com" });
      const page = pageMarketing(new Request("http://localhost/en", { headers: { cookie: all } }), tagged, "en", customer.user);
      expect(page.tags.map((tag) => tag.id)).toEqual(["gtm-init", "gtm", "pixel-init", "pixel", "criteo-init", "criteo", "klaviyo-identify", "klaviyo", "live-chat", "live-chat-button"]);

      const none = (await formPost({ intent: "necessary", analytics: "on" })).headers.get("set-cookie")!.split(";")[0]!;
      expect(none).toBe("consent=necessary");
      expect(pageMarketing(new Request("http://localhost/en", { headers: { cookie: none } }), tagged, "en", null)).toMatchObject({ answered: true, tags: [] });

      const settings = await consentLoader({ request: new Request("http://localhost/en/cookie-consent?redirectTo=%2Fen%2Fcart", { headers: { cookie: all } }), params: { locale: "en" }, context: {} });
      expect(settings).toMatchObject({ redirectTo: "/en/cart", offered: ["analytics", "marketing", "chat"], allowed: ["analytics", "marketing", "chat"] });
    });

    it("refuses a form no page sends and never redirects off the site", async () => {
      const refused = await formPost({ intent: "everything" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(400);
      const answer = await formPost({ intent: "all", redirectTo: "//evil.example/x" });
      expect(answer.headers.get("location")).toBe("/en");
    });
  });
});
