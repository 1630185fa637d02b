import { sql } from "kysely";
import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";

// What the payments' machinery could not settle by itself (0045), for staff
// to look into: webhooks refused, counted per processor, reason and day, and
// payments reconciliation gave up on after their processor had them. The
// back office's "Today" counts the open ones; staff mark each looked into.

export type IncidentKind = "webhook_refused" | "gave_up";

/** A webhook whose signature did not hold: one row a day per processor and reason, however many come. */
export async function recordRefusedWebhook(processor: string, reason: string) {
  await sql`
    insert into payment_incidents (kind, processor, detail) values ('webhook_refused', ${processor}, ${reason.slice(0, 500)})
    on conflict (processor, detail, day) where kind = 'webhook_refused' and resolved_at is null
    do update set occurrences = payment_incidents.occurrences + 1, last_at = now()
  `.execute(db());
}

/**
 * What an operator watches (the metrics): payments waiting for their
 * processor, and refused webhooks not yet looked into, counted as often as
 * they came. Both read partial indexes, so the statement stays cheap.
 */
export async function paymentsToWatch(database: DB = db()) {
  const { rows } = await sql<{ pending: number; refused: number }>`
    select (select count(*) from payments where status = 'pending')::int as pending,
      (select coalesce(sum(occurrences), 0) from payment_incidents where kind = 'webhook_refused' and resolved_at is null)::int as refused`.execute(database);
  return { pending: rows[0]!.pending, webhooksRefused: rows[0]!.refused };
}

/** A payment its processor had, given up unanswered: once per payment, in the transaction that gives it up. */
export async function recordGaveUp(trx: DB, payment: { id: number; processor: string }) {
  await sql`
    insert into payment_incidents (kind, processor, payment_id) values ('gave_up', ${payment.processor}, ${payment.id})
    on conflict (payment_id) where kind = 'gave_up' do nothing
  `.execute(trx);
}

export const INCIDENTS_PAGE_SIZE = 50;

/** Open incidents first, oldest first; then the last ones looked into. */
export async function paymentIncidents(show: "open" | "resolved", asked = 1) {
  const { rows, page, hasMore } = await pageOf(
    db()
      .selectFrom("payment_incidents as i")
      .leftJoin("payments as p", "p.id", "i.payment_id")
      .select(["i.id", "i.kind", "i.processor", "i.payment_id", "i.detail", "i.occurrences", "i.first_at", "i.last_at", "i.resolved_at", "i.resolved_by", "p.order_id", "p.amount_minor", "p.processor_ref"])
      .where("i.resolved_at", show === "open" ? "is" : "is not", null)
      .orderBy(show === "open" ? "i.first_at" : "i.resolved_at", show === "open" ? "asc" : "desc")
      .orderBy("i.id"),
    asked,
    INCIDENTS_PAGE_SIZE,
  );
  return { incidents: rows, page, hasMore };
}

export type ResolveResult = { ok: true } | { ok: false; error: "not_found" | "already_resolved" };

/** Staff have looked into it: it leaves the open list, with who and when, in the audit log too. */
export function resolveIncident(actor: StaffActor, id: number): Promise<ResolveResult> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("payment_incidents")
        .set({ resolved_at: new Date(), resolved_by: actor.email })
        .where("id", "=", id)
        .where("resolved_at", "is", null)
        .returning(["id", "kind", "processor", "payment_id"])
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx.selectFrom("payment_incidents").select("id").where("id", "=", id).executeTakeFirst();
        return { ok: false, error: exists ? "already_resolved" : "not_found" };
      }
      await recordAudit(trx, actor, { action: "payment_incident.resolve", entity: "payment_incident", entityId: id, before: { resolved: false }, after: { resolved: true, kind: updated.kind } });
      return { ok: true };
    });
}
