import type { PaymentStatus } from "~/models/db/schema";
import type { OrderKind, OrderStatus } from "./orders";

// The staff orders list's filter: what the page, its CSV export and the
// dashboard's links name, as plain values (the page reads them from its URL).

export const STAFF_ORDERS_PAGE_SIZE = 50;
/** An export holds at most this many rows; a wider one is narrowed by its dates. */
export const EXPORT_LIMIT = 50_000;

export const ORDER_SORTS = ["newest", "oldest", "total_desc", "total_asc"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** Named queues the dashboard links to: "to pack", "to ship". */
export const FULFILMENT_QUEUES = ["to_pack", "to_ship"] as const;
export type FulfilmentQueue = (typeof FULFILMENT_QUEUES)[number];

/** A payment's states, as the filter offers them: an order with a payment in that state. */
export const PAYMENT_STATUSES = ["pending", "review", "paid", "declined", "failed", "abandoned"] as const satisfies readonly PaymentStatus[];

export type StaffOrderFilter = {
  status?: OrderStatus;
  payment?: PaymentStatus;
  /** One customer's orders (their account's id). */
  userId?: number;
  kind?: OrderKind;
  queue?: FulfilmentQueue;
  siteId?: number;
  /** An order number (MP123) or an email, whole or its start. */
  q?: string;
  from?: Date;
  to?: Date;
  sort?: OrderSort;
  page?: number;
};

