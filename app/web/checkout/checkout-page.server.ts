import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { localePath, type Locale } from "~/lib/i18n";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { CHECKOUT_ERROR_MESSAGE, type CheckoutError } from "~/models/checkout/checkout";
import { checkoutData, ownCheckout } from "~/models/checkout/checkout.server";
import { placedCheckoutPage } from "~/models/checkout/orders-placed.server";

// What every step's page does first: find the shopper's checkout by the
// slug in the URL (another's is not found), send an ended one back to the
// cart and a placed one on to its order, and read its data. The routes stay
// a few lines each.

export async function loadCheckout(request: Request, params: Params) {
  const locale = localeParam(params);
  const [site, owner, t] = await Promise.all([siteForRequest(request), cartOwner(request), i18nServer.getFixedT(locale)]);
  const own = await ownCheckout(params.slug ?? "", owner);
  if (!own.ok) {
    if (own.error === "expired") throw redirect(`${localePath(locale, "/cart")}?checkout=expired`);
    throw notFound(request);
  }
  // A placed checkout has nothing left to edit: a visit goes on to its order.
  // A form posted to it is refused by its step (409), and a repeated confirm
  // still finds the order it made.
  if (own.checkout.state === "placed" && own.checkout.order_id && (request.method === "GET" || request.method === "HEAD")) {
    throw redirect(await placedCheckoutPath(own.checkout, owner.user?.id ?? null, locale));
  }
  const near = new URL(request.url).searchParams.get("near")?.slice(0, 40) ?? undefined;
  const data = await checkoutData(own.checkout, owner, site, locale, near);
  return { locale, site, owner, t, checkout: own.checkout, data, near: near ?? "" };
}

/** A placed checkout's next page: its order's payment page while it waits to be paid, else its success page. */
export async function placedCheckoutPath(checkout: { slug: string; order_id: number | null }, userId: number | null, locale: Locale) {
  const next = await placedCheckoutPage(Number(checkout.order_id), userId);
  return localePath(locale, next.page === "payment" ? `/payment/${next.orderSlug}` : `/success/${checkout.slug}`);
}

/** A step's refusal as its page shows it: the message, and the field it belongs to. */
export function stepRefusal(t: (key: string) => string, error: CheckoutError, field?: string) {
  return { error: t(CHECKOUT_ERROR_MESSAGE[error]), field: field ?? null };
}
