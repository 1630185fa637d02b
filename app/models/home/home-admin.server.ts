import { sql, type Transaction } from "kysely";
import { db, type Database } from "~/models/db/db.server";
import { DEFAULT_ORDER, moveTo, siteOrder, type HomeSectionKind, type HomeSectionRow } from "./sections";

// The operator's changes to a site's home page (npm run admin -- home …,
// docs/home.md). Each is one transaction that holds the site's row, so two
// operators' changes to one site follow each other; the table's trigger
// moves the shell's version, so every server shows the change within a
// second. A site without rows of its own shows the default order: the
// first change writes that order down and changes it.

type Trx = Transaction<Database>;
export type HomeSite = { id: number; code: string; name: string; languages: { id: number; iso_code: string }[] };
export type Refusal = { refused: "no-site" | "no-language" | "no-section" | "no-place"; sections?: number };

async function findSite(trx: Trx, code: string, lock: boolean): Promise<HomeSite | null> {
  let query = trx.selectFrom("sites").select(["id", "code", "name"]).where("code", "=", code);
  if (lock) query = query.forUpdate();
  const site = await query.executeTakeFirst();
  if (!site) return null;
  const languages = await trx
    .selectFrom("site_languages as sl")
    .innerJoin("languages as l", "l.id", "sl.language_id")
    .select(["l.id", "l.iso_code"])
    .where("sl.site_id", "=", site.id)
    .orderBy("sl.position")
    .execute();
  return { ...site, languages };
}

function readRows(trx: Trx, siteId: number): Promise<HomeSectionRow[]> {
  return trx.selectFrom("home_sections").select(["id", "kind", "language_id", "position", "is_visible", "content"]).where("site_id", "=", siteId).orderBy("id").execute();
}

/** The rows a site has; a site with none gets the default order written down first. */
async function rowsToChange(trx: Trx, siteId: number) {
  const rows = await readRows(trx, siteId);
  if (rows.length > 0) return rows;
  await trx
    .insertInto("home_sections")
    .values(DEFAULT_ORDER.map((kind, i) => ({ site_id: siteId, language_id: null, kind, position: i + 1, content: "{}" })))
    .execute();
  return readRows(trx, siteId);
}

/** Runs a change on a site held for it, or answers why not. */
function onSite<T>(code: string, language: string | undefined, change: (trx: Trx, site: HomeSite, languageId: number | null) => Promise<T | Refusal>) {
  return db()
    .transaction()
    .execute(async (trx): Promise<T | Refusal> => {
      const site = await findSite(trx, code, true);
      if (!site) return { refused: "no-site" };
      const languageId = language === undefined ? null : site.languages.find((l) => l.iso_code === language)?.id;
      if (languageId === undefined) return { refused: "no-language" };
      return change(trx, site, languageId);
    });
}

/** A site's rows as they are, with its languages; null for an unknown site. */
export async function listHomeRows(code: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const site = await findSite(trx, code, false);
      return site ? { site, rows: await readRows(trx, site.id) } : null;
    });
}

/** Moves a section to a place in the site's order (from 1), in every language: its rows and every language's rows of its kind. */
export function moveHomeSection(code: string, kind: HomeSectionKind, to: number) {
  return onSite(code, undefined, async (trx, site): Promise<{ order: HomeSectionKind[] } | Refusal> => {
    const rows = await rowsToChange(trx, site.id);
    const order = siteOrder(rows);
    if (!order.includes(kind)) return { refused: "no-section" };
    const moved = moveTo(order, kind, to);
    if (!moved) return { refused: "no-place", sections: order.length };
    const places = sql.join(moved.map((k, i) => sql`(${k}, ${i + 1}::int)`));
    await sql`
      update home_sections h set position = v.position
      from (values ${places}) as v(kind, position)
      where h.site_id = ${site.id} and h.kind = v.kind and h.position <> v.position`.execute(trx);
    return { order: moved };
  });
}

/**
 * Shows or hides a section: in every language (its rows and each language's
 * own), or in one language only, whose own row is then made from the
 * every-language row if it has none. Showing a kind the site lacks adds it
 * at the end of the order.
 */
export function setHomeVisibility(code: string, kind: HomeSectionKind, visible: boolean, language?: string) {
  return onSite(code, language, async (trx, site, languageId): Promise<{ done: true } | Refusal> => {
    const rows = await rowsToChange(trx, site.id);
    const ofKind = rows.filter((row) => row.kind === kind);
    if (languageId !== null) {
      const own = ofKind.find((row) => row.language_id === languageId);
      if (own) {
        await trx.updateTable("home_sections").set({ is_visible: visible }).where("id", "=", own.id).execute();
        return { done: true };
      }
      const shared = ofKind.find((row) => row.language_id === null);
      if (!shared) return { refused: "no-section" };
      await trx
        .insertInto("home_sections")
        .values({ site_id: site.id, language_id: languageId, kind, position: shared.position, is_visible: visible, content: JSON.stringify(shared.content) })
        .execute();
      return { done: true };
    }
    if (ofKind.length === 0) {
      if (!visible) return { refused: "no-section" };
      const last = Math.max(0, ...rows.map((row) => row.position));
      await trx.insertInto("home_sections").values({ site_id: site.id, language_id: null, kind, position: last + 1, content: "{}" }).execute();
      return { done: true };
    }
    await trx.updateTable("home_sections").set({ is_visible: visible }).where("site_id", "=", site.id).where("kind", "=", kind).execute();
    return { done: true };
  });
}

/**
 * Fills one field of a section's content (checked by the caller with
 * checkField): for every language, or for one, whose own row is then made
 * from the every-language row if it has none, and replaces it from then on.
 */
export function setHomeField(code: string, kind: HomeSectionKind, field: string, value: string | number, language?: string) {
  return onSite(code, language, async (trx, site, languageId): Promise<{ done: true; replacedIn: string[] } | Refusal> => {
    const rows = await rowsToChange(trx, site.id);
    const shared = rows.find((row) => row.kind === kind && row.language_id === null);
    const target = rows.find((row) => row.kind === kind && row.language_id === languageId) ?? null;
    const patch = JSON.stringify({ [field]: value });
    if (target) {
      await sql`update home_sections set content = content || ${patch}::jsonb where id = ${target.id}`.execute(trx);
      // The languages whose own row of the kind replaces the one just changed.
      const replacedIn = languageId === null ? site.languages.filter((l) => rows.some((row) => row.kind === kind && row.language_id === l.id)) : [];
      return { done: true, replacedIn: replacedIn.map((l) => l.iso_code) };
    }
    if (!shared || languageId === null) return { refused: "no-section" };
    await trx
      .insertInto("home_sections")
      .values({
        site_id: site.id,
        language_id: languageId,
        kind,
        position: shared.position,
        is_visible: shared.is_visible,
        content: JSON.stringify({ ...(shared.content as object), [field]: value }),
      })
      .execute();
    return { done: true, replacedIn: [] };
  });
}
