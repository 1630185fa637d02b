import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/models/accounts/passwords.server";
import { auditTrail, COMMAND_LINE, type StaffActor } from "~/models/audit/audit.server";
import { addToCart, type CartOwner } from "~/models/cart/cart.server";
import { generateCheckout, ownCheckout, savePaymentStep, saveShippingStep } from "~/models/checkout/checkout.server";
import { placeOrder } from "~/models/checkout/place-order.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { COUNTRY_IDS } from "~/models/demo-data/reference";
import { decideListing, staffListing, staffListings } from "~/models/pro/listing-reviews.server";
import { saveListing, sellerListings, type ListingSave } from "~/models/pro/listings.server";
import { createPromotion, endPromotion, staffPromotion, updatePromotion } from "~/models/promotions/promotion-admin.server";
import type { PromotionInput } from "~/models/promotions/promotion-form";
import { findRedirect, removeRedirect, saveRedirect } from "~/models/redirects/redirects.server";
import { siteForHost, type SiteConfig } from "~/models/sites/sites.server";
import { dashboardCounts } from "~/models/staff/dashboard.server";
import { confirmStaffCode, signInStaff } from "~/models/staff/sign-in.server";
import { staffSession } from "~/models/staff/staff-sessions.server";
import { newTotpSecret, totpCode } from "~/models/staff/two-factor";
import { loader as sellerListingsPage } from "~/routes/pro/listings";
import { action as listingPageAction } from "~/routes/admin/listing";
import { action as promotionPageAction } from "~/routes/admin/promotion";
import { action as newPromotionAction } from "~/routes/admin/promotion-new";
import { action as redirectsPageAction } from "~/routes/admin/redirects";
import { staffSessionSetCookie } from "~/web/admin/staff-cookie.server";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, sessionCookie } from "./factories";

// The back office's promotions, redirects and sellers' listings
// (docs/back-office.md): a code's limits, dates and end hold at checkout
// from the moment they are saved; an edit made on an old page is refused; a
// redirect that would loop is refused, by the page and the command line
// alike; a decision on a seller's listing is audited and its reason reaches
// the seller's own pages.

const unique = () => randomBytes(4).toString("hex");
const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
let addresses = 0;
let ip = "203.0.113.1";
beforeEach(() => {
  ip = `203.0.113.${(++addresses % 250) + 1}`;
});
let passwordHash: Promise<string> | undefined;

async function makeStaff(role: "owner" | "operator" | "support" | "catalogue" = "catalogue") {
  const email = `staff-${unique()}@example.com`;
  const secret = newTotpSecret();
  const row = await db()
    .insertInto("staff")
    .values({ email, name: `Staff ${role}`, role, password_hash: await (passwordHash ??= hashPassword("a long staff password")), totp_secret: secret })
    .returning("id")
    .executeTakeFirstOrThrow();
  const actor: StaffActor = { id: row.id, email, ip };
  return { id: row.id, email, secret, actor };
}

/** A staff member of the role, signed in with password and code: their cookie, for the pages' actions. */
async function staffCookie(role: "owner" | "catalogue" = "catalogue") {
  const staff = await makeStaff(role);
  const meta = { ip, userAgent: "test" };
  const pending = await signInStaff(staff.email, "a long staff password", meta);
  if (!pending.ok) throw new Error(pending.error);
  const done = await confirmStaffCode((await staffSession(pending.sessionId))!, totpCode(staff.secret), meta);
  if (!done.ok) throw new Error(done.error);
  return { ...staff, cookie: (await staffSessionSetCookie(done.sessionId)).split(";")[0]! };
}

type Answer = { status: number; location: string | null; data: Record<string, unknown> | undefined };

/** A page's action posted a form, as a browser without scripts posts it: what it answered. */
async function post(action: (args: never) => Promise<unknown>, path: string, cookie: string, fields: Record<string, string>, params: Record<string, string> = {}): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  try {
    const result = (await action({ request, params, context: { clientIp: ip } } as never)) as { init?: { status?: number }; data?: Record<string, unknown> } | Response;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: undefined };
    return { status: result.init?.status ?? 200, location: null, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), data: undefined };
    throw thrown;
  }
}

/** A field's messages in a form's answer. */
const fieldErrors = (answer: Answer, field: string) => ((answer.data?.error as Record<string, string[]> | undefined) ?? {})[field];

let site: SiteConfig;
let products: Array<{ sku: string; price_minor: number }>;
const ADDRESS = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: COUNTRY_IDS.LT };

beforeAll(async () => {
  await seedDemoData(db(), { products: 60, seed: 11 });
  site = await siteForHost("localhost");
  products = await db()
    .selectFrom("products")
    .select(["sku", "price_minor"])
    .where("stock", ">=", 50)
    .where("is_active", "=", true)
    .where("seller_id", "is", null)
    .where("price_minor", ">=", 2000)
    .orderBy("id")
    .limit(2)
    .execute();
  expect(products).toHaveLength(2);
});

const code = () => `T${unique().toUpperCase()}`;
const rules = (changes: Partial<PromotionInput> = {}): PromotionInput => ({
  code: code(),
  kind: 1,
  amountMinor: null,
  percentHundredths: 1000,
  validFrom: null,
  validUntil: null,
  minSubtotalMinor: 0,
  maxUses: null,
  maxUsesPerCustomer: null,
  ...changes,
});

/** A shopper's checkout of one product, up to the payment step with the code typed: what the step answered, and how to place the order. */
async function checkoutWith(promotion: string, shopper: { user: CartOwner["user"]; email: string }, productIndex = 0) {
  const added = await addToCart({ user: shopper.user, token: null }, site.id, products[productIndex]!.sku, 1);
  if (!added.ok) throw new Error(added.error);
  const owner = added.owner;
  const generated = await generateCheckout(owner, site, 1, "en");
  if (!generated.ok) throw new Error(generated.error);
  const reload = async () => {
    const own = await ownCheckout(generated.slug, owner);
    if (!own.ok) throw new Error(own.error);
    return own.checkout;
  };
  expect(await saveShippingStep(await reload(), owner, { email: shopper.email, address: ADDRESS })).toEqual({ ok: true });
  const step = await savePaymentStep(await reload(), owner, { payment: 1, promotion }, products[productIndex]!.price_minor, "en");
  return { step, place: () => placeOrder(generated.slug, owner, `key-${unique()}-${unique()}-0000`, site, "en") };
}

async function shopper() {
  const customer = await makeCustomer();
  return { user: customer.user, email: customer.email };
}

describe("promotions", () => {
  it("a code staff create through the page holds its limits at checkout: per customer, in all, and its minimum subtotal, with the number used so far", async () => {
    const staff = await staffCookie();
    const typed = `web${unique()}`;
    const made = await post(newPromotionAction, "/admin/promotions/new", staff.cookie, { intent: "save", code: typed, kind: "percent", percent: "10", minSubtotal: "15,00", maxUses: "2", maxUsesPerCustomer: "1" });
    expect(made.status).toBe(303);
    const id = Number(/^\/admin\/promotions\/(\d+)\?done=created$/.exec(made.location ?? "")?.[1]);
    const row = await db().selectFrom("promotions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: typed.toUpperCase(), kind: 1, amount_minor: null, min_subtotal_minor: 1500, max_uses: 2, max_uses_per_customer: 1, uses: 0, version: 1 });
    expect(Number(row.percent)).toBe(10);
    expect((await auditTrail("promotion", id)).map((entry) => [entry.action, entry.staff_email])).toEqual([["promotion.create", staff.email]]);

    const first = await shopper();
    const once = await checkoutWith(typed, first);
    expect(once.step).toEqual({ ok: true });
    const placed = await once.place();
    if (!placed.ok) throw new Error(placed.error);
    const order = await db().selectFrom("orders").select(["subtotal_minor", "promo_discount_minor"]).where("id", "=", placed.order.orderId).executeTakeFirstOrThrow();
    expect(order.promo_discount_minor).toBe(Math.round(Number(order.subtotal_minor) / 10));

    // The same customer again: once per customer.
    expect((await checkoutWith(typed, first)).step).toEqual({ ok: false, error: "promotion_used_up" });
    // Another customer takes the second and last use; a third finds it used up.
    const second = await checkoutWith(typed, await shopper());
    expect(second.step).toEqual({ ok: true });
    expect((await second.place()).ok).toBe(true);
    expect((await checkoutWith(typed, await shopper())).step).toEqual({ ok: false, error: "promotion_used_up" });
    // Below the minimum subtotal it is refused, whatever its uses.
    const cheap = await createPromotion(COMMAND_LINE, rules({ minSubtotalMinor: products[0]!.price_minor + 1 }));
    if (!cheap.ok) throw new Error(cheap.error);
    const cheapCode = (await db().selectFrom("promotions").select("code").where("id", "=", cheap.id).executeTakeFirstOrThrow()).code;
    expect((await checkoutWith(cheapCode, await shopper())).step).toEqual({ ok: false, error: "promotion_min_subtotal" });

    const page = await staffPromotion(id);
    expect(page).toMatchObject({ promotion: { uses: 2, status: "used_up" }, customers: 2 });
    expect(page!.uses).toHaveLength(2);
    expect(page!.uses.map((use) => use.email)).toContain(first.email);
  });

  it("a code ended now is refused to a checkout that already holds it, when its order is placed", async () => {
    const staff = await makeStaff();
    const created = await createPromotion(staff.actor, rules({ kind: 0, amountMinor: 500, percentHundredths: null }));
    if (!created.ok) throw new Error(created.error);
    const { code: typed } = await db().selectFrom("promotions").select("code").where("id", "=", created.id).executeTakeFirstOrThrow();
    const holding = await checkoutWith(typed, await shopper());
    expect(holding.step).toEqual({ ok: true });
    expect(await endPromotion(staff.actor, created.id, 1)).toEqual({ ok: true });
    expect(await holding.place()).toMatchObject({ ok: false, error: "promotion_expired" });
    expect((await checkoutWith(typed, await shopper())).step).toEqual({ ok: false, error: "promotion_expired" });
    expect(await endPromotion(staff.actor, created.id, 2)).toEqual({ ok: false, error: "already_ended" });
    const trail = await auditTrail("promotion", created.id);
    expect(trail.map((entry) => entry.action)).toEqual(["promotion.end", "promotion.create"]);
    expect(trail[0]!.after).toMatchObject({ valid_until: expect.any(String) });
  });

  it("a code not yet started is refused until its start, and is used after it", async () => {
    const created = await createPromotion(COMMAND_LINE, rules({ validFrom: new Date(Date.now() + 86_400_000) }));
    if (!created.ok) throw new Error(created.error);
    const { code: typed } = await db().selectFrom("promotions").select("code").where("id", "=", created.id).executeTakeFirstOrThrow();
    expect((await checkoutWith(typed, await shopper())).step).toEqual({ ok: false, error: "promotion_expired" });
    expect(await updatePromotion(COMMAND_LINE, created.id, rules({ code: typed, validFrom: new Date(Date.now() - 60_000) }), 1)).toEqual({ ok: true });
    expect((await checkoutWith(typed, await shopper())).step).toEqual({ ok: true });
  });

  it("an edit made on an old version is refused, naming who changed it, and changes nothing; so is a limit below the uses so far, or a code another has", async () => {
    const [first, second] = [await makeStaff(), await makeStaff("owner")];
    const created = await createPromotion(first.actor, rules({ maxUses: 10 }));
    if (!created.ok) throw new Error(created.error);
    const { code: typed } = await db().selectFrom("promotions").select("code").where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(await updatePromotion(second.actor, created.id, rules({ code: typed, percentHundredths: 1500, maxUses: 10 }), 1)).toEqual({ ok: true });
    const stale = await updatePromotion(first.actor, created.id, rules({ code: typed, percentHundredths: 5000, maxUses: 10 }), 1);
    expect(stale).toMatchObject({ ok: false, error: "stale", by: second.email });
    expect(await endPromotion(first.actor, created.id, 1)).toMatchObject({ ok: false, error: "stale", by: second.email });
    const row = await db().selectFrom("promotions").select(["percent", "valid_until", "version"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect([Number(row.percent), row.valid_until, row.version]).toEqual([15, null, 2]);

    // Shoppers' uses count, but do not make a staff member's page stale.
    for (let i = 0; i < 2; i++) expect((await (await checkoutWith(typed, await shopper(), i)).place()).ok).toBe(true);
    expect(await updatePromotion(first.actor, created.id, rules({ code: typed, maxUses: 5 }), 2)).toEqual({ ok: true });
    expect(await updatePromotion(first.actor, created.id, rules({ code: typed, maxUses: 1 }), 3)).toEqual({ ok: false, error: "below_uses", uses: 2 });
    expect(await updatePromotion(first.actor, created.id, rules({ code: "WELCOME10" }), 3)).toEqual({ ok: false, error: "code_taken" });
    expect(await createPromotion(first.actor, rules({ code: "welcome10" }))).toEqual({ ok: false, error: "code_taken" });
    expect(await db().selectFrom("promotions").select(["max_uses", "uses", "version"]).where("id", "=", created.id).executeTakeFirstOrThrow()).toEqual({ max_uses: 5, uses: 2, version: 3 });
    expect((await auditTrail("promotion", created.id)).map((entry) => entry.action)).toEqual(["promotion.update", "promotion.update", "promotion.create"]);
  });

  it("the page refuses an old version with the colleague's name, and bad fields each with their own message, changing nothing", async () => {
    const [staff, colleague] = [await staffCookie(), await makeStaff("owner")];
    const created = await createPromotion(staff.actor, rules());
    if (!created.ok) throw new Error(created.error);
    const { code: typed } = await db().selectFrom("promotions").select("code").where("id", "=", created.id).executeTakeFirstOrThrow();
    const path = `/admin/promotions/${created.id}`;
    const params = { id: String(created.id) };
    expect(await updatePromotion(colleague.actor, created.id, rules({ code: typed, percentHundredths: 2000 }), 1)).toEqual({ ok: true });
    const stale = await post(promotionPageAction, path, staff.cookie, { intent: "save", version: "1", code: typed, kind: "percent", percent: "50" }, params);
    expect(stale.status).toBe(409);
    expect(String((stale.data?.error as Record<string, string[]>)[""])).toContain(colleague.email);
    const bad = await post(promotionPageAction, path, staff.cookie, { intent: "save", version: "2", code: "x!", kind: "fixed", percent: "150", startsAt: "2030-01-02T10:00", endsAt: "2030-01-01T10:00", maxUses: "0" }, params);
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad, "code")).toEqual(["admin.promotions.codeFormat"]);
    expect(fieldErrors(bad, "percent")).toEqual(["admin.promotions.percentFormat"]);
    expect(fieldErrors(bad, "maxUses")).toEqual(["admin.promotions.countFormat"]);
    // Once the fields themselves hold, the checks across them speak: a fixed code needs its amount, and the end comes after the start.
    const across = await post(promotionPageAction, path, staff.cookie, { intent: "save", version: "2", code: typed, kind: "fixed", startsAt: "2030-01-02T10:00", endsAt: "2030-01-01T10:00" }, params);
    expect(fieldErrors(across, "amount")).toEqual(["admin.promotions.amountRequired"]);
    expect(fieldErrors(across, "endsAt")).toEqual(["admin.promotions.endsBeforeStart"]);
    const row = await db().selectFrom("promotions").select(["percent", "version"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect([Number(row.percent), row.version]).toEqual([20, 2]);
    const saved = await post(promotionPageAction, path, staff.cookie, { intent: "save", version: "2", code: typed, kind: "fixed", amount: "7,50", startsAt: "2030-01-01T10:00" }, params);
    expect(saved).toMatchObject({ status: 303, location: `${path}?done=saved` });
    expect(await db().selectFrom("promotions").select(["kind", "amount_minor", "percent", "valid_from"]).where("id", "=", created.id).executeTakeFirstOrThrow()).toEqual({
      kind: 0,
      amount_minor: 750,
      percent: null,
      valid_from: new Date("2030-01-01T10:00:00Z"),
    });
  });

  it.runIf(onPostgres)("two staff saving the same version at once: one is saved, the other refused as stale", async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await makeStaff(), await makeStaff()];
      const created = await createPromotion(a.actor, rules());
      if (!created.ok) throw new Error(created.error);
      const { code: typed } = await db().selectFrom("promotions").select("code").where("id", "=", created.id).executeTakeFirstOrThrow();
      const results = await Promise.all([updatePromotion(a.actor, created.id, rules({ code: typed, percentHundredths: 1100 }), 1), updatePromotion(b.actor, created.id, rules({ code: typed, percentHundredths: 1200 }), 1)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.error === "stale")).toHaveLength(1);
      expect((await db().selectFrom("promotions").select("version").where("id", "=", created.id).executeTakeFirstOrThrow()).version).toBe(2);
      expect((await auditTrail("promotion", created.id)).filter((entry) => entry.action === "promotion.update")).toHaveLength(1);
    }
  });
});

describe("redirects", () => {
  const path = () => `/old-${unique()}`;

  it("a redirect that would come back to where it started is refused, by the page and the command line, and nothing is written", async () => {
    const staff = await staffCookie();
    const [a, b, c] = [path(), path(), path()];
    expect(await saveRedirect(staff.actor, { from: a, to: b, status: 301 })).toMatchObject({ ok: true, replaced: null });
    // A → B → A.
    expect(await saveRedirect(staff.actor, { from: b, to: a, status: 301 })).toEqual({ ok: false, error: "loop", chain: [b, a, b] });
    // A chain that comes back: A → B → C, then C → A; and through the shop's own address written out, with a trailing slash and a query.
    expect((await saveRedirect(staff.actor, { from: b, to: c, status: 302 })).ok).toBe(true);
    expect(await saveRedirect(staff.actor, { from: c, to: `http://localhost${a}/?utm=x`, status: 301 })).toEqual({ ok: false, error: "loop", chain: [c, a, b, c] });
    // An address elsewhere ends the chain.
    expect((await saveRedirect(staff.actor, { from: c, to: `https://example.org${a}`, status: 301 })).ok).toBe(true);

    // The page says which chain it would make.
    const [e, f] = [path(), path()];
    expect((await saveRedirect(staff.actor, { from: e, to: f, status: 301 })).ok).toBe(true);
    const page = await post(redirectsPageAction, "/admin/redirects", staff.cookie, { intent: "add", from: f, to: e, status: "301" });
    expect(page.status).toBe(409);
    expect(fieldErrors(page, "to")).toEqual(["admin.redirects.loop"]);
    expect(page.data?.values).toEqual({ chain: `${f} → ${e} → ${f}` });
    expect(await findRedirect(f)).toBeNull();
    // A path that already has one is refused on the page (the command line replaces it).
    expect(fieldErrors(await post(redirectsPageAction, "/admin/redirects", staff.cookie, { intent: "add", from: a, to: "/en/somewhere" }), "from")).toEqual(["admin.redirects.exists"]);

    const cli = { out: [] as string[], err: [] as string[] };
    const exit = await runAdmin(["redirect", "add", "--from", c, "--to", a], { out: (line) => cli.out.push(line), err: (line) => cli.err.push(line) });
    expect([exit, cli.err.join("\n")]).toEqual([1, `admin: that would make a loop: ${c} -> ${a} -> ${b} -> ${c}. Nothing was changed.`]);
    expect(await findRedirect(c)).toEqual({ to_url: `https://example.org${a}`, status: 301 });
    expect(await findRedirect(b)).toEqual({ to_url: c, status: 302 });
    const trail = await db().selectFrom("audit_log").select(["action", "entity_id", "staff_email"]).where("entity", "=", "redirect").where("entity_id", "in", [a, b, c]).orderBy("id").execute();
    expect(trail).toEqual([
      { action: "redirect.add", entity_id: a, staff_email: staff.email },
      { action: "redirect.add", entity_id: b, staff_email: staff.email },
      { action: "redirect.add", entity_id: c, staff_email: staff.email },
    ]);
  });

  it("the page adds and removes a redirect with its audit entries; a removal on a changed redirect is refused", async () => {
    const staff = await staffCookie("owner");
    const from = path();
    const added = await post(redirectsPageAction, "/admin/redirects", staff.cookie, { intent: "add", from: `${from}/`, to: "/en/new-page", status: "302" });
    expect(added).toMatchObject({ status: 303, location: `/admin/redirects?q=${encodeURIComponent(from)}&done=added` });
    expect(await findRedirect(from)).toEqual({ to_url: "/en/new-page", status: 302 });
    // A colleague points it elsewhere from the command line; the page's removal names the old target.
    expect(await runAdmin(["redirect", "add", "--from", from, "--to", "/en/other-page"], { out: () => {}, err: () => {} })).toBe(0);
    const stale = await post(redirectsPageAction, "/admin/redirects", staff.cookie, { intent: "remove", from, seen: "/en/new-page" });
    expect(stale.status).toBe(409);
    expect(await findRedirect(from)).toEqual({ to_url: "/en/other-page", status: 301 });
    expect(await post(redirectsPageAction, "/admin/redirects", staff.cookie, { intent: "remove", from, seen: "/en/other-page" })).toMatchObject({ status: 303, location: "/admin/redirects?done=removed" });
    expect(await findRedirect(from)).toBeNull();
    expect(await removeRedirect(staff.actor, from)).toEqual({ ok: false, error: "not_found" });
    const trail = await auditTrail("redirect", from);
    expect(trail.map((entry) => [entry.action, entry.staff_email])).toEqual([
      ["redirect.remove", staff.email],
      ["redirect.add", "command line"],
      ["redirect.add", staff.email],
    ]);
    expect(trail[1]!.before).toEqual({ to_url: "/en/new-page", status: 302 });
  });

  it.runIf(onPostgres)("two redirects that would loop together, added at once: one is written, the other refused", async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b] = [path(), path()];
      const results = await Promise.all([saveRedirect(COMMAND_LINE, { from: a, to: b, status: 301 }), saveRedirect(COMMAND_LINE, { from: b, to: a, status: 301 })]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.error === "loop")).toHaveLength(1);
      expect(await db().selectFrom("redirects").select("from_path").where("from_path", "in", [a, b]).execute()).toHaveLength(1);
    }
  });
});

describe("sellers' listings awaiting review", () => {
  let category: number;
  beforeAll(async () => {
    category = (await db().selectFrom("categories").select("id").where("parent_id", "is not", null).orderBy("id").executeTakeFirstOrThrow()).id;
  });

  /** A pro seller's new listing, saved as the edit page saves it. */
  async function newListing(sellerId: number, title: string) {
    const save: ListingSave = {
      sellerId,
      id: "new",
      input: { names: { en: title }, descriptions: { en: `${title}, as the seller describes it.` }, priceMinor: 2450, stock: 3, stockSeen: null, categoryId: category, optionIds: [], keep: [], photos: [] },
      gallery: [`/media/listings/${randomBytes(16).toString("base64url").slice(0, 22)}.png`],
      primaryLanguage: "en",
    };
    const saved = await saveListing(save);
    if (!saved.ok) throw new Error(saved.error);
    expect(saved).toMatchObject({ created: true, inReview: true });
    return { id: saved.id, resave: () => saveListing({ ...save, id: saved.id, gallery: save.gallery }) };
  }

  it("a refusal is audited and its reason reaches the seller's pages; saved again, the listing is back in the queue, and an approval lets its fee be paid", async () => {
    const staff = await staffCookie();
    const seller = await makeCustomer({ role: "pro" });
    const waiting = async () => (await dashboardCounts()).find((count) => count.queue === "listings_to_review")!.count;
    const before = await waiting();
    const listing = await newListing(seller.id, `Kelmoran lantern ${unique()}`);
    // The day's counts show it waiting.
    expect(await waiting()).toBe(before + 1);
    const queue = await staffListings({ status: "pending", locale: "en" });
    expect(queue.listings.map((row) => row.id)).toContain(listing.id);
    expect(await staffListing(listing.id, "en")).toMatchObject({ listing: { state: "in_review", review: { status: "pending", version: 1 } }, seller: { email: seller.email } });

    const path = `/admin/listings/${listing.id}`;
    const params = { id: String(listing.id) };
    // A refusal needs its reason.
    const bare = await post(listingPageAction, path, staff.cookie, { intent: "refuse", version: "1", reason: "  " }, params);
    expect([bare.status, fieldErrors(bare, "reason")]).toEqual([400, ["admin.listings.reasonRequired"]]);
    const reason = "The photo shows a different lantern than the title names.";
    expect(await post(listingPageAction, path, staff.cookie, { intent: "refuse", version: "1", reason }, params)).toMatchObject({ status: 303, location: `${path}?done=refused` });
    const trail = await auditTrail("listing", listing.id);
    expect(trail.map((entry) => [entry.action, entry.staff_email, entry.after])).toEqual([["listing.refuse", staff.email, { status: "refused", reason }]]);
    expect(await waiting()).toBe(before);

    // The seller reads why, on /site-pro.
    expect(await sellerListings(seller.id, "en")).toEqual([expect.objectContaining({ id: listing.id, state: "refused", refusal: reason })]);
    const page = (await sellerListingsPage({ request: new Request("http://localhost/en/site-pro", { headers: { cookie: await sessionCookie(seller.id) } }), params: { locale: "en" }, context: {} })) as {
      listings: Array<{ id: number; state: string; refusal: string | null }>;
    };
    expect(page.listings).toEqual([expect.objectContaining({ id: listing.id, state: "refused", refusal: reason })]);
    // A second decision on it is refused: it is no longer waiting.
    expect(await decideListing(staff.actor, listing.id, { approve: true }, 2)).toEqual({ ok: false, error: "not_pending" });

    // The seller fixes it: back in the queue, the reason gone; a decision made on the page opened before the save is refused.
    const resaved = await listing.resave();
    expect(resaved).toMatchObject({ ok: true, created: false, inReview: true });
    expect(await sellerListings(seller.id, "en")).toEqual([expect.objectContaining({ id: listing.id, state: "in_review", refusal: null })]);
    const stale = await post(listingPageAction, path, staff.cookie, { intent: "approve", version: "2" }, params);
    expect(stale.status).toBe(409);
    expect((await staffListing(listing.id, "en"))!.listing.review).toMatchObject({ status: "pending", version: 3 });
    expect(await post(listingPageAction, path, staff.cookie, { intent: "approve", version: "3" }, params)).toMatchObject({ status: 303, location: `${path}?done=approved` });
    expect(await sellerListings(seller.id, "en")).toEqual([expect.objectContaining({ id: listing.id, state: "awaiting_fee", refusal: null })]);
    expect((await auditTrail("listing", listing.id)).map((entry) => entry.action)).toEqual(["listing.approve", "listing.refuse"]);
    // An approved listing's later edits stay approved.
    expect(await listing.resave()).toMatchObject({ ok: true, inReview: false });
  });

  it("a shop product or a listing made before reviews began takes no decision", async () => {
    const staff = await makeStaff();
    const shopProduct = await db().selectFrom("products").select("id").where("seller_id", "is", null).orderBy("id").executeTakeFirstOrThrow();
    expect(await staffListing(Number(shopProduct.id), "en")).toBeNull();
    expect(await decideListing(staff.actor, Number(shopProduct.id), { approve: true })).toEqual({ ok: false, error: "not_found" });
  });
});
