import { sql } from "kysely";
import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import type { InvoiceStatus } from "~/models/db/schema";
import type { InvoiceView } from "./invoices.server";
import type { InvoiceTotals } from "./totals";

// A credit note takes back a paid invoice whole (migration 0042): the
// invoice stays as it was issued, and the credit note is the document that
// negates it, with a number of its own from a gapless sequence per year.
// An operator issues it from the invoice's page in the back office or with
// `npm run admin -- invoice credit`; it is a document, and moves no money
// (a refund of the bill is the order's refund).

export const CREDIT_NOTE_PREFIX = "CN";
export const CREDIT_REASON_MAX = 500;

/** "CN-2026-000001". */
export function creditNoteNumber(year: number, sequence: number) {
  return `${CREDIT_NOTE_PREFIX}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** The year's next credit note number, taken in the caller's transaction: the upsert holds the year's row until it ends, so numbers have no gap and none twice. */
async function nextNumber(trx: DB, year: number) {
  const { rows } = await sql<{ last_number: number }>`
    insert into credit_note_sequences (year, last_number) values (${year}, 1)
    on conflict (year) do update set last_number = credit_note_sequences.last_number + 1
    returning last_number`.execute(trx);
  return creditNoteNumber(year, Number(rows[0]!.last_number));
}

export type CreditOutcome =
  | { ok: true; id: number; number: string; invoiceNumber: string }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "not_paid"; status: InvoiceStatus }
  | { ok: false; error: "already_credited"; number: string };

/** Credits a paid invoice whole, once: the invoice is locked, so two operators crediting it together make one credit note. */
export async function creditInvoice(actor: StaffActor, invoiceId: number, reason: string, now = new Date()): Promise<CreditOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CreditOutcome> => {
      const invoice = await trx.selectFrom("invoices").select(["id", "number", "status"]).where("id", "=", invoiceId).forUpdate().executeTakeFirst();
      if (!invoice) return { ok: false, error: "not_found" };
      const existing = await trx.selectFrom("credit_notes").select("number").where("invoice_id", "=", invoiceId).executeTakeFirst();
      if (existing) return { ok: false, error: "already_credited", number: existing.number };
      if (invoice.status !== "paid") return { ok: false, error: "not_paid", status: invoice.status };
      const number = await nextNumber(trx, now.getUTCFullYear());
      const note = await trx
        .insertInto("credit_notes")
        .values({ number, invoice_id: invoiceId, reason: reason.trim().slice(0, CREDIT_REASON_MAX), issued_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "invoice.credit", entity: "invoice", entityId: invoiceId, before: { status: invoice.status }, after: { credit_note: number, reason: reason.trim() } });
      return { ok: true, id: Number(note.id), number, invoiceNumber: invoice.number };
    });
}

export type CreditNote = { id: number; number: string; reason: string; issuedAt: Date };

/** The invoice's credit note, if it has one. */
export async function creditNoteOf(invoiceId: number): Promise<CreditNote | null> {
  const note = await db().selectFrom("credit_notes").select(["id", "number", "reason", "issued_at"]).where("invoice_id", "=", invoiceId).executeTakeFirst();
  return note ? { id: Number(note.id), number: note.number, reason: note.reason, issuedAt: note.issued_at } : null;
}

function negated(totals: InvoiceTotals): InvoiceTotals {
  const minus = <T extends Record<string, unknown>>(row: T) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "number" ? -value : value])) as T;
  return { lines: totals.lines.map(minus), rates: totals.rates.map(minus), netMinor: -totals.netMinor, vatMinor: -totals.vatMinor, grossMinor: -totals.grossMinor };
}

/** The invoice as its credit note states it: the same lines and sums, each negated (worked out from the invoice's, so they match it to the cent). */
export function creditedView(invoice: InvoiceView, note: CreditNote): InvoiceView {
  return {
    ...invoice,
    number: note.number,
    issuedAt: note.issuedAt,
    lines: invoice.lines.map((line) => ({ ...line, unitMinor: -line.unitMinor })),
    totals: negated(invoice.totals),
    payable: false,
    paymentPending: false,
  };
}
