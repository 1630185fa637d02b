import { db } from "~/models/db/db.server";
import type { InvoiceBuyer, InvoiceStatus } from "~/models/db/schema";
import { openBill } from "~/models/payments/bills.server";
import { sellerFor, type Seller } from "./seller";
import { formatRate, invoiceTotals, rateBasisPoints, type InvoiceTotals } from "./totals";
import { withdrawBill, type WithdrawOutcome } from "./withdraw.server";

// What a customer does with an invoice issued to them: read it, pay it
// through its bill, or decline it. Each function takes the signed-in
// customer's id and answers null / not_found for anyone else's invoice, so
// the pages answer 404 (never 403) without a second check.

export type InvoiceLineView = { description: string; quantity: number; unitMinor: number; vatRate: string };
export type InvoiceView = {
  id: number;
  number: string;
  status: InvoiceStatus;
  currency: string;
  issuedAt: Date;
  dueAt: Date;
  paidAt: Date | null;
  declinedAt: Date | null;
  seller: Seller;
  buyer: InvoiceBuyer;
  lines: InvoiceLineView[];
  totals: InvoiceTotals;
  /** Whether "Pay" can take the customer to the bill: issued, and its bill waiting for the money. */
  payable: boolean;
  /** A payment of the bill is still at a processor (paid by card, not yet confirmed). */
  paymentPending: boolean;
};

/** Ids come from the address: anything but a plain positive whole number is no invoice. */
export function invoiceIdParam(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The customer's invoice with its lines and sums, or null when there is none of theirs with that id. */
export function invoiceForCustomer(invoiceId: number, userId: number): Promise<InvoiceView | null> {
  return invoiceView(invoiceId, userId);
}

/** Any customer's invoice, for the back office; null when there is none. */
export function invoiceForStaff(invoiceId: number): Promise<InvoiceView | null> {
  return invoiceView(invoiceId, null);
}

async function invoiceView(invoiceId: number, userId: number | null): Promise<InvoiceView | null> {
  const invoice = await db()
    .selectFrom("invoices as i")
    .innerJoin("sites as s", "s.id", "i.site_id")
    .innerJoin("currencies as c", "c.id", "i.currency_id")
    .select(["i.id", "i.number", "i.status", "i.buyer", "i.seller", "i.issued_at", "i.due_at", "i.paid_at", "i.declined_at", "s.code as siteCode", "c.iso_code as currency"])
    .where("i.id", "=", invoiceId)
    .$if(userId !== null, (query) => query.where("i.user_id", "=", userId!))
    .executeTakeFirst();
  if (!invoice) return null;
  const [rows, bill] = await Promise.all([
    db().selectFrom("invoice_lines").select(["description", "quantity", "unit_minor", "vat_rate"]).where("invoice_id", "=", invoiceId).orderBy("position").execute(),
    db()
      .selectFrom("orders as o")
      .select((eb) => [
        "o.status",
        eb.exists(eb.selectFrom("payments as p").select("p.id").whereRef("p.order_id", "=", "o.id").where("p.status", "=", "pending")).as("pending"),
      ])
      .where("o.kind", "=", "invoice")
      .where("o.source_id", "=", invoiceId)
      .executeTakeFirst(),
  ]);
  const lines = rows.map((row) => ({
    description: row.description,
    quantity: Number(row.quantity),
    unitMinor: Number(row.unit_minor),
    vatRate: formatRate(rateBasisPoints(String(row.vat_rate)) ?? 0),
  }));
  return {
    id: Number(invoice.id),
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    issuedAt: invoice.issued_at,
    dueAt: invoice.due_at,
    paidAt: invoice.paid_at,
    declinedAt: invoice.declined_at,
    seller: invoice.seller ?? sellerFor(invoice.siteCode),
    buyer: invoice.buyer,
    lines,
    totals: invoiceTotals(lines),
    payable: invoice.status === "issued" && (!bill || bill.status === "unpaid"),
    paymentPending: invoice.status === "issued" && Boolean(bill?.pending),
  };
}

export type InvoiceListItem = { id: number; number: string; status: InvoiceStatus; issuedAt: Date; dueAt: Date; grossMinor: number; currency: string };

/** The customer's invoices, newest first, with what each comes to. */
export async function invoicesOf(userId: number, limit = 100): Promise<InvoiceListItem[]> {
  const invoices = await db()
    .selectFrom("invoices as i")
    .innerJoin("currencies as c", "c.id", "i.currency_id")
    .select(["i.id", "i.number", "i.status", "i.issued_at", "i.due_at", "c.iso_code as currency"])
    .where("i.user_id", "=", userId)
    .orderBy("i.issued_at", "desc")
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
  if (invoices.length === 0) return [];
  const lines = await db()
    .selectFrom("invoice_lines")
    .select(["invoice_id", "quantity", "unit_minor", "vat_rate"])
    .where(
      "invoice_id",
      "in",
      invoices.map((invoice) => invoice.id),
    )
    .execute();
  return invoices.map((invoice) => {
    const own = lines.filter((line) => Number(line.invoice_id) === Number(invoice.id));
    const totals = invoiceTotals(own.map((line) => ({ quantity: Number(line.quantity), unitMinor: Number(line.unit_minor), vatRate: String(line.vat_rate) })));
    return { id: Number(invoice.id), number: invoice.number, status: invoice.status, issuedAt: invoice.issued_at, dueAt: invoice.due_at, grossMinor: totals.grossMinor, currency: invoice.currency };
  });
}

export type PayOutcome = { ok: true; billSlug: string } | { ok: false; error: "not_found" | "not_payable"; status?: InvoiceStatus };

/**
 * "Pay": the slug of the invoice's bill, paid at /payment/{slug} like any
 * order paid later. The bill is only looked up, not brought up to date, so
 * a second tab's "Pay" does not give up a payment the first one started.
 */
export async function payInvoice(invoiceId: number, userId: number): Promise<PayOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<PayOutcome> => {
      const invoice = await trx.selectFrom("invoices").select(["id", "status", "site_id", "currency_id"]).where("id", "=", invoiceId).where("user_id", "=", userId).executeTakeFirst();
      if (!invoice) return { ok: false, error: "not_found" };
      if (invoice.status !== "issued") return { ok: false, error: "not_payable", status: invoice.status };
      const bill = await trx.selectFrom("orders").select(["slug", "status"]).where("kind", "=", "invoice").where("source_id", "=", invoiceId).executeTakeFirst();
      if (bill) return bill.status === "unpaid" ? { ok: true, billSlug: bill.slug } : { ok: false, error: "not_payable", status: invoice.status };
      // An invoice written without its bill (by hand, in the database) gets one now.
      const lines = await trx.selectFrom("invoice_lines").select(["quantity", "unit_minor", "vat_rate"]).where("invoice_id", "=", invoiceId).execute();
      const { grossMinor } = invoiceTotals(lines.map((line) => ({ quantity: Number(line.quantity), unitMinor: Number(line.unit_minor), vatRate: String(line.vat_rate) })));
      const slug = await openBill(trx, { kind: "invoice", sourceId: invoiceId, userId, siteId: invoice.site_id, currencyId: invoice.currency_id, subtotalMinor: grossMinor, shippingMinor: 0 });
      return slug ? { ok: true, billSlug: slug } : { ok: false, error: "not_payable", status: invoice.status };
    });
}

/** "Decline": the customer refuses the invoice; its bill can no longer be paid. */
export function declineInvoice(invoiceId: number, userId: number): Promise<WithdrawOutcome> {
  return withdrawBill(invoiceId, userId, "declined");
}
