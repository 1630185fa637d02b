import { localePath, type Locale } from "~/lib/i18n";
import type { PlacedOrder } from "~/models/checkout/place-order.server";
import { signInAs } from "~/web/accounts/caller.server";
import { paymentPage } from "~/web/payments/payment-page.server";

/**
 * What follows a placed order, for the confirm page and the JSON API alike:
 * a guest's new account is theirs in this browser from now on (the
 * Set-Cookie header), and the shopper goes on to the processor's payment
 * page, or to the success page when nothing is left to pay.
 */
export async function afterPlacedOrder(request: Request, context: { clientIp?: string }, order: PlacedOrder, checkoutSlug: string, locale: Locale) {
  const headers: Record<string, string> = order.newAccountUserId ? { "set-cookie": await signInAs(request, context, order.newAccountUserId) } : {};
  const next = order.payment ? await paymentPage(order.payment.token, request, locale) : localePath(locale, `/success/${checkoutSlug}`);
  return { next, headers };
}
