import type { Locale } from "~/lib/i18n";
import type { StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { forgetShell } from "~/models/db/shell-cache.server";
import { sanitiseBody, sanitiseLine, summary } from "./body";
import type { BlogText } from "./content-edit-schema";
import { createForSite, saveText, textsAndTrail, type ContentOutcome, type TextStore } from "./content-records.server";

// The blog as staff write it (the back office's /admin/content/blog): new
// posts, shown by every site or by one, and each post's text in each
// language (title, lead, Markdown text, SEO title and description),
// published or a draft, through the shop's sanitiser (body.ts), as the
// content pages are (content-edit.server.ts). An edit made on an older
// version is refused; each save is in the audit log in its transaction.
//
// Shown at once: /blog and its posts read the tables on each request; the
// home page's teasers and the footer's blog link are part of the shell,
// whose version the blog's tables move in the writer's transaction (0026),
// so every server follows within a second and this one at once.

/** Every post, newest first, with its site and its title and state in each language it has a text in. */
export async function staffPosts() {
  const [posts, texts] = await Promise.all([
    db().selectFrom("blog_posts as p").leftJoin("sites as s", "s.id", "p.site_id").select(["p.id", "p.slug", "p.published_at", "p.updated_at", "s.code as site"]).orderBy("p.published_at", "desc").orderBy("p.id", "desc").execute(),
    db().selectFrom("blog_post_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["t.post_id", "l.iso_code", "t.title", "t.published"]).execute(),
  ]);
  return posts.map((post) => ({
    ...post,
    texts: Object.fromEntries(texts.filter((text) => text.post_id === post.id).map((text) => [text.iso_code, { title: text.title, published: text.published }])) as Partial<Record<Locale, { title: string; published: boolean }>>,
  }));
}

/** A post's edit page: the post, its texts by language, its audit trail. */
export async function staffPost(postId: number) {
  const post = await db().selectFrom("blog_posts as p").leftJoin("sites as s", "s.id", "p.site_id").select(["p.id", "p.slug", "p.published_at", "p.updated_at", "s.code as site"]).where("p.id", "=", postId).executeTakeFirst();
  if (!post) return null;
  const texts = db().selectFrom("blog_post_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["l.iso_code", "t.title", "t.excerpt", "t.body", "t.seo_title", "t.seo_description", "t.published"]).where("t.post_id", "=", postId).execute();
  return { post, ...(await textsAndTrail("blog_post", postId, texts)) };
}

/** A new post, shown by every site (site null) or by one; its texts come next. */
export function createPost(actor: StaffActor, slug: string, siteCode: string | null): Promise<ContentOutcome> {
  return createForSite(actor, { action: "content.post.create", entity: "blog_post" }, slug, siteCode, (trx, siteId) => trx.insertInto("blog_posts").values({ slug, site_id: siteId }).returning("id").executeTakeFirstOrThrow());
}

type PostRow = { title: string; excerpt: string; body: string; seo_title: string; seo_description: string; published: boolean };

const POST_TEXTS: TextStore<{ updated_at: Date; anyPublished: boolean }, PostRow> = {
  entity: "blog_post",
  action: "content.post.save",
  // Whether any language was published before this save: the first publication dates the post.
  lock: async (trx, id) => {
    const post = await trx.selectFrom("blog_posts").select(["id", "updated_at"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!post) return undefined;
    const published = await trx.selectFrom("blog_post_translations").select("post_id").where("post_id", "=", id).where("published", "=", true).executeTakeFirst();
    return { ...post, anyPublished: published !== undefined };
  },
  read: (trx, id, language) => trx.selectFrom("blog_post_translations").select(["title", "excerpt", "body", "seo_title", "seo_description", "published"]).where("post_id", "=", id).where("language_id", "=", language).executeTakeFirst(),
  write: (trx, id, language, row) =>
    trx
      .insertInto("blog_post_translations")
      .values({ post_id: id, language_id: language, ...row })
      .onConflict((conflict) => conflict.columns(["post_id", "language_id"]).doUpdateSet(row))
      .execute(),
};

/**
 * A post's text in one language, through the sanitiser: title, lead (empty:
 * the start of the text), the Markdown text, SEO title and description, and
 * published or a draft. A post published for the first time in any
 * language is dated then, so a draft written over a week is not shown as
 * old news. Refused when the post changed since `seen`.
 */
export async function savePostText(actor: StaffActor, postId: number, locale: Locale, text: BlogText, seen: Date | undefined): Promise<ContentOutcome> {
  const body = sanitiseBody(text.body);
  const result = await saveText(actor, POST_TEXTS, {
    id: postId,
    locale,
    seen,
    row: () => ({
      title: sanitiseLine(text.title),
      excerpt: sanitiseLine(text.excerpt ?? "") || summary(body, 300),
      body,
      seo_title: sanitiseLine(text.seoTitle ?? ""),
      seo_description: sanitiseLine(text.seoDescription ?? ""),
      published: text.status === "published",
    }),
    touch: (trx, post, row) => {
      const now = new Date();
      return trx
        .updateTable("blog_posts")
        .set({ updated_at: now, ...(row.published && !post.anyPublished ? { published_at: now } : {}) })
        .where("id", "=", postId)
        .execute();
    },
  });
  if (result.ok) forgetShell();
  return result;
}
