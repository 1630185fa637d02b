import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { CartSkuSchema } from "~/models/cart/cart";
import { apiLocale, cartAnswer, cartRefusal, LanguageIdSchema } from "~/models/cart/cart-api.server";
import { cartOwner, readCart, removeFromCart } from "~/models/cart/cart.server";
import { siteForRequest } from "~/models/sites/sites.server";

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
