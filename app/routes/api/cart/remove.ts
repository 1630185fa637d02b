import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { CartSkuSchema } from "~/models/cart/cart";
import { apiLocale, cartAnswer, cartRefusal, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { readCart, removeFromCart } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/cart/remove {sku, language_id?}: takes a product out; answers the cart.
const RemoveSchema = v.object({ ...CartSkuSchema.entries, language_id: LanguageIdSchema }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, RemoveSchema, t);
  const site = await siteForRequest(request);
  const locale = apiLocale(request, site, body.language_id, t);
  const owner = await cartOwner(request);
  const outcome = await removeFromCart(owner, site.id, body.sku);
  if (!outcome.ok) return cartRefusal(outcome, t);
  return cartAnswer(await readCart(owner, site.id, locale));
});

export const loader = methodNotAllowed;
