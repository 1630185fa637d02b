import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/lib/money";
import { customerQueryOf } from "~/models/customers/customer-search";
import { staffCustomers } from "~/models/customers/staff-customers.server";
import { staffFor } from "~/web/admin/guard.server";
import { Filters, TextFilter } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/customers: find a customer by what they give when they write in:
// their email or name (the start of it), an order, quote or forward request
// number, or their suite code. A GET form, so a search works without
// scripts and can be shared as a link; 50 to a page, newest first.

export const meta = adminMeta("admin.customers.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "customers.read");
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.slice(0, 254) ?? "";
  const page = Number(params.get("page"));
  const result = await staffCustomers(customerQueryOf(q), Number.isInteger(page) && page > 0 ? page : 1);
  return { ...result, q, locale: intlLocale(staff.locale) };
}

export default function Customers() {
  const { customers, page, hasMore, q, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.customers.title")}</h1>
      <Filters role="search" submit={t("admin.customers.searchSubmit")}>
        <TextFilter label={t("admin.customers.search")} value={q} maxLength={254} wide />
      </Filters>
      <DataTable
        caption={t("admin.customers.title")}
        rows={customers}
        rowKey={(customer) => customer.id}
        empty={q.trim() ? t("admin.customers.empty", { q: q.trim() }) : t("admin.customers.none")}
        columns={[
          {
            header: t("admin.customers.email"),
            cell: (customer) => (
              <Link to={`/admin/customers/${customer.id}`} className="link font-semibold break-all">
                {customer.email}
              </Link>
            ),
          },
          { header: t("admin.customers.name"), cell: (customer) => `${customer.first_name} ${customer.last_name}`.trim() || "—" },
          { header: t("admin.customers.suite"), cell: (customer) => <span className="whitespace-nowrap">{customer.suite}</span> },
          { header: t("admin.customers.site"), cell: (customer) => customer.site ?? "—" },
          { header: t("admin.customers.created"), when: (customer) => customer.created_at },
          { header: t("admin.customers.signIn"), cell: (customer) => (customer.blocked_at ? t("admin.customers.blocked") : t("admin.customers.active")) },
          { header: t("admin.customers.balance"), cell: (customer) => formatMoney(customer.balance_minor, "EUR", locale), numeric: true },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.customers.page", { page })} current={t("admin.customers.page", { page })} previous={t("admin.customers.previous")} next={t("admin.customers.next")} />
    </div>
  );
}
