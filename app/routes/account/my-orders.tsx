import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useEarlyChoice } from "~/hooks/use-early-choice";
import { useTranslation } from "~/hooks/use-translation";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { OrderStatusBadge } from "~/components/account/OrderStatusBadge";
import { Pagination } from "~/components/Pagination";
import { SubmitUntilHydrated } from "~/components/SubmitUntilHydrated";
import { formatDateTime } from "~/lib/format";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { intlLocale, localePath, type Locale } from "~/lib/i18n";
import { logger } from "~/platform/logger.server";
import { formatMoney } from "~/lib/money";
import {
  DEFAULT_ORDER_FILTER,
  FOCUS_ORDER_TABLE,
  ORDERS_TABLE_ID,
  ORDER_FILTERS,
  changeFilter,
  isOrderFilter,
  orderListSearch,
  orderPageCount,
  parseOrderListQuery,
  type OrderListState,
} from "~/models/orders/orders";
import { reportServerError } from "~/platform/sentry.server";
import { privatePage } from "~/web/private-page";
import { isIntermediarySite, listOrders, type OrderSummary } from "~/models/orders/orders.server";
import { siteForRequest } from "~/web/sites.server";

// /my-orders: the signed-in customer's orders, newest first, with a filter
// and real page links; all of it lives in the URL (?filter=…&page=…).
// Amounts and dates are written on the server: the same text on both sides
// of hydration, and no formatting code in the browser's bundle.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const url = new URL(request.url);
  const site = await siteForRequest(request);
  // Spec 6: the intermediary variant lists every order, with no filter to choose.
  const intermediary = await isIntermediarySite(site.id);
  const query = parseOrderListQuery(url.searchParams);
  const state: OrderListState = intermediary ? { ...query, filter: DEFAULT_ORDER_FILTER } : query;
  const languageId = site.languages.find((language) => language.iso_code === locale)?.id ?? null;
  const title = t("orders.title");

  const rows = (items: OrderSummary[]): OrderRow[] =>
    items.map((order) => ({
      ...order,
      total_label: formatMoney(order.total_minor, order.currency, intlLocale(locale)),
      created_label: formatDateTime(order.created_at),
    }));

  const list = await listOrders(user.id, { ...state, languageId }).catch((error: unknown) => {
    logger.error({ err: error, url: request.url }, "Orders list failed");
    reportServerError(error);
    return null;
  });
  // Spec 8: when the orders cannot be had, an empty list on page 1 with a total of 0.
  if (!list) return { title, intermediary, state: { ...state, page: 1 }, items: [] as OrderRow[], total: 0, failed: true };

  const pages = orderPageCount(list.total);
  if (state.page > pages) throw redirect(ordersHref(locale, { ...state, page: pages }));
  return { title, intermediary, state, items: rows(list.items), total: list.total, failed: false };
}

type OrderRow = OrderSummary & { total_label: string; created_label: string };

function ordersHref(locale: Locale | null, state: OrderListState) {
  const search = orderListSearch(state);
  const path = locale ? localePath(locale, "/my-orders") : "/my-orders";
  return search ? `${path}?${search}` : path;
}

export default function MyOrders() {
  const { title, intermediary, state, items, total, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigation = useNavigation();
  const ordersRef = useRef<HTMLDivElement>(null);
  const focusOrders = new URLSearchParams(search).get(FOCUS_ORDER_TABLE) === "true";

  // Spec 2: arriving from the unpaid-orders alert, the orders take the focus.
  useEffect(() => {
    if (focusOrders) ordersRef.current?.focus();
  }, [focusOrders]);

  return (
    <AccountLayout title={title}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {intermediary ? null : <FilterForm state={state} />}
        <p className="text-sm text-ink-muted" aria-live="polite">
          {t("orders.found", { total })}
        </p>
      </div>
      {failed ? (
        <p role="alert" className="mb-4 rounded-lg bg-danger-soft px-4 py-3 text-danger">
          {t("orders.loadFailed")}
        </p>
      ) : null}
      <div
        id={ORDERS_TABLE_ID}
        ref={ordersRef}
        tabIndex={-1}
        role="region"
        aria-label={t("orders.listLabel")}
        aria-busy={navigation.state === "loading"}
        className="rounded-xl focus:outline-3 focus:outline-offset-4 focus:outline-brand"
      >
        {items.length === 0 ? (
          <EmptyOrders filter={state.filter} />
        ) : (
          <>
            <OrdersTable items={items} />
            <OrderCards items={items} />
          </>
        )}
      </div>
      <Pagination current={state.page} pages={orderPageCount(total)} href={(page) => ordersHref(null, { ...state, page })} />
    </AccountLayout>
  );
}

/** A GET form: it works before JavaScript; with it, choosing a filter applies it, back on page 1. */
function FilterForm({ state }: { state: OrderListState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const submit = useSubmit();
  const groups = [
    { label: t("orders.filterByStatus"), filters: ORDER_FILTERS.filter((filter) => filter.group === "status") },
    { label: t("orders.filterByKind"), filters: ORDER_FILTERS.filter((filter) => filter.group === "kind") },
  ];
  const choose = ({ value: filter }: HTMLSelectElement) => {
    if (!isOrderFilter(filter)) return;
    const next = new URLSearchParams(orderListSearch(changeFilter(state, filter)));
    submit(next, { method: "get", action: localePath(locale, "/my-orders") });
  };
  const early = useEarlyChoice(state.filter, choose);
  return (
    <Form method="get" action={localePath(locale, "/my-orders")} className="flex items-center gap-2">
      <label htmlFor="orders-filter" className="text-sm font-medium">
        {t("orders.filterLabel")}
      </label>
      <select
        ref={early.ref}
        id="orders-filter"
        name="filter"
        defaultValue={state.filter}
        key={state.filter}
        onChange={early.onChange}
        className="rounded-lg border border-line-strong bg-surface px-3 py-2"
      >
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.filters.map((filter) => (
              <option key={filter.id} value={filter.id}>
                {t(`orders.filter_${filter.id}`)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <SubmitUntilHydrated>{t("shell.apply")}</SubmitUntilHydrated>
    </Form>
  );
}

function EmptyOrders({ filter }: { filter: OrderListState["filter"] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-line p-8 text-center">
      <p className="text-ink-muted">{t(`orders.empty_${filter}`)}</p>
      {filter === DEFAULT_ORDER_FILTER ? (
        <LocaleLink to="/marketplace" className="button-primary">
          {t("orders.startShopping")}
        </LocaleLink>
      ) : (
        <LocaleLink to="/my-orders" className="link font-semibold">
          {t("orders.showAll")}
        </LocaleLink>
      )}
    </div>
  );
}

function OrderLink({ order, className }: { order: OrderRow; className?: string }) {
  return (
    <LocaleLink to={`/my-orders/${order.slug}`} className={className ?? "link font-semibold"}>
      {order.number}
    </LocaleLink>
  );
}

/** The unpaid highlight's call to action: paying the order later (payment-pay). */
function PayLink({ order, className }: { order: OrderRow; className: string }) {
  const { t } = useTranslation();
  return (
    <LocaleLink to={`/payment/${order.slug}`} className={className}>
      {t("orders.pay")}
      <span className="sr-only"> {t("orders.ofOrder", { number: order.number })}</span>
    </LocaleLink>
  );
}

function FirstItem({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  return (
    <p className="mt-0.5 text-sm text-ink-muted">
      {order.first_item ? <span className="line-clamp-2">{order.first_item.name}</span> : null}
      <span>{t("orders.itemCount", { quantity: order.item_count })}</span>
    </p>
  );
}

function OrdersTable({ items }: { items: OrderRow[] }) {
  const { t } = useTranslation();
  return (
    <table className="hidden w-full text-left lg:table">
      <caption className="sr-only">{t("orders.listLabel")}</caption>
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-4 pl-2 font-medium">{t("orders.number")}</th>
          <th scope="col" className="py-2 pr-4 font-medium">{t("orders.date")}</th>
          <th scope="col" className="py-2 pr-4 font-medium">{t("orders.kind")}</th>
          <th scope="col" className="py-2 pr-4 font-medium">{t("orders.status")}</th>
          <th scope="col" className="py-2 pr-4 text-right font-medium">{t("orders.total")}</th>
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">{t("orders.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((order) => (
          <tr key={order.id} className={`border-b border-line align-top ${order.status === "unpaid" ? "bg-danger-soft" : ""}`}>
            <td className="py-3 pr-4 pl-2">
              <OrderLink order={order} />
              <FirstItem order={order} />
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">{order.created_label}</td>
            <td className="py-3 pr-4">{t(`orders.kind_${order.kind}`)}</td>
            <td className="py-3 pr-4">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="py-3 pr-4 text-right font-semibold whitespace-nowrap">{order.total_label}</td>
            <td className="py-3 pr-2 text-right">
              {order.status === "unpaid" ? <PayLink order={order} className="button-primary px-3 py-1.5 text-sm whitespace-nowrap" /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrderCards({ items }: { items: OrderRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3 lg:hidden">
      {items.map((order) => (
        <li
          key={order.id}
          className={`rounded-xl border p-4 ${order.status === "unpaid" ? "border-danger bg-danger-soft" : "border-line"}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <OrderLink order={order} className="link text-lg font-semibold" />
              <p className="text-sm text-ink-muted">
                {order.created_label} · {t(`orders.kind_${order.kind}`)}
              </p>
            </div>
            <OrderStatusBadge status={order.status} />
          </div>
          <div className="mt-2 flex items-end justify-between gap-3">
            <FirstItem order={order} />
            <p className="font-semibold whitespace-nowrap">{order.total_label}</p>
          </div>
          {order.status === "unpaid" ? (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium text-danger">{t("orders.unpaidHint")}</p>
              <PayLink order={order} className="button-primary px-4 py-2 text-sm" />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
