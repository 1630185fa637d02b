import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { shellCached } from "~/models/db/shell-cache.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { resolvePage, siteShowsPage } from "./pages";

/**
 * The pages a site shows, one row per page and language: a site's own page
 * (pages.site_id) is shown instead of the shared page of the same slug in
 * each language it has a text in; elsewhere the shared page is. Without a
 * site, the shared pages only.
 */
function shownPages(siteId: number | null) {
  return db()
    .selectFrom("pages as p")
    .innerJoin("page_translations as t", "t.page_id", "p.id")
    .innerJoin("languages as l", "l.id", "t.language_id")
    .distinctOn(["p.slug", "t.language_id"])
    .select(["p.slug as page_slug", "l.iso_code", "t.language_id", "t.title", "t.seo_title", "t.description", "t.body", "p.updated_at"])
    .select(sql<string>`coalesce(t.slug, p.slug)`.as("address"))
    // A draft is not shown: where a site's own page is a draft, the shared page is (0048).
    .where("t.published", "=", true)
    .where((eb) => (siteId === null ? eb("p.site_id", "is", null) : eb.or([eb("p.site_id", "is", null), eb("p.site_id", "=", siteId)])))
    .orderBy("p.slug")
    .orderBy("t.language_id")
    // false before true: the site's own page first.
    .orderBy(sql`p.site_id is null`);
}

/**
 * The content page a path names on a site in a language, with its path in
 * every language it has a text in (pages.ts says how a path is resolved);
 * "moved" when the page lives at another path in this language; null for
 * the 404.
 */
export async function findPage(siteId: number, locale: Locale, slug: string) {
  const rows = await db()
    .with("shown", () => shownPages(siteId))
    .selectFrom("shown")
    .selectAll()
    .where("page_slug", "in", (eb) =>
      eb
        .selectFrom("shown as s")
        .select("s.page_slug")
        .where((w) => w.or([w("s.address", "=", slug), w("s.page_slug", "=", slug)])),
    )
    .orderBy("page_slug")
    .orderBy("language_id")
    .execute();
  const resolved = resolvePage(rows, locale, slug);
  if (resolved === null || resolved.kind === "moved") return resolved;
  const { page_slug, title, seo_title, description, body, updated_at } = resolved.row;
  return { kind: "page" as const, page: { slug: page_slug, title, seoTitle: seo_title || title, description, body, updated_at: new Date(updated_at).toISOString() }, paths: resolved.paths };
}

/** A page by its slug in a language; with a site, the site's own page where it has one. */
export async function getPage(locale: Locale, slug: string, siteId?: number) {
  return db()
    .with("shown", () => shownPages(siteId ?? null))
    .selectFrom("shown")
    .select(["page_slug as slug", "title", "description", "body", "updated_at"])
    .where("page_slug", "=", slug)
    .where("iso_code", "=", locale)
    .executeTakeFirst();
}

/**
 * The content pages whose address in a language is not their slug
 * ({ contacts: "kontaktai" } in Lithuanian), for the footer's links; kept
 * with the shell (migration 0033).
 */
export function ownPageAddresses(siteId: number, locale: Locale): Promise<Record<string, string>> {
  return shellCached(`page-addresses:${siteId}:${locale}`, async () => {
    const rows = await db()
      .with("shown", () => shownPages(siteId))
      .selectFrom("shown")
      .select(["page_slug", "address"])
      .where("iso_code", "=", locale)
      .whereRef("address", "!=", "page_slug")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.page_slug, row.address]));
  });
}

/** Every content page the site shows, at its address in each of the site's languages: for the sitemap. */
export async function sitePageAddresses(site: SiteConfig) {
  const languageIds = site.languages.map((l) => l.id);
  if (languageIds.length === 0) return [];
  const rows = await db()
    .with("shown", () => shownPages(site.id))
    .selectFrom("shown")
    .select(["page_slug", "iso_code", "address"])
    .where("language_id", "in", languageIds)
    .orderBy("page_slug")
    .execute();
  return rows.filter((row) => siteShowsPage(site.features, row.page_slug));
}

/** The newest published posts; with a site, only those it shows (its own and every site's, migration 0026). */
export async function listLatestPosts(locale: Locale, limit: number, siteId?: number) {
  let query = db()
    .selectFrom("blog_posts")
    .innerJoin("blog_post_translations as t", "t.post_id", "blog_posts.id")
    .innerJoin("languages", "languages.id", "t.language_id")
    .select(["blog_posts.slug", "blog_posts.image", "blog_posts.published_at", "t.title", "t.excerpt"])
    .where("languages.iso_code", "=", locale)
    .where("t.published", "=", true);
  if (siteId !== undefined) query = query.where((eb) => eb.or([eb("blog_posts.site_id", "is", null), eb("blog_posts.site_id", "=", siteId)]));
  return query.orderBy("blog_posts.published_at", "desc").limit(limit).execute();
}
