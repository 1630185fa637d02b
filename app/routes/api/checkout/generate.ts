import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { checkoutCurrencyId, checkoutRefusal } from "~/web/checkout/checkout-api.server";
import { generateCheckout } from "~/models/checkout/checkout.server";
import { localeFromRequest } from "~/platform/i18n.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/checkout/generate (spec 7): the cart becomes a checkout → {status, slug}.
export const action = apiHandler(async ({ request, t }) => {
  const site = await siteForRequest(request);
  const outcome = await generateCheckout(await cartOwner(request), site, await checkoutCurrencyId(request, site), localeFromRequest(request));
  if (!outcome.ok) return checkoutRefusal(outcome.error, t);
  return apiOk({ status: "success", slug: outcome.slug });
});

export const loader = methodNotAllowed;
