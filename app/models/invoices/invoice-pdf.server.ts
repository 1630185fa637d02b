import { intlLocale, type Locale } from "~/lib/i18n";
import { i18nServer } from "~/platform/i18n.server";
import { invoiceDocument } from "./document";
import { invoiceForCustomer } from "./invoices.server";
import { renderInvoicePdf } from "./pdf.server";

/** The customer's invoice as a PDF in the page's language, named by its number; null for anyone else's. */
export async function invoicePdfForCustomer(invoiceId: number, userId: number, locale: Locale) {
  const invoice = await invoiceForCustomer(invoiceId, userId);
  if (!invoice) return null;
  const t = await i18nServer.getFixedT(locale);
  const bytes = await renderInvoicePdf(invoiceDocument(invoice, t, intlLocale(locale)), t, intlLocale(locale));
  return { bytes, filename: `${invoice.number}.pdf` };
}
