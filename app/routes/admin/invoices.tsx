import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/lib/money";
import { INVOICE_STATUSES } from "~/models/invoices/issue-schema";
import { staffInvoices } from "~/models/invoices/staff-invoices.server";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { pageOf } from "~/web/admin/list-page";
import { ChoiceFilter, choicesOf, Filters, TextFilter } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/invoices: every customer's invoices, newest first, by status and
// found by number (an invoice's or its credit note's) or email; a GET form,
// so a filtered list is a link.

export const meta = adminMeta("admin.invoices.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "invoices.read");
  const params = new URL(request.url).searchParams;
  const asked = params.get("status");
  const status = INVOICE_STATUSES.find((candidate) => candidate === asked);
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return {
    ...(await staffInvoices({ status, q, page: pageOf(params) })),
    status: status ?? "all",
    q,
    locale: intlLocale(staff.locale),
    canIssue: can(staff.role, "invoices.manage"),
  };
}

export default function Invoices() {
  const { invoices, page, hasMore, status, q, locale, canIssue } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("admin.invoices.title")}</h1>
        {canIssue ? (
          <Link to="/admin/invoices/new" className="button-primary">
            {t("admin.invoices.issue")}
          </Link>
        ) : null}
      </div>
      <Filters>
        <TextFilter label={t("admin.invoices.search")} value={q} />
        <ChoiceFilter name="status" label={t("admin.orders.status")} value={status} choices={choicesOf(INVOICE_STATUSES, (value) => t(`admin.invoices.statuses.${value}`), [{ value: "all", label: t("admin.orders.anyStatus") }])} />
      </Filters>
      <DataTable
        caption={t("admin.invoices.title")}
        rows={invoices}
        rowKey={(invoice) => invoice.id}
        empty={t("admin.invoices.empty")}
        columns={[
          { header: t("admin.orders.number"), link: (invoice) => ({ to: `/admin/invoices/${invoice.id}`, label: invoice.number }) },
          { header: t("admin.invoices.issued"), day: (invoice) => invoice.issued_at },
          { header: t("admin.invoices.due"), day: (invoice) => invoice.due_at },
          { header: t("admin.orders.customer"), cell: (invoice) => invoice.email },
          { header: t("admin.orders.status"), cell: (invoice) => t(`admin.invoices.statuses.${invoice.status}`) },
          { header: t("admin.invoices.creditNote"), cell: (invoice) => invoice.credit_note ?? "—" },
          { header: t("admin.orders.total"), cell: (invoice) => formatMoney(invoice.grossMinor, "EUR", locale), numeric: true },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.invoices.title")} />
    </div>
  );
}
