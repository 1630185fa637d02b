import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";

export async function getPage(locale: Locale, slug: string) {
  return db()
    .selectFrom("pages")
    .innerJoin("page_translations as t", "t.page_id", "pages.id")
    .innerJoin("languages", "languages.id", "t.language_id")
    .select(["pages.slug", "t.title", "t.description", "t.body", "pages.updated_at"])
    .where("pages.slug", "=", slug)
    .where("languages.iso_code", "=", locale)
    .executeTakeFirst();
}

/** The newest posts; with a site, only those it shows (its own and every site's, migration 0026). */
export async function listLatestPosts(locale: Locale, limit: number, siteId?: number) {
  let query = db()
    .selectFrom("blog_posts")
    .innerJoin("blog_post_translations as t", "t.post_id", "blog_posts.id")
    .innerJoin("languages", "languages.id", "t.language_id")
    .select(["blog_posts.slug", "blog_posts.image", "blog_posts.published_at", "t.title", "t.excerpt"])
    .where("languages.iso_code", "=", locale);
  if (siteId !== undefined) query = query.where((eb) => eb.or([eb("blog_posts.site_id", "is", null), eb("blog_posts.site_id", "=", siteId)]));
  return query.orderBy("blog_posts.published_at", "desc").limit(limit).execute();
}
