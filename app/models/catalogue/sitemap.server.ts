import { contentSitemapUrls } from "~/models/content/sitemap.server";
import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";

// Sitemaps per host (spec: search bots index the catalogue): an index that
// names a sitemap of pages and categories and one per block of products.

/** Products per sitemap file: with four languages each, under the 50,000 URLs a file may hold. */
export const PRODUCTS_PER_SITEMAP = 10_000;

function xmlEscape(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function languages(site: SiteConfig) {
  return site.languages.map((l) => l.iso_code);
}

export async function sitemapIndex(site: SiteConfig) {
  const { count } = await db().selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count")).where("is_active", "=", true).executeTakeFirstOrThrow();
  const parts = Math.ceil(Number(count) / PRODUCTS_PER_SITEMAP);
  const files = ["pages.xml", ...Array.from({ length: parts }, (_, i) => `products-${i + 1}.xml`)];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((file) => `  <sitemap><loc>${xmlEscape(`${site.appUrl}/sitemap/${file}`)}</loc></sitemap>`).join("\n")}
</sitemapindex>`;
}

function urlset(urls: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`).join("\n")}
</urlset>`;
}

/** Home, listings and categories in every language of the site, then the content pages, FAQ and blog (each language's own slugs). */
export async function pagesSitemap(site: SiteConfig) {
  const [categories, content] = await Promise.all([
    db().selectFrom("categories").select("path").orderBy("path").execute(),
    contentSitemapUrls(site),
  ]);
  const paths = ["", "/marketplace", "/dealzone", ...categories.map((c) => `/c/${c.path}`)];
  return urlset([...languages(site).flatMap((locale) => paths.map((path) => `${site.appUrl}/${locale}${path}`)), ...content]);
}

/** One block of products, or null past the last block. */
export async function productsSitemap(site: SiteConfig, part: number) {
  const rows = await db()
    .selectFrom("products")
    .select("slug")
    .where("is_active", "=", true)
    .orderBy("id")
    .limit(PRODUCTS_PER_SITEMAP)
    .offset((part - 1) * PRODUCTS_PER_SITEMAP)
    .execute();
  if (rows.length === 0) return null;
  return urlset(rows.flatMap((row) => languages(site).map((locale) => `${site.appUrl}/${locale}/p/${row.slug}`)));
}
