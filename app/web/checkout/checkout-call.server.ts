import type { TFunction } from "i18next";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";
import { checkoutRefusal } from "./checkout-api.server";
import { ownCheckout } from "~/models/checkout/checkout.server";

/** The checkout a JSON call names by its slug, with its owner and site; another's is a thrown 404. */
export async function checkoutForCall(request: Request, slug: string, t: TFunction) {
  const [owner, site] = await Promise.all([cartOwner(request), siteForRequest(request)]);
  const own = await ownCheckout(slug, owner);
  if (!own.ok) throw checkoutRefusal(own.error, t);
  return { owner, site, checkout: own.checkout };
}
