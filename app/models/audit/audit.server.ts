import { sql } from "kysely";
import { db, type DB } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";

// The audit log (docs/back-office.md): every staff change writes one entry
// in the change's own transaction, so a change and its trail land together
// or not at all. The table refuses update, delete and truncate (0040).

/** Who is acting, as every staff use case receives it: a staff member, or (id null) the command line, `npm run admin`. */
export type StaffActor = { id: number | null; email: string; ip: string | null };

/** `npm run admin`: whoever runs it holds the server, and the log says the change came from there. */
export const COMMAND_LINE: StaffActor = { id: null, email: "command line", ip: null };

export type AuditEntry = {
  action: string;
  entity: string;
  entityId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export async function recordAudit(trx: DB, actor: StaffActor, entry: AuditEntry) {
  await trx
    .insertInto("audit_log")
    .values({
      staff_id: actor.id,
      staff_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      ip: actor.ip,
    })
    .execute();
}

export type AuditFilter = { entity?: string; entityId?: string; staffEmail?: string; action?: string; page?: number };

export const AUDIT_PAGE_SIZE = 50;

/** A page of the log, newest first, narrowed by what the filter names. */
export async function auditEntries(filter: AuditFilter = {}) {
  let query = db()
    .selectFrom("audit_log")
    .select(["id", "at", "staff_email", "action", "entity", "entity_id", "before", "after", "ip"]);
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.entityId) query = query.where("entity_id", "=", filter.entityId);
  if (filter.staffEmail) query = query.where("staff_email", "=", filter.staffEmail.toLowerCase());
  if (filter.action) query = query.where("action", "like", sql<string>`${filter.action.replace(/[%_\\]/g, "\\$&")} || '%'`);
  const { rows, page, hasMore } = await pageOf(
    query.orderBy("id", "desc"),
    filter.page,
    AUDIT_PAGE_SIZE,
  );
  return { entries: rows, page, hasMore };
}

/** One record's own trail, newest first. */
export function auditTrail(entity: string, entityId: string | number) {
  return auditEntries({ entity, entityId: String(entityId) }).then((result) => result.entries);
}

/**
 * An edit made on an old version is refused, naming who changed the record
 * and when (from its trail), so two staff never overwrite each other
 * silently: "changed by … at …; reload".
 */
export type StaleEdit = { ok: false; error: "stale"; by: string | null; at: Date | null };

/** Whether a record changed since the page that sent the form read it at `seen` (none sent: no check). */
export const changedSince = (row: { updated_at: Date }, seen: Date | undefined) => seen !== undefined && row.updated_at.getTime() !== seen.getTime();

export async function staleEdit(trx: DB, entity: string, entityId: string | number): Promise<StaleEdit> {
  const last = await trx
    .selectFrom("audit_log")
    .select(["staff_email", "at"])
    .where("entity", "=", entity)
    .where("entity_id", "=", String(entityId))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return { ok: false, error: "stale", by: last?.staff_email ?? null, at: last?.at ?? null };
}
