import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackToInvoice, DeclineForm, InvoiceStatus } from "~/components/invoices/InvoiceSheet";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { declineInvoice, invoiceIdParam } from "~/models/invoices/invoices.server";
import { customerInvoice } from "~/web/invoices/invoice-page.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /invoice/decline (spec 2). POST: the customer declines an invoice still
// waiting for payment; its bill can no longer be paid, and the invoice page
// says so. GET ?invoice={id}: the same question on a page of its own, for a
// link from elsewhere (an e-mail). Anyone else's invoice is not found.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const invoice = await customerInvoice(request, user.id, new URL(request.url).searchParams.get("invoice"));
  return {
    title: t("invoice.declineTitle", { number: invoice.number }),
    invoice: { id: invoice.id, status: invoice.status, statusLabel: t(`invoice.statuses.${invoice.status}`) },
    total: `${t("invoice.totalGross")}: ${formatMoney(invoice.totals.grossMinor, invoice.currency, intlLocale(locale))}`,
    closed: invoice.status === "issued" ? null : t(`invoice.closed.${invoice.status}`),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const value = (await request.formData()).get("invoice");
  const id = invoiceIdParam(typeof value === "string" ? value : null);
  const outcome = id === null ? null : await declineInvoice(id, user.id);
  if (!outcome || (!outcome.ok && outcome.error === "not_found")) throw notFound(request);
  if (outcome.ok) throw redirect(`${localePath(locale, `/invoice/${id}`)}?declined=1`, 303);
  const t = await i18nServer.getFixedT(locale);
  return data({ error: t(`invoice.closed.${outcome.status ?? "cancelled"}`) }, { status: 400 });
}

export default function InvoiceDeclinePage() {
  const { title, invoice, total, closed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer?.error ?? closed;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      <InvoiceStatus invoice={invoice} />
      <p>{total}</p>
      {refusal ? (
        <ErrorAlert>{refusal}</ErrorAlert>
      ) : (
        <DeclineForm invoice={invoice} />
      )}
      <BackToInvoice id={invoice.id} />
    </div>
  );
}
