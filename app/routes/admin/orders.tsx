import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/lib/money";
import { ORDER_KINDS, ORDER_STATUSES } from "~/models/orders/orders";
import { staffOrders } from "~/models/orders/staff-orders.server";
import { ORDER_SORTS, PAYMENT_STATUSES } from "~/models/orders/staff-orders";
import { allSites } from "~/models/sites/sites.server";
import { staffFor } from "~/web/admin/guard.server";
import { orderFilterOf } from "~/web/admin/order-filter";
import { ChoiceFilter, choicesOf, Filters, TextFilter } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// A filter left at "—" filters nothing.
const ANY = [{ value: "", label: "—" }];

// /admin/orders: every customer's orders, filtered by the URL's query (a GET
// form, so it works without scripts and a filtered list can be shared as a
// link), 50 to a page, and exported as CSV with the same filter.

export const meta = adminMeta("admin.orders.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "orders.read");
  const [result, sites] = await Promise.all([staffOrders(orderFilterOf(new URL(request.url).searchParams)), allSites()]);
  return { ...result, sites: sites.map((site) => ({ id: site.id, code: site.code })), locale: intlLocale(staff.locale) };
}

export default function Orders() {
  const { orders, sites, page, hasMore, locale } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.orders.title")}</h1>
      <Filters
        after={
          <a href={`/admin/orders/export?${exportParams}`} className="button-secondary" download>
            {t("admin.orders.export")}
          </a>
        }
      >
        <TextFilter label={t("admin.orders.search")} value={params.get("q") ?? ""} />
        <ChoiceFilter name="status" label={t("admin.orders.status")} value={params.get("status") ?? ""} choices={choicesOf(ORDER_STATUSES, (status) => t(`orders.status_${status}`), [{ value: "", label: t("admin.orders.anyStatus") }])} />
        <ChoiceFilter name="payment" label={t("admin.orders.paymentStatus")} value={params.get("payment") ?? ""} choices={choicesOf(PAYMENT_STATUSES, (status) => t(`admin.orders.paymentStatuses.${status}`), ANY)} />
        <ChoiceFilter name="site" label={t("admin.orders.site")} value={params.get("site") ?? ""} choices={[...ANY, ...sites.map((site) => ({ value: String(site.id), label: site.code }))]} />
        <ChoiceFilter name="kind" label={t("admin.orders.kind")} value={params.get("kind") ?? ""} choices={choicesOf(ORDER_KINDS, (kind) => t(`orders.kind_${kind}`), ANY)} />
        <TextFilter type="date" name="from" label={t("admin.orders.from")} value={params.get("from") ?? ""} />
        <TextFilter type="date" name="to" label={t("admin.orders.to")} value={params.get("to") ?? ""} />
        <ChoiceFilter name="sort" label={t("admin.orders.sort")} value={params.get("sort") ?? "newest"} choices={choicesOf(ORDER_SORTS, (sort) => t(`admin.orders.sorts.${sort}`))} />
        {params.get("queue") ? <input type="hidden" name="queue" value={params.get("queue") ?? ""} /> : null}
        {params.get("customer") ? <input type="hidden" name="customer" value={params.get("customer") ?? ""} /> : null}
      </Filters>
      <DataTable
        caption={t("admin.orders.title")}
        rows={orders}
        rowKey={(order) => order.id}
        empty={t("admin.orders.empty")}
        columns={[
          { header: t("admin.orders.number"), link: (order) => ({ to: `/admin/orders/${order.id}`, label: order.number }) },
          { header: t("admin.orders.created"), when: (order) => order.created_at },
          { header: t("admin.orders.customer"), cell: (order) => order.email ?? "—" },
          { header: t("admin.orders.site"), cell: (order) => order.site ?? "—" },
          { header: t("admin.orders.kind"), cell: (order) => t(`orders.kind_${order.kind}`) },
          { header: t("admin.orders.status"), cell: (order) => t(`orders.status_${order.status}`) },
          { header: t("admin.orders.total"), cell: (order) => formatMoney(order.total_minor, "EUR", locale), numeric: true },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.orders.page", { page })} current={t("admin.orders.page", { page })} />
    </div>
  );
}
