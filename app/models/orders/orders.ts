// The customer's orders list: its filters, paging and URL state. Shared by
// the page, the JSON API and the models, so they agree on every rule.

export const ORDER_KINDS = ["marketplace", "quote", "forward", "invoice", "listing"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = ["unpaid", "paid", "processing", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders on one page of the list, and in one answer of the API. */
export const ORDERS_PAGE_SIZE = 10;

/** Pages past this one are not served: nobody has that many orders, and the offset stays bounded. */
export const MAX_ORDERS_PAGE = 10_000;

type FilterDefinition = {
  id: string;
  /** The page groups the filters by what they look at. */
  group: "status" | "kind";
  statuses?: readonly OrderStatus[];
  kinds?: readonly OrderKind[];
};

/**
 * The list's filters, in the order the page offers them. Each narrows the
 * list by status or by kind; 'all_orders' (spec 9's default) narrows nothing.
 */
export const ORDER_FILTERS = [
  { id: "all_orders", group: "status" },
  { id: "unpaid", group: "status", statuses: ["unpaid"] },
  { id: "in_progress", group: "status", statuses: ["paid", "processing", "shipped"] },
  { id: "completed", group: "status", statuses: ["delivered", "cancelled", "refunded"] },
  { id: "marketplace", group: "kind", kinds: ["marketplace"] },
  { id: "quotes", group: "kind", kinds: ["quote"] },
  { id: "forwarding", group: "kind", kinds: ["forward"] },
] as const satisfies readonly FilterDefinition[];

export type OrderFilter = (typeof ORDER_FILTERS)[number]["id"];
export const ORDER_FILTER_IDS = ORDER_FILTERS.map((filter) => filter.id) as [OrderFilter, ...OrderFilter[]];
export const DEFAULT_ORDER_FILTER: OrderFilter = "all_orders";

export function isOrderFilter(value: unknown): value is OrderFilter {
  return typeof value === "string" && (ORDER_FILTER_IDS as readonly string[]).includes(value);
}

/** What a filter keeps: the statuses and kinds it allows (undefined: any). */
export function filterConditions(filter: OrderFilter): { statuses?: readonly OrderStatus[]; kinds?: readonly OrderKind[] } {
  const definition: FilterDefinition | undefined = ORDER_FILTERS.find((candidate) => candidate.id === filter);
  return { statuses: definition?.statuses, kinds: definition?.kinds };
}

/** Spec 3's orders list state, as it lives in the URL. */
export type OrderListState = { filter: OrderFilter; page: number };

/** The list's state from the URL's query: anything unknown falls back to 'all_orders', page 1. */
export function parseOrderListQuery(search: string | URLSearchParams): OrderListState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const filter = params.get("filter");
  const page = Number(params.get("page"));
  return {
    filter: isOrderFilter(filter) ? filter : DEFAULT_ORDER_FILTER,
    page: Number.isSafeInteger(page) && page >= 1 && page <= MAX_ORDERS_PAGE ? page : 1,
  };
}

/** The query for a state, leaving out the defaults so that links stay short: "" is the first page of all orders. */
export function orderListSearch({ filter, page }: OrderListState): string {
  const params = new URLSearchParams();
  if (filter !== DEFAULT_ORDER_FILTER) params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** Spec 4: changing the filter starts again from page 1; choosing the same one keeps the page. */
export function changeFilter(state: OrderListState, filter: OrderFilter): OrderListState {
  return filter === state.filter ? state : { filter, page: 1 };
}

export function orderPageCount(total: number) {
  return Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
}

/** The page numbers worth a link: the first, the last and two either side of the current one. */
export function pageNumbers(current: number, pages: number) {
  return [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
}

/** A listing's fee (LF) is billed under the listing's product id (docs/pro.md). */
const NUMBER_PREFIX: Record<OrderKind, string> = { marketplace: "MP", quote: "QU", forward: "FR", invoice: "INV", listing: "LF" };

/**
 * The number a customer quotes: 'QU' plus the quote's id and 'FR' plus the
 * forward request's, as the balance history shows them. A bill passes the id
 * of what it bills (orders.source_id), not its own.
 */
export function orderNumber(kind: OrderKind, id: number) {
  return `${NUMBER_PREFIX[kind]}${id}`;
}

/** The kind and id of a number orderNumber wrote, as people type it (MP12, qu 5, Fr-7); null for anything else. */
export function orderNumberParts(text: string): { kind: OrderKind; id: number } | null {
  const match = /^([A-Z]{2,3})[\s-]*(\d{1,15})$/i.exec(text.trim());
  const kind = match ? ORDER_KINDS.find((k) => NUMBER_PREFIX[k] === match[1]!.toUpperCase()) : undefined;
  const id = match ? Number(match[2]) : NaN;
  return kind && Number.isSafeInteger(id) && id > 0 ? { kind, id } : null;
}

/** The query parameter the unpaid-orders alert's pay button adds (spec 2): the orders table takes the focus. */
export const FOCUS_ORDER_TABLE = "focus_order_table";

/** The id of the element that holds the orders, for focus and for the no-JavaScript anchor. */
export const ORDERS_TABLE_ID = "orders-table";
