import { sql } from "kysely";
import { auditTrail } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { InvoiceStatus } from "~/models/db/schema";
import { creditNoteOf } from "./credit-notes.server";
import { invoiceForStaff } from "./invoices.server";
import { invoiceTotals } from "./totals";

// Invoices as staff see them (docs/back-office.md): every customer's, newest
// first, by status and found by number or email; one invoice with its
// lines, bill, credit note and audit trail.

export const STAFF_INVOICES_PAGE_SIZE = 50;

export async function staffInvoices(filter: { status?: InvoiceStatus; q?: string; page?: number }) {
  const q = filter.q?.trim().toLowerCase();
  let query = db()
    .selectFrom("invoices as i")
    .innerJoin("users as u", "u.id", "i.user_id")
    .leftJoin("credit_notes as cn", "cn.invoice_id", "i.id")
    .select(["i.id", "i.number", "i.status", "i.issued_at", "i.due_at", "u.email", "cn.number as credit_note"]);
  if (filter.status) query = query.where("i.status", "=", filter.status);
  if (q) {
    const like = `%${q.replace(/[%_\\]/g, "\\$&")}%`;
    query = query.where((eb) => eb.or([eb("i.number", "like", like), eb(sql<string>`lower(u.email)`, "like", like), eb(sql<string>`lower(cn.number)`, "like", like)]));
  }
  const { rows, page, hasMore } = await pageOf(
    query
      .orderBy("i.id", "desc"),
    filter.page,
    STAFF_INVOICES_PAGE_SIZE,
  );
  const shown = rows;
  const lines = shown.length
    ? await db()
        .selectFrom("invoice_lines")
        .select(["invoice_id", "quantity", "unit_minor", "vat_rate"])
        .where(
          "invoice_id",
          "in",
          shown.map((row) => row.id),
        )
        .execute()
    : [];
  return {
    invoices: shown.map((row) => {
      const own = lines.filter((line) => Number(line.invoice_id) === Number(row.id));
      const { grossMinor } = invoiceTotals(own.map((line) => ({ quantity: Number(line.quantity), unitMinor: Number(line.unit_minor), vatRate: String(line.vat_rate) })));
      return { ...row, id: Number(row.id), grossMinor };
    }),
    page,
    hasMore,
  };
}

/** One invoice as staff need it; null when there is none. */
export async function staffInvoice(id: number) {
  const invoice = await invoiceForStaff(id);
  if (!invoice) return null;
  const [owner, bill, creditNote, trail] = await Promise.all([
    db().selectFrom("invoices as i").innerJoin("users as u", "u.id", "i.user_id").innerJoin("sites as s", "s.id", "i.site_id").select(["u.email", "s.code as site"]).where("i.id", "=", id).executeTakeFirstOrThrow(),
    db().selectFrom("orders").select(["id", "status", "paid_at"]).where("kind", "=", "invoice").where("source_id", "=", id).executeTakeFirst(),
    creditNoteOf(id),
    auditTrail("invoice", id),
  ]);
  return { invoice, email: owner.email, site: owner.site, bill: bill ? { ...bill, id: Number(bill.id) } : null, creditNote, trail };
}

/** The sites an invoice can be issued on (its seller and the link's address come from the site). */
export function invoiceSites() {
  return db().selectFrom("sites").select(["code", "name"]).orderBy("id").execute();
}
