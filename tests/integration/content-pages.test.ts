import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { ownPageAddresses } from "~/models/content/content.server";
import { contentSitemapUrls } from "~/models/content/sitemap.server";
import { db } from "~/models/db/db.server";
import { siteForHost } from "~/models/sites/sites.server";
import { loader as contentPage, meta as contentMeta } from "~/routes/content/page";

// Spec 2's guards on the content pages the catch-all route serves: a site
// without the part answers the non-fatal 404, the others show the page.
const GUARDED = [
  { slug: "about-us", setting: "about_us" },
  { slug: "purchase-agreement", setting: "purchase_agreement" },
  { slug: "reservation-policy", setting: "marketplace" },
];

beforeAll(async () => {
  for (const { slug } of GUARDED) {
    const page = await db().insertInto("pages").values({ slug }).returning("id").executeTakeFirstOrThrow();
    await sql`insert into page_translations (page_id, language_id, title, body)
              select ${page.id}, id, ${`Title of ${slug}`}, 'Body' from languages where iso_code = 'en'`.execute(db());
  }
});

function open(host: string, slug: string) {
  return contentPage({ request: new Request(`http://${host}/en/${slug}`), params: { locale: "en", "*": slug }, context: {} }).then(
    (answer) => ({ answer, error: undefined }),
    (error: unknown) => ({ answer: undefined, error: error as { init?: { status?: number }; data?: { fatal?: boolean } } }),
  );
}

describe("guarded content pages (spec 2)", () => {
  for (const { slug, setting } of GUARDED) {
    it(`/${slug} answers the non-fatal 404 on a site whose operator turned "${setting}" off`, async () => {
      await sql`update sites set settings = settings || ${JSON.stringify({ [setting]: false })}::jsonb where code = 'pj'`.execute(db());
      try {
        const off = await open("pj.localhost", slug);
        expect(off.error?.init?.status).toBe(404);
        expect(off.error?.data?.fatal).toBe(false);
        const on = await open("localhost", slug);
        expect(on.answer?.page.title).toBe(`Title of ${slug}`);
      } finally {
        await sql`update sites set settings = settings - ${setting} where code = 'pj'`.execute(db());
      }
    });
  }

  it("other content pages have no guard", async () => {
    await db().insertInto("pages").values({ slug: "warranty" }).execute();
    await sql`insert into page_translations (page_id, language_id, title, body)
              select p.id, l.id, 'Warranty', 'Body' from pages p, languages l where p.slug = 'warranty' and l.iso_code = 'en'`.execute(db());
    await sql`update sites set settings = settings || '{"marketplace": false, "about_us": false, "purchase_agreement": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      expect((await open("pj.localhost", "warranty")).answer?.page.title).toBe("Warranty");
    } finally {
      await sql`update sites set settings = settings - 'marketplace' - 'about_us' - 'purchase_agreement' where code = 'pj'`.execute(db());
    }
  });
});

type Answer = Awaited<ReturnType<typeof contentPage>>;

/** The catch-all's answer to a GET of /{locale}/{slug} on a host: the page, a redirect or a 404. */
async function visit(host: string, locale: string, slug: string, search = "") {
  try {
    const answer: Answer = await contentPage({ request: new Request(`http://${host}/${locale}/${slug}${search}`), params: { locale, "*": slug }, context: {} });
    return { answer, status: 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { answer: undefined, status: thrown.status, location: thrown.headers.get("location") };
    const { init, data } = thrown as { init?: { status?: number }; data?: { fatal?: boolean } };
    if (!init?.status) throw thrown;
    return { answer: undefined, status: init.status, location: null, fatal: data?.fatal };
  }
}

/** A page with texts by language (iso code: title and, where the language has one, its own slug); the page's id. */
async function makePage(slug: string, texts: Record<string, { title: string; slug?: string }>, siteCode?: string) {
  const site = siteCode ? await db().selectFrom("sites").select("id").where("code", "=", siteCode).executeTakeFirstOrThrow() : null;
  const page = await db()
    .insertInto("pages")
    .values({ slug, site_id: site?.id ?? null })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [iso, text] of Object.entries(texts)) {
    const language = await db().selectFrom("languages").select("id").where("iso_code", "=", iso).executeTakeFirstOrThrow();
    await db()
      .insertInto("page_translations")
      .values({ page_id: page.id, language_id: language.id, title: text.title, body: `## ${text.title}\n\nThe text of ${text.title}.`, slug: text.slug ?? null })
      .execute();
  }
  return page.id;
}

describe("content pages per site and language", () => {
  beforeAll(async () => {
    await makePage("returns", { en: { title: "Returns for every site" }, lt: { title: "Grąžinimas visoms svetainėms" } });
    await makePage("returns", { en: { title: "Returns at Preloved Junction" } }, "pj");
    await makePage("help-desk", {
      en: { title: "Help desk" },
      lt: { title: "Pagalbos centras", slug: "pagalbos-centras" },
      lv: { title: "Palīdzības centrs", slug: "palidzibas-centrs" },
    });
  });

  it("shows a site's own page instead of the shared one of the same slug, language by language", async () => {
    expect((await visit("pj.localhost", "en", "returns")).answer?.page.title).toBe("Returns at Preloved Junction");
    expect((await visit("localhost", "en", "returns")).answer?.page.title).toBe("Returns for every site");
    // The site's own page has no Lithuanian text: the shared one is shown there.
    expect((await visit("pj.localhost", "lt", "returns")).answer?.page.title).toBe("Grąžinimas visoms svetainėms");
  });

  it("answers the non-fatal 404 for a page that does not exist, or has no text in the language", async () => {
    const missing = await visit("localhost", "en", "no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.fatal).toBe(false);
    const untranslated = await visit("localhost", "ee", "help-desk");
    expect(untranslated.status).toBe(404);
    expect(untranslated.fatal).toBe(false);
  });

  it("shows a page at a language's own slug, and moves its other names there for good", async () => {
    const shown = await visit("localhost", "lt", "pagalbos-centras");
    expect(shown.answer?.page).toMatchObject({ slug: "help-desk", title: "Pagalbos centras" });
    expect(await visit("localhost", "lt", "help-desk", "?from=mail")).toMatchObject({ status: 301, location: "/lt/pagalbos-centras?from=mail" });
    // The language switcher keeps the path: another language's slug moves to this language's.
    expect(await visit("localhost", "en", "pagalbos-centras")).toMatchObject({ status: 301, location: "/en/help-desk" });
    expect(await visit("localhost", "lv", "pagalbos-centras")).toMatchObject({ status: 301, location: "/lv/palidzibas-centrs" });
    expect((await visit("localhost", "en", "help-desk")).answer?.page.title).toBe("Help desk");
  });

  it("gives the footer each page's address where a language has its own, and no other", async () => {
    const site = await siteForHost("localhost");
    expect(await ownPageAddresses(site.id, "lt")).toMatchObject({ "help-desk": "pagalbos-centras" });
    expect(await ownPageAddresses(site.id, "lv")).toMatchObject({ "help-desk": "palidzibas-centrs" });
    expect(await ownPageAddresses(site.id, "en")).not.toHaveProperty("help-desk");
    expect(await ownPageAddresses(site.id, "ee")).not.toHaveProperty("help-desk");
  });

  it("names each language's own slug in the hreflang alternates and the canonical address", async () => {
    const { answer } = await visit("localhost", "lt", "pagalbos-centras");
    expect(answer?.paths).toEqual({ en: "/help-desk", lt: "/pagalbos-centras", lv: "/palidzibas-centrs" });
    const site = await siteForHost("localhost");
    const matches = [{ id: "routes/layout", data: { shell: { site } } }, { id: "routes/content/page", data: answer }];
    const tags = contentMeta({ data: answer, matches, location: { pathname: "/lt/pagalbos-centras", search: "" }, params: {} } as never);
    const links = tags.filter((tag) => "tagName" in tag).map((tag) => ({ ...tag }));
    expect(links).toEqual([
      { tagName: "link", rel: "canonical", href: `${site.appUrl}/lt/pagalbos-centras` },
      { tagName: "link", rel: "alternate", hrefLang: "lt", href: `${site.appUrl}/lt/pagalbos-centras` },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: `${site.appUrl}/en/help-desk` },
      { tagName: "link", rel: "alternate", hrefLang: "lv", href: `${site.appUrl}/lv/palidzibas-centrs` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${site.appUrl}/lt/pagalbos-centras` },
    ]);
  });

  it("keeps a guarded page's guard at its own slug", async () => {
    const aboutUs = await db().selectFrom("pages").select("id").where("slug", "=", "about-us").executeTakeFirstOrThrow();
    await sql`insert into page_translations (page_id, language_id, title, body, slug)
              select ${aboutUs.id}, id, 'Apie mus', 'Tekstas', 'apie-mus' from languages where iso_code = 'lt'`.execute(db());
    await sql`update sites set settings = settings || '{"about_us": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      expect((await visit("pj.localhost", "lt", "apie-mus")).status).toBe(404);
      expect((await visit("pj.localhost", "lt", "about-us")).status).toBe(404);
      expect((await visit("localhost", "lt", "apie-mus")).answer?.page.title).toBe("Apie mus");
    } finally {
      await sql`update sites set settings = settings - 'about_us' where code = 'pj'`.execute(db());
    }
  });

  it("lists each language's own slug in the sitemap, and no page the site does not show", async () => {
    const urls = await contentSitemapUrls(await siteForHost("localhost"));
    const origin = (await siteForHost("localhost")).appUrl;
    expect(urls).toContain(`${origin}/lt/pagalbos-centras`);
    expect(urls).toContain(`${origin}/lv/palidzibas-centrs`);
    expect(urls).toContain(`${origin}/en/help-desk`);
    expect(urls).not.toContain(`${origin}/lt/help-desk`);
    expect(urls).not.toContain(`${origin}/ee/help-desk`);

    await sql`update sites set settings = settings || '{"purchase_agreement": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      const pj = await siteForHost("pj.localhost");
      const pjUrls = await contentSitemapUrls(pj);
      expect(pjUrls).toContain(`${pj.appUrl}/en/returns`);
      expect(pjUrls).not.toContain(`${pj.appUrl}/en/purchase-agreement`);
      expect(urls).toContain(`${origin}/en/purchase-agreement`);
    } finally {
      await sql`update sites set settings = settings - 'purchase_agreement' where code = 'pj'`.execute(db());
    }
  });
});
