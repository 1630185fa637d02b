import { isAlertHandled, type AlertHandled } from "~/models/orders/unpaid-alert";
import { newestUnpaidOrderId } from "./orders.server";
import type { SessionUser } from "~/models/accounts/sessions.server";

// The unpaid-orders alert of spec 4, decided on the server so that it is in
// the page's first HTML, with or without JavaScript. Whether it has been
// handled is kept by the browser (web/orders/unpaid-alert.server.ts keeps it
// in a cookie): the browser that dismissed it stops seeing it, on every app
// server, without a table of its own.

export type UnpaidAlert = {
  /** Spec 3's unpaid_orders_count at the time of the page. */
  count: number;
  /** The newest unpaid order's id: what a dismissal records. */
  newestOrderId: number;
};

/** The alert a signed-in user should see, or null: a guest, nothing unpaid, or already handled. */
export function unpaidAlertFor(user: SessionUser | null, handled: AlertHandled | null): UnpaidAlert | null {
  // The session read the count and the newest order together (sessionUser).
  if (!user || user.unpaid_orders_count <= 0 || user.newest_unpaid_order_id === null) return null;
  if (isAlertHandled(handled, user.id, user.newest_unpaid_order_id)) return null;
  return { count: user.unpaid_orders_count, newestOrderId: user.newest_unpaid_order_id };
}

/**
 * A dismissal or a pay press: what the browser keeps. The newest order the
 * page showed is recorded, unless the customer has no such unpaid order: an
 * order placed after the page was drawn still shows the alert again. Null
 * when nothing is unpaid.
 */
export async function alertHandled(user: SessionUser, seenOrderId: number | null): Promise<AlertHandled | null> {
  const newest = await newestUnpaidOrderId(user.id);
  if (newest === null) return null;
  const orderId = seenOrderId !== null && seenOrderId <= newest ? seenOrderId : newest;
  return { userId: user.id, orderId };
}
