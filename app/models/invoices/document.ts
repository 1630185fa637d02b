import { formatDate } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import type { InvoiceView } from "./invoices.server";

// The invoice as people read it, every amount and date already written out
// in the page's language: the page and the PDF show the same words.

type T = (key: string, values?: Record<string, string | number>) => string;

export type InvoiceDocument = {
  id: number;
  number: string;
  status: InvoiceView["status"];
  statusLabel: string;
  seller: InvoiceView["seller"];
  buyer: InvoiceView["buyer"];
  issued: string;
  due: string;
  paid: string | null;
  lines: Array<{ description: string; quantity: string; unit: string; net: string; vatRate: string; vat: string; gross: string }>;
  rates: Array<{ vatRate: string; net: string; vat: string; gross: string }>;
  totals: { net: string; vat: string; gross: string };
  payable: boolean;
  paymentPending: boolean;
  /** A credit note: the invoice it takes back, and why (models/invoices/credit-notes.server.ts). */
  credits?: { invoice: string; reason: string };
};

export function invoiceDocument(invoice: InvoiceView, t: T, intlLocale: string, credits?: InvoiceDocument["credits"]): InvoiceDocument {
  const money = (amount: number) => formatMoney(amount, invoice.currency, intlLocale);
  // "21 %", "9,5 %": the decimal sign of the language, a space that does not break before the sign.
  const rate = (vatRate: string) => `${intlLocale === "en" ? vatRate : vatRate.replace(".", ",")}\u00a0%`;
  const { totals } = invoice;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    statusLabel: t(`invoice.statuses.${invoice.status}`),
    seller: invoice.seller,
    buyer: invoice.buyer,
    issued: formatDate(invoice.issuedAt),
    due: formatDate(invoice.dueAt),
    paid: invoice.paidAt ? formatDate(invoice.paidAt) : null,
    lines: invoice.lines.map((line, index) => ({
      description: line.description,
      quantity: String(line.quantity),
      unit: money(line.unitMinor),
      net: money(totals.lines[index]!.netMinor),
      vatRate: rate(line.vatRate),
      vat: money(totals.lines[index]!.vatMinor),
      gross: money(totals.lines[index]!.grossMinor),
    })),
    rates: totals.rates.map((group) => ({ vatRate: rate(group.vatRate), net: money(group.netMinor), vat: money(group.vatMinor), gross: money(group.grossMinor) })),
    totals: { net: money(totals.netMinor), vat: money(totals.vatMinor), gross: money(totals.grossMinor) },
    payable: invoice.payable,
    paymentPending: invoice.paymentPending,
    credits,
  };
}
