import { sql, type Transaction } from "kysely";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type Database } from "~/models/db/db.server";
import { forgetShell } from "~/models/db/shell-cache.server";
import { DEFAULT_ORDER, moveTo, siteOrder, type HomeSectionKind, type HomeSectionRow } from "./sections";

// The operator's changes to a site's home page (the back office's
// /admin/content/home/… and npm run admin -- home …, docs/home.md). Each is
// one transaction that holds the site's row, so two operators' changes to
// one site follow each other, and writes its audit entry (entity "home",
// the site's code). The table's trigger moves the shell's version, so every
// server shows the change within a second (this one at once). A site
// without rows of its own shows the default order: the first change writes
// that order down and changes it.
//
// The version of a site's home page is when any of its rows last changed
// (none: the site has no rows yet). A change that names the version its
// page showed is refused when the page has changed since.

type Trx = Transaction<Database>;
export type HomeSite = { id: number; code: string; name: string; languages: { id: number; iso_code: string }[] };
export type Refusal = { refused: "no-site" | "no-language" | "no-section" | "no-place"; sections?: number } | { refused: "stale"; stale: StaleEdit };
/** The version the page showed: when the site's sections last changed, null when it had none; undefined checks nothing (the command line). */
export type HomeSeen = Date | null | undefined;

const ENTITY = "home";

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

function readRows(trx: Trx, siteId: number): Promise<(HomeSectionRow & { updated_at: Date })[]> {
  return trx.selectFrom("home_sections").select(["id", "kind", "language_id", "position", "is_visible", "content", "updated_at"]).where("site_id", "=", siteId).orderBy("id").execute();
}

/** When a site's sections last changed; null for a site without rows. */
function versionOf(rows: readonly { updated_at: Date }[]): Date | null {
  return rows.length === 0 ? null : new Date(Math.max(...rows.map((row) => row.updated_at.getTime())));
}

/** The rows a site has; a site with none gets the default order written down first. */
async function rowsToChange(trx: Trx, siteId: number, now: Date) {
  const rows = await readRows(trx, siteId);
  if (rows.length > 0) return rows;
  await trx
    .insertInto("home_sections")
    .values(DEFAULT_ORDER.map((kind, i) => ({ site_id: siteId, language_id: null, kind, position: i + 1, content: "{}", updated_at: now })))
    .execute();
  return readRows(trx, siteId);
}

type Change = { trx: Trx; site: HomeSite; languageId: number | null; rows: Awaited<ReturnType<typeof rowsToChange>>; now: Date };

/**
 * Runs a change on a site held for it, or answers why not: the site's rows
 * (the default order written down if it had none), the language's id (null:
 * every language) and the moment to stamp on what it writes. `audit` says
 * what the change did, for its entry; nothing is logged for a refusal.
 */
function onSite<T extends object>(
  actor: StaffActor,
  code: string,
  language: string | undefined,
  seen: HomeSeen,
  change: (c: Change) => Promise<{ result: T; audit: { action: string; before: Record<string, unknown>; after: Record<string, unknown> } } | Refusal>,
): Promise<T | Refusal> {
  return db()
    .transaction()
    .execute(async (trx): Promise<T | Refusal> => {
      const site = await findSite(trx, code, true);
      if (!site) return { refused: "no-site" };
      const languageId = language === undefined ? null : site.languages.find((l) => l.iso_code === language)?.id;
      if (languageId === undefined) return { refused: "no-language" };
      if (seen !== undefined) {
        const version = versionOf(await readRows(trx, site.id));
        if ((version?.getTime() ?? null) !== (seen?.getTime() ?? null)) return { refused: "stale", stale: await staleEdit(trx, ENTITY, code) };
      }
      const now = new Date();
      const rows = await rowsToChange(trx, site.id, now);
      const done = await change({ trx, site, languageId, rows, now });
      if ("refused" in done) return done;
      await recordAudit(trx, actor, { action: done.audit.action, entity: ENTITY, entityId: code, before: done.audit.before, after: done.audit.after });
      return done.result;
    })
    .then((outcome) => {
      if (!("refused" in outcome)) forgetShell();
      return outcome;
    });
}

/** A site's rows as they are, with its languages and the version a page of them names; null for an unknown site. */
export async function listHomeRows(code: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const site = await findSite(trx, code, false);
      if (!site) return null;
      const rows = await readRows(trx, site.id);
      return { site, rows, version: versionOf(rows) };
    });
}

/** Every site, for the back office's list: its languages and whether it has sections of its own yet. */
export async function listHomeSites() {
  const [sites, counts] = await Promise.all([
    db()
      .selectFrom("sites")
      .select(["id", "code", "name", sql<string>`(select string_agg(l.iso_code, ', ' order by sl.position) from site_languages sl join languages l on l.id = sl.language_id where sl.site_id = sites.id)`.as("languages")])
      .orderBy("id")
      .execute(),
    db().selectFrom("home_sections").select(["site_id", sql<number>`count(*)::int`.as("rows"), sql<Date>`max(updated_at)`.as("updated_at")]).groupBy("site_id").execute(),
  ]);
  return sites.map((site) => {
    const own = counts.find((count) => count.site_id === site.id);
    return { code: site.code, name: site.name, languages: site.languages ?? "", rows: own ? Number(own.rows) : 0, updatedAt: own?.updated_at ?? null };
  });
}

/** Moves a section to a place in the site's order (from 1), in every language: its rows and every language's rows of its kind. */
export function moveHomeSection(actor: StaffActor, code: string, kind: HomeSectionKind, to: number, seen?: HomeSeen) {
  return onSite<{ order: HomeSectionKind[] }>(actor, code, undefined, seen, async ({ trx, site, rows, now }) => {
    const order = siteOrder(rows);
    if (!order.includes(kind)) return { refused: "no-section" };
    const moved = moveTo(order, kind, to);
    if (!moved) return { refused: "no-place", sections: order.length };
    const places = sql.join(moved.map((k, i) => sql`(${k}, ${i + 1}::int)`));
    await sql`
      update home_sections h set position = v.position, updated_at = ${now}
      from (values ${places}) as v(kind, position)
      where h.site_id = ${site.id} and h.kind = v.kind and h.position <> v.position`.execute(trx);
    return { result: { order: moved }, audit: { action: "home.move", before: { order }, after: { order: moved, section: kind, to } } };
  });
}

/** Whether each row of a kind is shown, by language ("*": every language). */
function shownByLanguage(site: HomeSite, rows: readonly HomeSectionRow[], kind: HomeSectionKind) {
  return Object.fromEntries(rows.filter((row) => row.kind === kind).map((row) => [row.language_id === null ? "*" : (site.languages.find((l) => l.id === row.language_id)?.iso_code ?? String(row.language_id)), row.is_visible]));
}

/**
 * Shows or hides a section: in every language (its rows and each language's
 * own), or in one language only, whose own row is then made from the
 * every-language row if it has none. Showing a kind the site lacks adds it
 * at the end of the order.
 */
export function setHomeVisibility(actor: StaffActor, code: string, kind: HomeSectionKind, visible: boolean, language?: string, seen?: HomeSeen) {
  return onSite<{ done: true }>(actor, code, language, seen, async ({ trx, site, languageId, rows, now }) => {
    const ofKind = rows.filter((row) => row.kind === kind);
    const before = shownByLanguage(site, rows, kind);
    const audit = (after: Record<string, unknown>) => ({ result: { done: true as const }, audit: { action: "home.visibility", before: { section: kind, shown: before }, after: { section: kind, language: language ?? null, visible, ...after } } });
    if (languageId !== null) {
      const own = ofKind.find((row) => row.language_id === languageId);
      if (own) {
        await trx.updateTable("home_sections").set({ is_visible: visible, updated_at: now }).where("id", "=", own.id).execute();
        return audit({});
      }
      const shared = ofKind.find((row) => row.language_id === null);
      if (!shared) return { refused: "no-section" };
      await trx
        .insertInto("home_sections")
        .values({ site_id: site.id, language_id: languageId, kind, position: shared.position, is_visible: visible, content: JSON.stringify(shared.content), updated_at: now })
        .execute();
      return audit({ ownRow: true });
    }
    if (ofKind.length === 0) {
      if (!visible) return { refused: "no-section" };
      const last = Math.max(0, ...rows.map((row) => row.position));
      await trx.insertInto("home_sections").values({ site_id: site.id, language_id: null, kind, position: last + 1, content: "{}", updated_at: now }).execute();
      return audit({ added: true });
    }
    await trx.updateTable("home_sections").set({ is_visible: visible, updated_at: now }).where("site_id", "=", site.id).where("kind", "=", kind).execute();
    return audit({});
  });
}

/** A field's value as the page will read it (checked by the caller with checkField); null takes the field out, so the page shows its own text or the default count. */
export type HomeFieldValues = Record<string, string | number | null>;

/**
 * Fills fields of a section's content (each checked by the caller with
 * checkField): for every language, or for one, whose own row is then made
 * from the every-language row if it has none, and replaces it from then on.
 * `replacedIn` names the languages whose own row is shown instead of the
 * every-language row just changed.
 */
export function setHomeFields(actor: StaffActor, code: string, kind: HomeSectionKind, values: HomeFieldValues, language?: string, seen?: HomeSeen) {
  return onSite<{ done: true; replacedIn: string[] }>(actor, code, language, seen, async ({ trx, site, languageId, rows, now }) => {
    const shared = rows.find((row) => row.kind === kind && row.language_id === null);
    const target = rows.find((row) => row.kind === kind && row.language_id === languageId) ?? null;
    const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
    const cleared = Object.keys(values).filter((field) => values[field] === null);
    const source = (target ?? shared)?.content as Record<string, unknown> | undefined;
    const before = Object.fromEntries(Object.keys(values).map((field) => [field, source?.[field] ?? null]));
    const audit = { action: "home.field", before: { section: kind, language: language ?? null, ...before }, after: { section: kind, language: language ?? null, ...values } };
    if (target) {
      await sql`update home_sections set content = (content - array[${sql.join(cleared)}]::text[]) || ${JSON.stringify(set)}::jsonb, updated_at = ${now} where id = ${target.id}`.execute(trx);
      // The languages whose own row of the kind replaces the one just changed.
      const replacedIn = languageId === null ? site.languages.filter((l) => rows.some((row) => row.kind === kind && row.language_id === l.id)) : [];
      return { result: { done: true, replacedIn: replacedIn.map((l) => l.iso_code) }, audit };
    }
    if (!shared || languageId === null) return { refused: "no-section" };
    const content = Object.fromEntries(Object.entries({ ...(shared.content as object), ...set }).filter(([field]) => !cleared.includes(field)));
    await trx
      .insertInto("home_sections")
      .values({ site_id: site.id, language_id: languageId, kind, position: shared.position, is_visible: shared.is_visible, content: JSON.stringify(content), updated_at: now })
      .execute();
    return { result: { done: true, replacedIn: [] }, audit };
  });
}

/** One field of a section's content: `setHomeFields` with one value. */
export function setHomeField(actor: StaffActor, code: string, kind: HomeSectionKind, field: string, value: string | number, language?: string, seen?: HomeSeen) {
  return setHomeFields(actor, code, kind, { [field]: value }, language, seen);
}
