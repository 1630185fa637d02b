import type { Locale } from "~/lib/i18n";
import { auditTrail, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { isUniqueViolation } from "~/models/db/errors";

// A content page, an FAQ entry and a blog post are each a record with a
// text per language, and staff create and edit them the same way: one
// flow for each step here, so that a stale edit is refused and the audit
// log written alike for all three. What is a kind's own (its tables, its
// columns, a page's address check) its module passes in.

export type ContentRefusal =
  | { ok: false; error: "not_found" }
  | { ok: false; error: "slug_taken" }
  | { ok: false; error: "no_such_site" }
  | StaleEdit;
export type ContentOutcome = { ok: true; id: number } | ContentRefusal;

export const sameInstant = (a: Date, b: Date) => new Date(a).getTime() === b.getTime();

export async function languageId(trx: DB, locale: Locale) {
  const row = await trx.selectFrom("languages").select("id").where("iso_code", "=", locale).executeTakeFirstOrThrow();
  return row.id;
}

/** A record's texts keyed by their language, as an edit page reads them, with the record's audit trail. */
export async function textsAndTrail<Text extends { iso_code: string }>(entity: string, id: number, texts: Promise<Text[]>) {
  const [rows, trail] = await Promise.all([texts, auditTrail(entity, id)]);
  return { texts: Object.fromEntries(rows.map((text) => [text.iso_code, text])) as Partial<Record<Locale, Text>>, trail };
}

/**
 * A new record shown by every site (`siteCode` null) or by one: `insert`
 * writes it with the site's id. Refused for no such site, or when the slug
 * is taken (the tables' unique indexes decide).
 */
export async function createForSite(actor: StaffActor, audit: { action: string; entity: string }, slug: string, siteCode: string | null, insert: (trx: DB, siteId: number | null) => Promise<{ id: number }>): Promise<ContentOutcome> {
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
        const created = await insert(trx, siteId);
        await recordAudit(trx, actor, { ...audit, entityId: created.id, after: { slug, site: siteCode } });
        return { ok: true, id: created.id };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "slug_taken" };
    throw error;
  }
}

/** How one kind of record keeps its texts: the record itself, locked, and its text in a language, read and written. */
export type TextStore<Held extends { updated_at: Date }, Row extends object> = {
  entity: string;
  action: string;
  lock: (trx: DB, id: number) => Promise<Held | undefined>;
  read: (trx: DB, id: number, language: number) => Promise<Row | undefined>;
  write: (trx: DB, id: number, language: number, row: Row) => Promise<unknown>;
};

/**
 * A record's text in one language: the record is locked, and the edit
 * refused when the record changed since `seen` (undefined checks nothing)
 * or when `refuse` finds the row cannot be stored; then the row replaces
 * the old one, `touch` moves the record's own version, and the audit entry
 * holds both sides, with `besides` for what the record itself had and has.
 */
export async function saveText<Held extends { updated_at: Date }, Row extends object>(
  actor: StaffActor,
  store: TextStore<Held, Row>,
  edit: {
    id: number;
    locale: Locale;
    seen: Date | undefined;
    row: (held: Held) => Row;
    refuse?: (trx: DB, held: Held, language: number, row: Row) => Promise<ContentRefusal | undefined>;
    touch: (trx: DB, held: Held, row: Row) => Promise<unknown>;
    besides?: (held: Held) => { before: Record<string, unknown>; after: Record<string, unknown> };
  },
): Promise<ContentOutcome> {
  const { id, locale, seen } = edit;
  return db()
    .transaction()
    .execute(async (trx): Promise<ContentOutcome> => {
      const held = await store.lock(trx, id);
      if (!held) return { ok: false, error: "not_found" };
      if (seen && !sameInstant(held.updated_at, seen)) return staleEdit(trx, store.entity, id);
      const language = await languageId(trx, locale);
      const row = edit.row(held);
      const refusal = await edit.refuse?.(trx, held, language, row);
      if (refusal) return refusal;
      const before = await store.read(trx, id, language);
      await store.write(trx, id, language, row);
      await edit.touch(trx, held, row);
      const besides = edit.besides?.(held);
      await recordAudit(trx, actor, {
        action: store.action,
        entity: store.entity,
        entityId: id,
        before: before ? { locale, ...besides?.before, ...before } : (besides?.before ?? null),
        after: { locale, ...besides?.after, ...row },
      });
      return { ok: true, id };
    });
}
