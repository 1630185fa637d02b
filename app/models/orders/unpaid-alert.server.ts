import { createCookie } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { isAlertHandled, type AlertHandled } from "~/models/orders/unpaid-alert";
import { newestUnpaidOrderId } from "./orders.server";
import type { SessionUser } from "~/models/accounts/sessions.server";

// The unpaid-orders alert of spec 4, decided on the server so that it is in
// the page's first HTML, with or without JavaScript. Whether it has been
// handled lives in a cookie: the browser that dismissed it stops seeing it,
// on every app server, without a table of its own.

const YEAR_S = 365 * 86_400;

function alertCookie() {
  return createCookie("unpaid-alert", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().NODE_ENV === "production" && env().SECURE_COOKIES,
    maxAge: YEAR_S,
  });
}

async function readHandled(request: Request): Promise<AlertHandled | null> {
  const value: unknown = await alertCookie().parse(request.headers.get("cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { userId, orderId } = value as Record<string, unknown>;
  return Number.isSafeInteger(userId) && Number.isSafeInteger(orderId) ? { userId: userId as number, orderId: orderId as number } : null;
}

export type UnpaidAlert = {
  /** Spec 3's unpaid_orders_count at the time of the page. */
  count: number;
  /** The newest unpaid order's id: what a dismissal records. */
  newestOrderId: number;
};

/** The alert a signed-in user should see, or null: a guest, nothing unpaid, or already handled. */
export async function unpaidAlertFor(request: Request, user: SessionUser | null): Promise<UnpaidAlert | null> {
  if (!user || user.unpaid_orders_count <= 0) return null;
  const [newestOrderId, handled] = await Promise.all([newestUnpaidOrderId(user.id), readHandled(request)]);
  if (newestOrderId === null || isAlertHandled(handled, user.id, newestOrderId)) return null;
  return { count: user.unpaid_orders_count, newestOrderId };
}

/**
 * Records a dismissal or a pay press; returns the Set-Cookie header. The
 * newest order the page showed is recorded, unless the customer has no
 * such unpaid order: an order placed after the page was drawn still shows
 * the alert again.
 */
export async function recordAlertHandled(user: SessionUser, seenOrderId: number | null): Promise<string | null> {
  const newest = await newestUnpaidOrderId(user.id);
  if (newest === null) return null;
  const orderId = seenOrderId !== null && seenOrderId <= newest ? seenOrderId : newest;
  return alertCookie().serialize({ userId: user.id, orderId } satisfies AlertHandled);
}
