import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { recordAudit, staleEdit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { isUniqueViolation } from "~/models/db/errors";
import { forgetShell, shellCached } from "~/models/db/shell-cache.server";
import { sanitiseBody, sanitiseLine } from "./body";
import type { FaqText, PageText } from "./content-edit-schema";
import { createForSite, languageId, sameInstant, saveText, textsAndTrail, type ContentOutcome, type TextStore } from "./content-records.server";
import type { FaqCategory } from "./faq";

// What staff write for the shop's content (the back office's /admin/content
// and npm run admin -- content …): a content page's and an FAQ entry's text
// in each language, published or a draft; new pages and entries; and the
// notification strip over every page, per site and language. Each save goes
// through the shop's sanitiser (body.ts), refuses an edit made on an older
// version, and writes the audit log in the same transaction.
//
// Shown at once: pages and FAQ answers are read on each request; the
// strip and the pages' addresses are part of the shell each app server
// keeps (decision 024), whose version the tables' triggers move in the
// writer's transaction (0033, 0048), so every server drops its copy within
// a second and this one at once (forgetShell).

// ---- content pages ----

/** Every content page, with its site and which languages it has a text in (published or a draft). */
export async function staffPages() {
  const [pages, texts] = await Promise.all([
    db().selectFrom("pages as p").leftJoin("sites as s", "s.id", "p.site_id").select(["p.id", "p.slug", "p.updated_at", "s.code as site"]).orderBy("p.slug").orderBy("p.id").execute(),
    db().selectFrom("page_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["t.page_id", "l.iso_code", "t.title", "t.published"]).execute(),
  ]);
  return pages.map((page) => ({
    ...page,
    texts: Object.fromEntries(texts.filter((t) => t.page_id === page.id).map((t) => [t.iso_code, { title: t.title, published: t.published }])) as Partial<Record<Locale, { title: string; published: boolean }>>,
  }));
}

/** One page with its text in each language and its trail; null for no such page. */
export async function staffPage(pageId: number) {
  const page = await db().selectFrom("pages as p").leftJoin("sites as s", "s.id", "p.site_id").select(["p.id", "p.slug", "p.updated_at", "s.code as site"]).where("p.id", "=", pageId).executeTakeFirst();
  if (!page) return null;
  const texts = db().selectFrom("page_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["l.iso_code", "t.title", "t.seo_title", "t.description", "t.slug", "t.body", "t.published"]).where("t.page_id", "=", pageId).execute();
  return { page, ...(await textsAndTrail("page", pageId, texts)) };
}

/** A new content page, shown by every site (site null) or by one site instead of the shared page of its slug; its texts come next. */
export function createPage(actor: StaffActor, slug: string, siteCode: string | null): Promise<ContentOutcome> {
  return createForSite(actor, { action: "content.page.create", entity: "page" }, slug, siteCode, (trx, siteId) => trx.insertInto("pages").values({ slug, site_id: siteId }).returning("id").executeTakeFirstOrThrow());
}

type PageRow = { title: string; seo_title: string; description: string; slug: string | null; body: string; published: boolean };

const PAGE_TEXTS: TextStore<{ slug: string; site_id: number | null; updated_at: Date }, PageRow> = {
  entity: "page",
  action: "content.page.save",
  lock: (trx, id) => trx.selectFrom("pages").select(["id", "slug", "site_id", "updated_at"]).where("id", "=", id).forUpdate().executeTakeFirst(),
  read: (trx, id, language) => trx.selectFrom("page_translations").select(["title", "seo_title", "description", "slug", "body", "published"]).where("page_id", "=", id).where("language_id", "=", language).executeTakeFirst(),
  write: (trx, id, language, row) =>
    trx
      .insertInto("page_translations")
      .values({ page_id: id, language_id: language, ...row })
      .onConflict((conflict) => conflict.columns(["page_id", "language_id"]).doUpdateSet(row))
      .execute(),
};

/**
 * A page's text in one language, written as staff typed it through the
 * sanitiser: its title, SEO title and description, its own address in the
 * language (or none), the body and whether it is published. Refused when the
 * page changed since `seen`, or when another page already answers at that
 * address in the language.
 */
export async function savePageText(actor: StaffActor, pageId: number, locale: Locale, text: PageText, seen: Date | undefined): Promise<ContentOutcome> {
  const result = await saveText(actor, PAGE_TEXTS, {
    id: pageId,
    locale,
    seen,
    row: (page) => ({
      title: sanitiseLine(text.title),
      seo_title: sanitiseLine(text.seoTitle ?? ""),
      description: sanitiseLine(text.description ?? ""),
      slug: text.slug && text.slug !== page.slug ? text.slug : null,
      body: sanitiseBody(text.body),
      published: text.status === "published",
    }),
    refuse: async (trx, page, language, { slug: address }) => {
      if (!address) return undefined;
      // Another page of the same scope answering there, by its slug or by its address in this language, would hide one of the two.
      const taken = await trx
        .selectFrom("pages as p")
        .leftJoin("page_translations as t", (join) => join.onRef("t.page_id", "=", "p.id").on("t.language_id", "=", language))
        .select("p.id")
        .where("p.id", "!=", pageId)
        .where((eb) => eb.or([eb("p.slug", "=", address), eb("t.slug", "=", address)]))
        .where((eb) => (page.site_id === null ? eb.val(true) : eb.or([eb("p.site_id", "is", null), eb("p.site_id", "=", page.site_id)])))
        .executeTakeFirst();
      return taken ? { ok: false, error: "slug_taken" } : undefined;
    },
    touch: (trx) => trx.updateTable("pages").set({ updated_at: new Date() }).where("id", "=", pageId).execute(),
  });
  if (result.ok) forgetShell();
  return result;
}

// ---- FAQ ----

/** Every FAQ entry in the order the page lists them, with which languages it has a text in. */
export async function staffFaqEntries() {
  const [entries, texts] = await Promise.all([
    db().selectFrom("faq_entries").select(["id", "slug", "category", "position", "updated_at"]).orderBy("category").orderBy("position").orderBy("id").execute(),
    db().selectFrom("faq_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["t.faq_id", "l.iso_code", "t.question", "t.published"]).execute(),
  ]);
  return entries.map((entry) => ({
    ...entry,
    texts: Object.fromEntries(texts.filter((t) => t.faq_id === entry.id).map((t) => [t.iso_code, { question: t.question, published: t.published }])) as Partial<Record<Locale, { question: string; published: boolean }>>,
  }));
}

/** One FAQ entry with its text in each language and its trail; null for no such entry. */
export async function staffFaqEntry(faqId: number) {
  const entry = await db().selectFrom("faq_entries").select(["id", "slug", "category", "position", "updated_at"]).where("id", "=", faqId).executeTakeFirst();
  if (!entry) return null;
  const texts = db().selectFrom("faq_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["l.iso_code", "t.question", "t.answer", "t.seo_title", "t.seo_description", "t.published"]).where("t.faq_id", "=", faqId).execute();
  return { entry, ...(await textsAndTrail("faq", faqId, texts)) };
}

/** A new FAQ entry, last of its category; its texts come next. */
export async function createFaqEntry(actor: StaffActor, slug: string, category: FaqCategory): Promise<ContentOutcome> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<ContentOutcome> => {
        const last = await trx.selectFrom("faq_entries").select(sql<number>`coalesce(max(position), 0)::int`.as("position")).where("category", "=", category).executeTakeFirstOrThrow();
        const entry = await trx
          .insertInto("faq_entries")
          .values({ slug, category, position: Math.min(Number(last.position) + 1, 32_767) })
          .returning("id")
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: "content.faq.create", entity: "faq", entityId: entry.id, after: { slug, category } });
        return { ok: true, id: entry.id };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "slug_taken" };
    throw error;
  }
}

type FaqRow = { question: string; answer: string; seo_title: string; seo_description: string; published: boolean };

const FAQ_TEXTS: TextStore<{ category: string; updated_at: Date }, FaqRow> = {
  entity: "faq",
  action: "content.faq.save",
  lock: (trx, id) => trx.selectFrom("faq_entries").select(["id", "category", "updated_at"]).where("id", "=", id).forUpdate().executeTakeFirst(),
  read: (trx, id, language) => trx.selectFrom("faq_translations").select(["question", "answer", "seo_title", "seo_description", "published"]).where("faq_id", "=", id).where("language_id", "=", language).executeTakeFirst(),
  write: (trx, id, language, row) =>
    trx
      .insertInto("faq_translations")
      .values({ faq_id: id, language_id: language, ...row })
      .onConflict((conflict) => conflict.columns(["faq_id", "language_id"]).doUpdateSet(row))
      .execute(),
};

/**
 * An FAQ entry's text in one language (question, answer, SEO title and
 * description, published or a draft) and its category, through the
 * sanitiser. Refused when the entry changed since `seen`.
 */
export function saveFaqText(actor: StaffActor, faqId: number, locale: Locale, text: FaqText, seen: Date | undefined): Promise<ContentOutcome> {
  return saveText(actor, FAQ_TEXTS, {
    id: faqId,
    locale,
    seen,
    row: () => ({
      question: sanitiseLine(text.question),
      answer: sanitiseBody(text.answer),
      seo_title: sanitiseLine(text.seoTitle ?? ""),
      seo_description: sanitiseLine(text.seoDescription ?? ""),
      published: text.status === "published",
    }),
    touch: (trx) => trx.updateTable("faq_entries").set({ category: text.category, updated_at: new Date() }).where("id", "=", faqId).execute(),
    // The category is the entry's, saved with the text: the entry's trail shows it moving.
    besides: (entry) => ({ before: { category: entry.category }, after: { category: text.category } }),
  });
}

/** Files an FAQ entry under a category (npm run admin -- content faq-category); false when there is no such entry. */
export async function setFaqCategory(actor: StaffActor, slug: string, category: FaqCategory) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const entry = await trx.selectFrom("faq_entries").select(["id", "category"]).where("slug", "=", slug).forUpdate().executeTakeFirst();
      if (!entry) return false;
      await trx.updateTable("faq_entries").set({ category, updated_at: new Date() }).where("id", "=", entry.id).execute();
      await recordAudit(trx, actor, { action: "content.faq.category", entity: "faq", entityId: entry.id, before: { category: entry.category }, after: { category } });
      return true;
    });
}

// ---- blog ----

/**
 * Shows a post on one site only (by the site's code), or on every site
 * (null). Undefined when there is no such post or site.
 */
export async function setPostSite(actor: StaffActor, slug: string, siteCode: string | null) {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      let siteId: number | null = null;
      if (siteCode !== null) {
        const site = await trx.selectFrom("sites").select("id").where("code", "=", siteCode).executeTakeFirst();
        if (!site) return { missing: "site" } as const;
        siteId = site.id;
      }
      const post = await trx.selectFrom("blog_posts").select(["id", "site_id"]).where("slug", "=", slug).forUpdate().executeTakeFirst();
      if (!post) return { missing: "post" } as const;
      await trx.updateTable("blog_posts").set({ site_id: siteId }).where("id", "=", post.id).execute();
      await recordAudit(trx, actor, { action: "content.post.site", entity: "blog_post", entityId: post.id, before: { site_id: post.site_id }, after: { site_id: siteId, site: siteCode } });
      return { done: true } as const;
    });
  if ("done" in result) forgetShell();
  return result;
}

// ---- the notification strip ----

/**
 * What the strip over every page says on a site in a language: the text
 * staff wrote ("" for no strip), or null for the shop's own text. Kept with
 * the shell (decision 024; the table's trigger moves its version).
 */
export function notificationStrip(siteId: number, locale: Locale): Promise<string | null> {
  return shellCached(`strip:${siteId}:${locale}`, async () => {
    const row = await db()
      .selectFrom("notification_strips as n")
      .innerJoin("languages as l", "l.id", "n.language_id")
      .select("n.text")
      .where("n.site_id", "=", siteId)
      .where("l.iso_code", "=", locale)
      .executeTakeFirst();
    return row?.text ?? null;
  });
}

/** Every site with its languages, each with what its strip says (null: the shop's own text) and the version an edit names. */
export async function staffStrips() {
  const rows = await db()
    .selectFrom("site_languages as sl")
    .innerJoin("sites as s", "s.id", "sl.site_id")
    .innerJoin("languages as l", "l.id", "sl.language_id")
    .leftJoin("notification_strips as n", (join) => join.onRef("n.site_id", "=", "sl.site_id").onRef("n.language_id", "=", "sl.language_id"))
    .select(["s.code as site", "s.name as site_name", "l.iso_code", "n.text", "n.updated_at"])
    .orderBy("s.id")
    .orderBy("sl.position")
    .execute();
  return rows.map((row) => ({ ...row, locale: row.iso_code as Locale }));
}

/**
 * A site's strip in a language: the text (sanitised, on one line; empty for
 * no strip). `seen` is the version the page showed, null when it showed the
 * shop's own text; undefined (the command line) checks nothing. Two staff
 * writing the first text at once: the second is refused as stale.
 */
export async function saveStrip(actor: StaffActor, siteCode: string, locale: Locale, text: string, seen: Date | null | undefined): Promise<ContentOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ContentOutcome> => {
      const site = await trx.selectFrom("sites").select("id").where("code", "=", siteCode).executeTakeFirst();
      if (!site) return { ok: false, error: "no_such_site" };
      const language = await languageId(trx, locale);
      const entityId = `${siteCode}:${locale}`;
      const clean = sanitiseLine(text);
      const before = await trx.selectFrom("notification_strips").select(["text", "updated_at"]).where("site_id", "=", site.id).where("language_id", "=", language).forUpdate().executeTakeFirst();
      if (seen !== undefined && (before ? seen === null || !sameInstant(before.updated_at, seen) : seen !== null)) return staleEdit(trx, "strip", entityId);
      if (before) {
        await trx.updateTable("notification_strips").set({ text: clean, updated_at: new Date() }).where("site_id", "=", site.id).where("language_id", "=", language).execute();
      } else {
        // A colleague writing the first text at the same moment inserted it first: theirs stands, this one is stale.
        const inserted = await trx
          .insertInto("notification_strips")
          .values({ site_id: site.id, language_id: language, text: clean })
          .onConflict((conflict) => conflict.columns(["site_id", "language_id"]).doNothing())
          .returning("site_id")
          .executeTakeFirst();
        if (!inserted) return staleEdit(trx, "strip", entityId);
      }
      await recordAudit(trx, actor, { action: "content.strip", entity: "strip", entityId, before: before ? { text: before.text } : null, after: { text: clean } });
      return { ok: true, id: site.id };
    });
  if (result.ok) forgetShell();
  return result;
}
