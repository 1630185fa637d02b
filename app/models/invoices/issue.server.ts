import { sql } from "kysely";
import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import type { InvoiceBuyer } from "~/models/db/schema";
import { openBill } from "~/models/payments/bills.server";
import { DEFAULT_DUE_DAYS } from "./issue-schema";
import { withdrawBill } from "./withdraw.server";

export { DEFAULT_DUE_DAYS };
import type { InvoiceLineDraft } from "./lines";
import { sellerFor } from "./seller";
import { invoiceTotals } from "./totals";

// An operator issues an invoice to a customer (the back office's
// /admin/invoices/new and scripts/admin-invoices.ts): the next number of the
// year, a snapshot of the buyer, the lines, the bill the customer pays it
// through and the audit entry, all in one transaction, so a number is never
// taken by an invoice that did not come to be (no gaps) nor twice.

const DAY_MS = 86_400_000;

export type IssueRequest = { email: string; lines: InvoiceLineDraft[]; dueDays?: number; siteCode?: string; now?: Date };
export type IssuedInvoice = { id: number; number: string; userId: number; email: string; siteId: number; grossMinor: number; billSlug: string; dueAt: Date };
export type IssueOutcome = { ok: true; invoice: IssuedInvoice } | { ok: false; error: "no_customer" | "no_site" | "no_lines" };

/** "2026-000001": the year and the invoice's place in that year's one gapless sequence. */
export function invoiceNumber(year: number, sequence: number) {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of a year, taken in the caller's transaction. The upsert
 * locks the year's row until the transaction ends: a second issue waits for
 * the first to commit (and goes on from its number) or to roll back (and
 * takes the same number again).
 */
async function nextNumber(trx: DB, year: number) {
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_sequences (year, last_number) values (${year}, 1)
    on conflict (year) do update set last_number = invoice_sequences.last_number + 1
    returning last_number`.execute(trx);
  return invoiceNumber(year, Number(rows[0]!.last_number));
}

/** Name, e-mail and the first delivery address, as they are on the day of issue. */
async function buyerSnapshot(trx: DB, user: { id: number; email: string; first_name: string; last_name: string }): Promise<InvoiceBuyer> {
  const address = await trx
    .selectFrom("delivery_addresses as a")
    .leftJoin("countries as c", "c.id", "a.country_id")
    .select(["a.first_name", "a.last_name", "a.first_address", "a.city", "a.zip", "c.name as country"])
    .where("a.user_id", "=", user.id)
    .orderBy("a.id")
    .executeTakeFirst();
  const name = `${user.first_name} ${user.last_name}`.trim() || (address ? `${address.first_name} ${address.last_name}`.trim() : "") || user.email;
  const place = address ? [address.first_address, `${address.zip} ${address.city}`.trim(), address.country ?? ""].filter(Boolean).join(", ") : "";
  return { name, email: user.email, address: place };
}

export async function issueInvoice(actor: StaffActor, request: IssueRequest): Promise<IssueOutcome> {
  if (request.lines.length === 0) return { ok: false, error: "no_lines" };
  const now = request.now ?? new Date();
  const dueAt = new Date(now.getTime() + (request.dueDays ?? DEFAULT_DUE_DAYS) * DAY_MS);
  const totals = invoiceTotals(request.lines);
  return db()
    .transaction()
    .execute(async (trx): Promise<IssueOutcome> => {
      const user = await trx
        .selectFrom("users")
        .select(["id", "email", "first_name", "last_name", "site_id"])
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", request.email.trim().toLowerCase()))
        .executeTakeFirst();
      if (!user) return { ok: false, error: "no_customer" };
      const site = await trx
        .selectFrom("sites")
        .select(["id", "code"])
        .$call((query) =>
          request.siteCode ? query.where("code", "=", request.siteCode) : query.where((eb) => eb.or([eb("id", "=", user.site_id ?? -1), eb("code", "=", "default")])),
        )
        // The customer's own site before the default one.
        .orderBy(sql`code = 'default'`)
        .executeTakeFirst();
      if (!site) return { ok: false, error: "no_site" };
      const euro = await trx.selectFrom("currencies").select("id").where("iso_code", "=", "EUR").executeTakeFirstOrThrow();
      const userId = Number(user.id);
      const buyer = await buyerSnapshot(trx, { ...user, id: userId });
      const number = await nextNumber(trx, now.getUTCFullYear());
      const invoice = await trx
        .insertInto("invoices")
        .values({ number, user_id: userId, site_id: site.id, currency_id: euro.id, buyer: JSON.stringify(buyer), seller: JSON.stringify(sellerFor(site.code)), issued_at: now, due_at: dueAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = Number(invoice.id);
      await trx
        .insertInto("invoice_lines")
        .values(request.lines.map((line, position) => ({ invoice_id: id, position, description: line.description, quantity: line.quantity, unit_minor: line.unitMinor, vat_rate: line.vatRate })))
        .execute();
      const billSlug = await openBill(trx, {
        kind: "invoice",
        sourceId: id,
        userId,
        siteId: site.id,
        currencyId: euro.id,
        subtotalMinor: totals.grossMinor,
        shippingMinor: 0,
      });
      if (!billSlug) throw new Error(`The new invoice ${number} found a bill already paid`);
      await recordAudit(trx, actor, {
        action: "invoice.issue",
        entity: "invoice",
        entityId: id,
        after: { number, email: user.email, site: site.code, due_at: dueAt.toISOString(), gross_minor: totals.grossMinor, lines: request.lines },
      });
      return { ok: true, invoice: { id, number, userId, email: user.email, siteId: site.id, grossMinor: totals.grossMinor, billSlug, dueAt } };
    });
}

export type CancelOutcome = { ok: true; number: string } | { ok: false; error: "not_found" | "not_issued"; status?: string };

/** An invoice's id from its number (2026-000001) or its id, as the command line takes either; null when there is none. */
export async function invoiceIdOf(reference: string) {
  const ref = reference.trim();
  const found = await db()
    .selectFrom("invoices")
    .select("id")
    .where((eb) => (/^\d{1,15}$/.test(ref) ? eb.or([eb("id", "=", Number(ref)), eb("number", "=", ref)]) : eb("number", "=", ref)))
    .executeTakeFirst();
  return found ? Number(found.id) : null;
}

/** An operator takes back an invoice not yet paid: it can no longer be paid, and keeps its number (no gap). */
export async function cancelInvoice(actor: StaffActor, reference: string | number): Promise<CancelOutcome> {
  const id = typeof reference === "number" ? reference : await invoiceIdOf(reference);
  if (id === null) return { ok: false, error: "not_found" };
  const outcome = await withdrawBill(id, null, "cancelled", actor);
  return outcome.ok ? { ok: true, number: outcome.number } : outcome;
}
