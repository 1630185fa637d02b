import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { CartLineSchema } from "~/models/cart/cart";
import { apiLocale, cartAnswer, cartRefusal, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { readCart, setQuantity } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/cart/update {sku, quantity, language_id?}: sets a line's
// quantity, from 1 to what can be reserved (spec 4); answers the cart.
const UpdateSchema = v.object({ ...CartLineSchema.entries, language_id: LanguageIdSchema }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, UpdateSchema, t);
  const site = await siteForRequest(request);
  const locale = apiLocale(request, site, body.language_id, t);
  const owner = await cartOwner(request);
  const outcome = await setQuantity(owner, site.id, body.sku, body.quantity);
  if (!outcome.ok) return cartRefusal(outcome, t);
  return cartAnswer(await readCart(owner, site.id, locale));
});

export const loader = methodNotAllowed;
