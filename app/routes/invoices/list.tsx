import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { InvoiceList } from "~/components/invoices/InvoiceList";
import { intlLocale } from "~/lib/i18n";
import { formatDate } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { invoicesOf } from "~/models/invoices/invoices.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /invoices: the invoices issued to the signed-in customer, newest first,
// each linking to its page. Amounts and dates are written on the server.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const invoices = await invoicesOf(user.id);
  return {
    title: t("invoice.listTitle"),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      statusLabel: t(`invoice.statuses.${invoice.status}`),
      issued: formatDate(invoice.issuedAt),
      due: formatDate(invoice.dueAt),
      total: formatMoney(invoice.grossMinor, invoice.currency, intlLocale(locale)),
    })),
  };
}

export default function InvoicesPage() {
  const { title, invoices } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={title}>
      <InvoiceList invoices={invoices} />
    </AccountLayout>
  );
}
