import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { ShippingMethodSchema } from "~/models/cart/cart";
import { apiLocale, cartAnswer, cartRefusal, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { readCart, setShippingMethod } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/cart/shipping-method {shipping_method: "air" | "sea", language_id?}: answers the cart.
const MethodSchema = v.object({ ...ShippingMethodSchema.entries, language_id: LanguageIdSchema }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, MethodSchema, t);
  const site = await siteForRequest(request);
  const locale = apiLocale(request, site, body.language_id, t);
  const owner = await cartOwner(request);
  const outcome = await setShippingMethod(owner, site.id, body.shipping_method);
  if (!outcome.ok) return cartRefusal(outcome, t);
  return cartAnswer(await readCart(owner, site.id, locale));
});

export const loader = methodNotAllowed;
