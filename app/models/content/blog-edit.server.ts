import type { Locale } from "~/lib/i18n";
import { auditTrail, recordAudit, staleEdit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { isUniqueViolation } from "~/models/db/errors";
import { forgetShell } from "~/models/db/shell-cache.server";
import { sanitiseBody, sanitiseLine, summary } from "./body";
import type { BlogText } from "./content-edit-schema";
import type { ContentOutcome } from "./content-edit.server";

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

const sameInstant = (a: Date, b: Date) => new Date(a).getTime() === b.getTime();

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
  const [texts, trail] = await Promise.all([
    db()
      .selectFrom("blog_post_translations as t")
      .innerJoin("languages as l", "l.id", "t.language_id")
      .select(["l.iso_code", "t.title", "t.excerpt", "t.body", "t.seo_title", "t.seo_description", "t.published"])
      .where("t.post_id", "=", postId)
      .execute(),
    auditTrail("blog_post", postId),
  ]);
  return { post, texts: Object.fromEntries(texts.map((text) => [text.iso_code, text])) as Partial<Record<Locale, (typeof texts)[number]>>, trail };
}

/** A new post, shown by every site (site null) or by one; its texts come next. */
export async function createPost(actor: StaffActor, slug: string, siteCode: string | null): Promise<ContentOutcome> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<ContentOutcome> => {
        let siteId: number | null = null;
        if (siteCode) {
          const site = await trx.selectFrom("sites").select("id").where("code", "=", siteCode).executeTakeFirst();
          if (!site) return { ok: false, error: "no_such_site" };
          siteId = site.id;
        }
        const post = await trx.insertInto("blog_posts").values({ slug, site_id: siteId }).returning("id").executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: "content.post.create", entity: "blog_post", entityId: post.id, after: { slug, site: siteCode } });
        return { ok: true, id: post.id };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "slug_taken" };
    throw error;
  }
}

/**
 * A post's text in one language, through the sanitiser: title, lead (empty:
 * the start of the text), the Markdown text, SEO title and description, and
 * published or a draft. A post published for the first time in any
 * language is dated then, so a draft written over a week is not shown as
 * old news. Refused when the post changed since `seen`.
 */
export async function savePostText(actor: StaffActor, postId: number, locale: Locale, text: BlogText, seen: Date | undefined): Promise<ContentOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ContentOutcome> => {
      const post = await trx.selectFrom("blog_posts").select(["id", "updated_at"]).where("id", "=", postId).forUpdate().executeTakeFirst();
      if (!post) return { ok: false, error: "not_found" };
      if (seen && !sameInstant(post.updated_at, seen)) return staleEdit(trx, "blog_post", postId);
      const language = (await trx.selectFrom("languages").select("id").where("iso_code", "=", locale).executeTakeFirstOrThrow()).id;
      const [before, anyPublished] = await Promise.all([
        trx.selectFrom("blog_post_translations").select(["title", "excerpt", "body", "seo_title", "seo_description", "published"]).where("post_id", "=", postId).where("language_id", "=", language).executeTakeFirst(),
        trx.selectFrom("blog_post_translations").select("post_id").where("post_id", "=", postId).where("published", "=", true).executeTakeFirst(),
      ]);
      const body = sanitiseBody(text.body);
      const row = {
        title: sanitiseLine(text.title),
        excerpt: sanitiseLine(text.excerpt ?? "") || summary(body, 300),
        body,
        seo_title: sanitiseLine(text.seoTitle ?? ""),
        seo_description: sanitiseLine(text.seoDescription ?? ""),
        published: text.status === "published",
      };
      await trx
        .insertInto("blog_post_translations")
        .values({ post_id: postId, language_id: language, ...row })
        .onConflict((conflict) => conflict.columns(["post_id", "language_id"]).doUpdateSet(row))
        .execute();
      const now = new Date();
      await trx
        .updateTable("blog_posts")
        .set({ updated_at: now, ...(row.published && !anyPublished ? { published_at: now } : {}) })
        .where("id", "=", postId)
        .execute();
      await recordAudit(trx, actor, { action: "content.post.save", entity: "blog_post", entityId: postId, before: before ? { locale, ...before } : null, after: { locale, ...row } });
      return { ok: true, id: postId };
    });
  if (result.ok) forgetShell();
  return result;
}
