import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackToInvoice, InvoiceStatus } from "~/components/invoices/InvoiceSheet";
import { localePath } from "~/lib/i18n";
import { invoiceIdParam, payInvoice } from "~/models/invoices/invoices.server";
import { customerInvoice } from "~/web/invoices/invoice-page.server";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /invoice/accept (spec 2, payment-accept guard). POST: "Pay" on the
// invoice page, which sends the customer to the invoice's bill at
// /payment/{slug}. GET ?invoice={id}: whether that invoice is paid, still
// being confirmed, or unpaid. Without an invoice of the customer's in the
// query there is nothing to show: 404, as the payment-accept guard answers.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const invoice = await customerInvoice(request, user.id, new URL(request.url).searchParams.get("invoice"));
  const t = await i18nServer.getFixedT(localeParam(params));
  const state = invoice.status === "paid" ? "paid" : invoice.paymentPending ? "pending" : invoice.status === "issued" ? "unpaid" : null;
  return {
    title: t("invoice.accept.title"),
    invoice: { id: invoice.id, status: invoice.status, statusLabel: t(`invoice.statuses.${invoice.status}`) },
    message: state ? t(`invoice.accept.${state}`, { number: invoice.number }) : t(`invoice.closed.${invoice.status}`),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const form = await request.formData();
  const id = invoiceIdParam(typeof form.get("invoice") === "string" ? (form.get("invoice") as string) : null);
  const outcome = id === null ? null : await payInvoice(id, user.id);
  if (!outcome || (!outcome.ok && outcome.error === "not_found")) throw notFound(request);
  if (outcome.ok) throw redirect(localePath(locale, `/payment/${outcome.billSlug}`), 303);
  const t = await i18nServer.getFixedT(locale);
  const status = outcome.status && outcome.status !== "issued" ? outcome.status : "paid";
  return data({ error: t(`invoice.closed.${status}`) }, { status: 400 });
}

export default function InvoiceAcceptPage() {
  const { title, invoice, message } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      <InvoiceStatus invoice={invoice} />
      {answer ? (
        <ErrorAlert>{answer.error}</ErrorAlert>
      ) : (
        <p role="status">{message}</p>
      )}
      <BackToInvoice id={invoice.id} />
    </div>
  );
}
