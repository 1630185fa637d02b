import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { InvoiceActions, InvoiceSheet } from "~/components/invoices/InvoiceSheet";
import { intlLocale, localePath } from "~/lib/i18n";
import { creditNoteOf } from "~/models/invoices/credit-notes.server";
import { invoiceDocument } from "~/models/invoices/document";
import { customerInvoice } from "~/web/invoices/invoice-page.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /invoice/{id} (spec 2): an invoice issued to the signed-in customer, with
// "Pay" (POST /invoice/accept), "Decline" (POST /invoice/decline) and its
// PDF (/invoice/{id}/pdf), and its credit note's once staff credited it
// (/invoice/{id}/pdf?credit-note). Anyone else's invoice is not found.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const invoice = await customerInvoice(request, user.id, params.id);
  const declined = new URL(request.url).searchParams.has("declined") && invoice.status === "declined";
  const creditNote = await creditNoteOf(invoice.id);
  return {
    title: t("invoice.title", { number: invoice.number }),
    invoice: invoiceDocument(invoice, t, intlLocale(locale)),
    notice: declined ? t("invoice.declined", { number: invoice.number }) : null,
    creditNote: creditNote ? { number: creditNote.number } : null,
    locale,
  };
}

export default function InvoicePage() {
  const { invoice, notice, creditNote, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {notice ? (
        <p role="status" className="invoice-notice mb-4 rounded-lg bg-success-soft px-3 py-2">
          {notice}
        </p>
      ) : null}
      <InvoiceSheet invoice={invoice} />
      {creditNote ? (
        <p className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-surface-muted px-3 py-2">
          {t("invoice.credited", { number: creditNote.number })}
          <a href={localePath(locale, `/invoice/${invoice.id}/pdf?credit-note`)} className="link" download>
            {t("invoice.creditNoteDownload")}
          </a>
        </p>
      ) : null}
      <InvoiceActions invoice={invoice} />
    </div>
  );
}
