import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { BLOG_PAGE_SIZE, blogPage, longDate } from "./blog";

/** The published posts of a site in a language: the site's own and those of every site (site_id null). */
function postsInLanguage(siteId: number, locale: Locale) {
  return db()
    .selectFrom("blog_posts as p")
    .innerJoin("blog_post_translations as t", "t.post_id", "p.id")
    .innerJoin("languages as l", "l.id", "t.language_id")
    .where("l.iso_code", "=", locale)
    .where("t.published", "=", true)
    .where((eb) => eb.or([eb("p.site_id", "is", null), eb("p.site_id", "=", siteId)]));
}

function dated<T extends { published_at: Date }>(post: T, locale: Locale) {
  const published = new Date(post.published_at);
  return { ...post, published_at: published.toISOString(), date: longDate(published, locale) };
}

/**
 * /blog: one page of the site's posts in the page's language, newest first.
 * "none" when the site has no post in that language (the page is a 404
 * there); a redirect for a page number out of range (blog.ts).
 */
export async function blogIndex(siteId: number, locale: Locale, pageParam: string | null) {
  const counted = await postsInLanguage(siteId, locale).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { kind: "none" } as const;
  const at = blogPage(pageParam, total);
  if ("redirectTo" in at) return { kind: "redirect", page: at.redirectTo } as const;
  const rows = await postsInLanguage(siteId, locale)
    .select(["p.slug", "p.image", "p.published_at", "p.author", "t.title", "t.excerpt"])
    .orderBy("p.published_at", "desc")
    .orderBy("p.id", "desc")
    .limit(BLOG_PAGE_SIZE)
    .offset((at.page - 1) * BLOG_PAGE_SIZE)
    .execute();
  return { kind: "page", page: at.page, pages: at.pages, posts: rows.map((row) => dated(row, locale)) } as const;
}

/**
 * /blog/{slug}: the post, with the one published just before it (previous)
 * and just after it (next) on the same site and in the same language.
 */
export async function blogPost(siteId: number, locale: Locale, slug: string) {
  const row = await postsInLanguage(siteId, locale)
    .select(["p.id", "p.slug", "p.image", "p.published_at", "p.author", "t.title", "t.excerpt", "t.body", "t.seo_title", "t.seo_description"])
    .where("p.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return undefined;
  // Compared with the stored row, not the Date read from it: a timestamp
  // keeps microseconds that a Date drops. Equal dates are ordered by id.
  const neighbour = (direction: "older" | "newer") =>
    postsInLanguage(siteId, locale)
      .select(["p.slug", "t.title"])
      .where(sql<boolean>`(p.published_at, p.id) ${sql.raw(direction === "older" ? "<" : ">")} (select published_at, id from blog_posts where id = ${row.id})`)
      .orderBy("p.published_at", direction === "older" ? "desc" : "asc")
      .orderBy("p.id", direction === "older" ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
  const [previous, next] = await Promise.all([neighbour("older"), neighbour("newer")]);
  const { id: _id, ...post } = row;
  return { post: dated(post, locale), previous: previous ?? null, next: next ?? null };
}
