import { intlLocale, type Locale } from "~/lib/i18n";
import { i18nServer } from "~/platform/i18n.server";
import { creditedView, creditNoteOf } from "./credit-notes.server";
import { invoiceDocument } from "./document";
import { invoiceForCustomer, invoiceForStaff, type InvoiceView } from "./invoices.server";
import { renderInvoicePdf } from "./pdf.server";

/** The customer's invoice as a PDF in the page's language, named by its number; null for anyone else's. */
export async function invoicePdfForCustomer(invoiceId: number, userId: number, locale: Locale) {
  const invoice = await invoiceForCustomer(invoiceId, userId);
  return invoice ? pdfOf(invoice, locale, false) : null;
}

/** The credit note of the customer's invoice as a PDF; null for anyone else's invoice or one not credited. */
export async function creditNotePdfForCustomer(invoiceId: number, userId: number, locale: Locale) {
  const invoice = await invoiceForCustomer(invoiceId, userId);
  return invoice ? pdfOf(invoice, locale, true) : null;
}

/** Any invoice, or its credit note, as a PDF for the back office, in the staff member's language; null when there is none. */
export async function invoicePdfForStaff(invoiceId: number, locale: Locale, creditNote: boolean) {
  const invoice = await invoiceForStaff(invoiceId);
  return invoice ? pdfOf(invoice, locale, creditNote) : null;
}

async function pdfOf(invoice: InvoiceView, locale: Locale, creditNote: boolean) {
  const t = await i18nServer.getFixedT(locale);
  if (!creditNote) {
    const bytes = await renderInvoicePdf(invoiceDocument(invoice, t, intlLocale(locale)), t, intlLocale(locale));
    return { bytes, filename: `${invoice.number}.pdf` };
  }
  const note = await creditNoteOf(invoice.id);
  if (!note) return null;
  const document = invoiceDocument(creditedView(invoice, note), t, intlLocale(locale), { invoice: invoice.number, reason: note.reason });
  return { bytes: await renderInvoicePdf(document, t, intlLocale(locale)), filename: `${note.number}.pdf` };
}
