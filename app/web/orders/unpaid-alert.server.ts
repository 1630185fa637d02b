import type { SessionUser } from "~/models/accounts/sessions.server";
import type { AlertHandled } from "~/models/orders/unpaid-alert";
import { alertHandled, unpaidAlertFor } from "~/models/orders/unpaid-alert.server";
import { siteCookie } from "~/web/cookies.server";

// The unpaid-orders alert's "handled" mark, kept in a cookie for a year
// (models/orders/unpaid-alert.server.ts decides what it means).

const YEAR_S = 365 * 86_400;

function alertCookie() {
  return siteCookie("unpaid-alert", { maxAge: YEAR_S });
}

async function readHandled(request: Request): Promise<AlertHandled | null> {
  const value: unknown = await alertCookie().parse(request.headers.get("cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { userId, orderId } = value as Record<string, unknown>;
  return Number.isSafeInteger(userId) && Number.isSafeInteger(orderId) ? { userId: userId as number, orderId: orderId as number } : null;
}

/** The alert the request's signed-in user should see, or null. */
export async function unpaidAlertOf(request: Request, user: SessionUser | null) {
  return user ? unpaidAlertFor(user, await readHandled(request)) : null;
}

/** Records a dismissal or a pay press; returns the Set-Cookie header, or null when nothing is unpaid. */
export async function recordAlertHandled(user: SessionUser, seenOrderId: number | null): Promise<string | null> {
  const handled = await alertHandled(user, seenOrderId);
  return handled ? alertCookie().serialize(handled) : null;
}
