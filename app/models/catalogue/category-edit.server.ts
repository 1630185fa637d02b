import { sql, type Transaction } from "kysely";
import { LOCALES, type Locale } from "~/lib/i18n";
import { auditTrail, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import type { Database } from "~/models/db/schema";
import { forgetShell } from "~/models/db/shell-cache.server";
import { saveRedirectIn } from "~/models/redirects/redirects.server";
import type { CategoryInput } from "./category-form";

// The category tree as staff edit it (the back office's /admin/categories):
// a category's slug, parent, order among its siblings, and its name and page
// title in each language. A category's address is its path, the slugs from
// the top down (/c/clothes/jackets); a change of slug or parent moves the
// category and everything below it, and leaves a 301 redirect from each old
// address (bare and in every language, /c/… and /lv/c/…) to the new one, in
// the same transaction, so no indexed link breaks.
//
// Shown at once: the categories are part of the shell each app server keeps
// (decision 024); their tables' triggers move its version in the writer's
// transaction (0019), so menus, listings, breadcrumbs and the sitemap follow
// within a second on every server, and at once on this one (forgetShell).

export type CategoryText = { name: string; title: string };
export type StaffCategoryRow = {
  id: number;
  parent_id: number | null;
  position: number;
  slug: string;
  path: string;
  updated_at: Date;
  /** How deep in the tree: 0 for a top category. */
  depth: number;
  texts: Partial<Record<Locale, CategoryText>>;
};

export type CategoryRefusal =
  | { ok: false; error: "not_found" }
  | { ok: false; error: "parent_missing" }
  /** The parent chosen is the category itself or one below it. */
  | { ok: false; error: "cycle" }
  /** Another category answers at that address already. */
  | { ok: false; error: "slug_taken"; path: string }
  /** An old address could not be redirected (a redirect there would loop); nothing was changed. */
  | { ok: false; error: "redirect"; from: string; problem: string }
  | StaleEdit;
export type CategoryMove = { from: string; to: string };
export type CategoryOutcome = { ok: true; id: number; moved: CategoryMove[] } | CategoryRefusal;

/** Category writes take this lock, one at a time across app servers: two moves at once could otherwise make a cycle together or take one address twice. */
const CATEGORIES_LOCK = 7_240_051;

const sameInstant = (a: Date, b: Date) => new Date(a).getTime() === b.getTime();

/** A category's addresses: bare (/c/…) and under each language's prefix (/lv/c/…), each a path a shopper may have saved. */
export function categoryAddresses(path: string) {
  return [`/c/${path}`, ...LOCALES.map((locale) => `/${locale}/c/${path}`)];
}

async function languageIds(trx: DB) {
  const rows = await trx.selectFrom("languages").select(["id", "iso_code"]).where("iso_code", "in", [...LOCALES]).execute();
  return new Map(rows.map((row) => [row.iso_code as Locale, row.id]));
}

/** Every category with its texts in every language, in the tree's order (each parent before its children, siblings by position). */
export async function staffCategories(): Promise<StaffCategoryRow[]> {
  const [rows, texts] = await Promise.all([
    db().selectFrom("categories").select(["id", "parent_id", "position", "slug", "path", "updated_at"]).execute(),
    db().selectFrom("category_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["t.category_id", "l.iso_code", "t.name", "t.title"]).execute(),
  ]);
  const textsOf = new Map<number, Partial<Record<Locale, CategoryText>>>();
  for (const text of texts) {
    const own = textsOf.get(text.category_id) ?? {};
    own[text.iso_code as Locale] = { name: text.name, title: text.title };
    textsOf.set(text.category_id, own);
  }
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const ordered: StaffCategoryRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const row of (byParent.get(parent) ?? []).sort((a, b) => a.position - b.position || a.id - b.id)) {
      ordered.push({ ...row, depth, texts: textsOf.get(row.id) ?? {} });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

/** A category's edit page: the category, the parents it may take (not itself nor one below it), its audit trail. */
export async function staffCategory(categoryId: number) {
  const all = await staffCategories();
  const category = all.find((row) => row.id === categoryId);
  if (!category) return null;
  const below = subtreeIds(all, categoryId);
  return { category, parents: all.filter((row) => !below.has(row.id)), trail: await auditTrail("category", categoryId) };
}

/** The category and every one below it. */
function subtreeIds(rows: { id: number; parent_id: number | null }[], rootId: number) {
  const ids = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.parent_id !== null && ids.has(row.parent_id) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

async function writeTexts(trx: DB, categoryId: number, texts: CategoryInput["texts"]) {
  const languages = await languageIds(trx);
  const values = LOCALES.flatMap((locale) => (languages.has(locale) ? [{ category_id: categoryId, language_id: languages.get(locale)!, name: texts[locale].name, title: texts[locale].title }] : []));
  await trx
    .insertInto("category_translations")
    .values(values)
    .onConflict((conflict) => conflict.columns(["category_id", "language_id"]).doUpdateSet((eb) => ({ name: eb.ref("excluded.name"), title: eb.ref("excluded.title") })))
    .execute();
}

/** The parent's path, or a refusal when there is no such category. */
async function parentPath(trx: DB, parentId: number | null): Promise<string | null | CategoryRefusal> {
  if (parentId === null) return null;
  const parent = await trx.selectFrom("categories").select("path").where("id", "=", parentId).executeTakeFirst();
  return parent ? parent.path : { ok: false, error: "parent_missing" };
}

const isRefusal = (value: unknown): value is CategoryRefusal => typeof value === "object" && value !== null && "ok" in value;

/** A new category under a parent (or at the top), with its texts in every language. */
export async function createCategory(actor: StaffActor, input: CategoryInput): Promise<CategoryOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<CategoryOutcome> => {
      await sql`select pg_advisory_xact_lock(${CATEGORIES_LOCK})`.execute(trx);
      const above = await parentPath(trx, input.parentId);
      if (isRefusal(above)) return above;
      const path = above === null ? input.slug : `${above}/${input.slug}`;
      if (await trx.selectFrom("categories").select("id").where("path", "=", path).executeTakeFirst()) return { ok: false, error: "slug_taken", path };
      // Category ids are the shop's own numbers (the demo's are fixed), not a sequence: the next after the highest, under the lock.
      const { next } = await trx.selectFrom("categories").select(sql<number>`coalesce(max(id), 0) + 1`.as("next")).executeTakeFirstOrThrow();
      const id = Number(next);
      await trx.insertInto("categories").values({ id, parent_id: input.parentId, position: input.position, slug: input.slug, path, image: null }).execute();
      await writeTexts(trx, id, input.texts);
      await recordAudit(trx, actor, { action: "category.create", entity: "category", entityId: id, after: { slug: input.slug, path, parent_id: input.parentId, position: input.position, texts: input.texts } });
      return { ok: true, id, moved: [] };
    });
  if (result.ok) forgetShell();
  return result;
}

/** Thrown inside the transaction to undo it when an old address cannot take its redirect. */
class RedirectRefused extends Error {
  constructor(readonly refusal: CategoryRefusal) {
    super("a category's old address could not be redirected");
  }
}

/**
 * Saves a category's slug, parent, position and texts. Refused when it
 * changed since `seen`, when the parent is missing or is the category itself
 * or one below it, or when another category has the new address. A new
 * address moves the category and those below it, each leaving a 301 from
 * its old addresses to its new ones; a redirect that stood at a new address
 * is removed (the page answers there again).
 */
export async function saveCategory(actor: StaffActor, categoryId: number, input: CategoryInput, seen: Date | undefined): Promise<CategoryOutcome> {
  let result: CategoryOutcome;
  try {
    result = await db()
      .transaction()
      .execute(async (trx): Promise<CategoryOutcome> => {
        await sql`select pg_advisory_xact_lock(${CATEGORIES_LOCK})`.execute(trx);
        const category = await trx.selectFrom("categories").select(["id", "parent_id", "position", "slug", "path", "updated_at"]).where("id", "=", categoryId).forUpdate().executeTakeFirst();
        if (!category) return { ok: false, error: "not_found" };
        if (seen && !sameInstant(category.updated_at, seen)) return staleEdit(trx, "category", categoryId);
        const rows = await trx.selectFrom("categories").select(["id", "parent_id", "path"]).execute();
        if (input.parentId !== null && subtreeIds(rows, categoryId).has(input.parentId)) return { ok: false, error: "cycle" };
        const above = await parentPath(trx, input.parentId);
        if (isRefusal(above)) return above;
        const path = above === null ? input.slug : `${above}/${input.slug}`;
        if (rows.some((row) => row.path === path && row.id !== categoryId)) return { ok: false, error: "slug_taken", path };

        const textsBefore = await trx
          .selectFrom("category_translations as t")
          .innerJoin("languages as l", "l.id", "t.language_id")
          .select(["l.iso_code", "t.name", "t.title"])
          .where("t.category_id", "=", categoryId)
          .execute();
        const moved: CategoryMove[] = [];
        if (path !== category.path) {
          // The category and each below it, old path to new: the descendants keep what follows the old path.
          for (const row of rows) {
            if (row.id === categoryId) moved.push({ from: row.path, to: path });
            else if (row.path.startsWith(`${category.path}/`)) moved.push({ from: row.path, to: `${path}${row.path.slice(category.path.length)}` });
          }
          await trx.updateTable("categories").set({ path }).where("id", "=", categoryId).execute();
          await trx
            .updateTable("categories")
            .set({ path: sql<string>`${path} || substr(path, ${category.path.length + 1})` })
            .where("path", "like", `${category.path.replace(/[%_\\]/g, "\\$&")}/%`)
            .execute();
          await leaveRedirects(trx, actor, moved);
        }
        await trx.updateTable("categories").set({ slug: input.slug, parent_id: input.parentId, position: input.position, updated_at: new Date() }).where("id", "=", categoryId).execute();
        await writeTexts(trx, categoryId, input.texts);
        await recordAudit(trx, actor, {
          action: "category.save",
          entity: "category",
          entityId: categoryId,
          before: { slug: category.slug, path: category.path, parent_id: category.parent_id, position: category.position, texts: Object.fromEntries(textsBefore.map((t) => [t.iso_code, { name: t.name, title: t.title }])) },
          after: { slug: input.slug, path, parent_id: input.parentId, position: input.position, texts: input.texts, ...(moved.length ? { moved } : {}) },
        });
        return { ok: true, id: categoryId, moved };
      });
  } catch (error) {
    if (error instanceof RedirectRefused) return error.refusal;
    throw error;
  }
  if (result.ok) forgetShell();
  return result;
}

/** Each moved category's old addresses redirect (301) to its new ones; a redirect standing at a new address goes, as the page now answers there. */
async function leaveRedirects(trx: Transaction<Database>, actor: StaffActor, moved: CategoryMove[]) {
  const arriving = moved.flatMap((move) => categoryAddresses(move.to));
  const standing = await trx.selectFrom("redirects").select(["from_path", "to_url", "status"]).where("from_path", "in", arriving).execute();
  for (const row of standing) {
    await trx.deleteFrom("redirects").where("from_path", "=", row.from_path).execute();
    await recordAudit(trx, actor, { action: "redirect.remove", entity: "redirect", entityId: row.from_path, before: { to_url: row.to_url, status: row.status } });
  }
  for (const move of moved) {
    const from = categoryAddresses(move.from);
    const to = categoryAddresses(move.to);
    for (const [i, address] of from.entries()) {
      const saved = await saveRedirectIn(trx, actor, { from: address, to: to[i]!, status: 301 }, { replace: true });
      if (!saved.ok) throw new RedirectRefused({ ok: false, error: "redirect", from: address, problem: saved.error === "loop" ? saved.chain.join(" → ") : saved.error });
    }
  }
}
