import { splitLocale } from "~/lib/i18n";

// The unpaid-orders alert of spec 4: which pages never show it, and when a
// dismissal still holds. Pure rules, shared by the server and the browser.

/**
 * Pages where the alert would be in the way: the orders themselves, the
 * checkout and payment steps (with their slugs), what follows a payment, and
 * the account and pro pages where the shopper is busy with something else.
 * Beyond spec 4's list: the balance top-up, a payment of its own.
 * Each path covers itself and everything below it.
 */
export const ALERT_SUPPRESSED_PATHS = [
  "/my-orders",
  "/create-order",
  "/order-successful",
  "/success",
  "/payment",
  "/balance/pay",
  "/confirm",
  "/checkout",
  "/reservation/success",
  "/account-information",
  "/delivery-addresses",
  "/site-pro-delivery",
  "/site-pro-payment",
  "/site-pro-edit",
] as const;

/** True on a page that never shows the alert; the locale prefix and a trailing slash do not matter. */
export function isAlertSuppressed(pathname: string) {
  const { rest } = splitLocale(pathname);
  const path = rest.length > 1 ? rest.replace(/\/+$/, "") : rest;
  return ALERT_SUPPRESSED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * What the browser remembers after a dismissal or a pay press: whose alert
 * it was, and the newest unpaid order it told them about.
 */
export type AlertHandled = { userId: number; orderId: number };

/**
 * The alert is handled while the same user has no unpaid order newer than
 * the one they were told about. Paying an order keeps it handled; a new
 * unpaid order, or another user signing in, brings it back.
 */
export function isAlertHandled(handled: AlertHandled | null, userId: number, newestUnpaidOrderId: number) {
  return handled !== null && handled.userId === userId && newestUnpaidOrderId <= handled.orderId;
}

