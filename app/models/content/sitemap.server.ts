import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { sitePageAddresses } from "./content.server";

/**
 * The content pages, FAQ and blog addresses for the site's sitemap, per
 * language, only those that answer there: a content page at its own slug in
 * each language and only on a site whose guards let it through, a question
 * or post in a language with no translation left out, and the blog of a
 * site without posts too.
 */
export async function contentSitemapUrls(site: SiteConfig) {
  const languageIds = site.languages.map((l) => l.id);
  if (languageIds.length === 0) return [];
  const [pages, faq, posts] = await Promise.all([
    sitePageAddresses(site),
    db()
      .selectFrom("faq_entries as f")
      .innerJoin("faq_translations as t", "t.faq_id", "f.id")
      .select(["f.slug", "t.language_id"])
      .where("t.language_id", "in", languageIds)
      .where("t.published", "=", true)
      .orderBy("f.position")
      .orderBy("f.id")
      .execute(),
    db()
      .selectFrom("blog_posts as p")
      .innerJoin("blog_post_translations as t", "t.post_id", "p.id")
      .select(["p.slug", "t.language_id"])
      .where("t.language_id", "in", languageIds)
      .where("t.published", "=", true)
      .where((eb) => eb.or([eb("p.site_id", "is", null), eb("p.site_id", "=", site.id)]))
      .orderBy("p.published_at", "desc")
      .orderBy("p.id", "desc")
      .execute(),
  ]);
  return site.languages.flatMap(({ id, iso_code }) => {
    const own = <T extends { language_id: number }>(rows: T[]) => rows.filter((row) => row.language_id === id);
    const postsHere = own(posts);
    const pagesHere = pages.filter((page) => page.iso_code === iso_code).map((page) => `/${page.address}`);
    const paths = [...pagesHere, "/faq", ...own(faq).map((f) => `/faq/${f.slug}`), ...(postsHere.length > 0 ? ["/blog", ...postsHere.map((p) => `/blog/${p.slug}`)] : [])];
    return paths.map((path) => `${site.appUrl}/${iso_code}${path}`);
  });
}
