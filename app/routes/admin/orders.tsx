import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { ORDER_KINDS, ORDER_STATUSES } from "~/models/orders/orders";
import { staffOrders } from "~/models/orders/staff-orders.server";
import { ORDER_SORTS, PAYMENT_STATUSES } from "~/models/orders/staff-orders";
import { allSites } from "~/models/sites/sites.server";
import { staffFor } from "~/web/admin/guard.server";
import { orderFilterOf } from "~/web/admin/order-filter";

// /admin/orders: every customer's orders, filtered by the URL's query (a GET
// form, so it works without scripts and a filtered list can be shared as a
// link), 50 to a page, and exported as CSV with the same filter.

export const meta: MetaFunction = () => [{ title: "Back office" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "orders.read");
  const [result, sites] = await Promise.all([staffOrders(orderFilterOf(new URL(request.url).searchParams)), allSites()]);
  return { ...result, sites: sites.map((site) => ({ id: site.id, code: site.code })), locale: staff.locale === "ee" ? "et" : staff.locale };
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
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.search")}
          <input type="search" name="q" defaultValue={params.get("q") ?? ""} className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.status")}
          <select name="status" defaultValue={params.get("status") ?? ""} className="field-input">
            <option value="">{t("admin.orders.anyStatus")}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`orders.status_${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.paymentStatus")}
          <select name="payment" defaultValue={params.get("payment") ?? ""} className="field-input">
            <option value="">—</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.orders.paymentStatuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.site")}
          <select name="site" defaultValue={params.get("site") ?? ""} className="field-input">
            <option value="">—</option>
            {sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.code}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.kind")}
          <select name="kind" defaultValue={params.get("kind") ?? ""} className="field-input">
            <option value="">—</option>
            {ORDER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`orders.kind_${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.from")}
          <input type="date" name="from" defaultValue={params.get("from") ?? ""} className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.to")}
          <input type="date" name="to" defaultValue={params.get("to") ?? ""} className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.sort")}
          <select name="sort" defaultValue={params.get("sort") ?? "newest"} className="field-input">
            {ORDER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`admin.orders.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        {params.get("queue") ? <input type="hidden" name="queue" value={params.get("queue") ?? ""} /> : null}
        {params.get("customer") ? <input type="hidden" name="customer" value={params.get("customer") ?? ""} /> : null}
        <button type="submit" className="button-primary">
          {t("admin.orders.apply")}
        </button>
        <a href={`/admin/orders/export?${exportParams}`} className="button-secondary" download>
          {t("admin.orders.export")}
        </a>
      </Form>
      <DataTable
        caption={t("admin.orders.title")}
        rows={orders}
        rowKey={(order) => order.id}
        empty={t("admin.orders.empty")}
        columns={[
          {
            header: t("admin.orders.number"),
            cell: (order) => (
              <Link to={`/admin/orders/${order.id}`} className="link font-semibold">
                {order.number}
              </Link>
            ),
          },
          { header: t("admin.orders.created"), cell: (order) => <span className="whitespace-nowrap">{formatDateTime(order.created_at)}</span> },
          { header: t("admin.orders.customer"), cell: (order) => order.email ?? "—" },
          { header: t("admin.orders.site"), cell: (order) => order.site ?? "—" },
          { header: t("admin.orders.kind"), cell: (order) => t(`orders.kind_${order.kind}`) },
          { header: t("admin.orders.status"), cell: (order) => t(`orders.status_${order.status}`) },
          { header: t("admin.orders.total"), cell: (order) => formatMoney(order.total_minor, "EUR", locale), numeric: true },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.orders.page", { page })} current={t("admin.orders.page", { page })} previous={t("admin.orders.previous")} next={t("admin.orders.next")} />
    </div>
  );
}
