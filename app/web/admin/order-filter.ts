import { ORDER_KINDS, ORDER_STATUSES, type OrderKind, type OrderStatus } from "~/models/orders/orders";
import { FULFILMENT_QUEUES, ORDER_SORTS, PAYMENT_STATUSES, type FulfilmentQueue, type OrderSort, type StaffOrderFilter } from "~/models/orders/staff-orders";

// The staff orders list's filter as it lives in the URL, shared by the page,
// its CSV export and the dashboard's links. Anything unknown is ignored, so
// a hand-edited address shows a wider list, never an error.

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

function day(value: string | null, plusDays = 0) {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

export function orderFilterOf(params: URLSearchParams): StaffOrderFilter {
  const site = Number(params.get("site"));
  const page = Number(params.get("page"));
  const customer = Number(params.get("customer"));
  return {
    status: pick<OrderStatus>(ORDER_STATUSES, params.get("status")),
    payment: pick(PAYMENT_STATUSES, params.get("payment")),
    userId: Number.isSafeInteger(customer) && customer > 0 ? customer : undefined,
    kind: pick<OrderKind>(ORDER_KINDS, params.get("kind")),
    queue: pick<FulfilmentQueue>(FULFILMENT_QUEUES, params.get("queue")),
    siteId: Number.isInteger(site) && site > 0 ? site : undefined,
    q: params.get("q")?.slice(0, 254) || undefined,
    from: day(params.get("from")),
    // "To" is the whole day named.
    to: day(params.get("to"), 1),
    sort: pick<OrderSort>(ORDER_SORTS, params.get("sort")),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}
