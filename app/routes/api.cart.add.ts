import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { CartLineSchema } from "~/models/cart/cart";
import { apiLocale, cartAnswer, cartRefusal, LanguageIdSchema } from "~/models/cart/cart-api.server";
import { addToCart, cartOwner, readCart } from "~/models/cart/cart.server";
import { siteForRequest } from "~/models/sites/sites.server";

// POST /api/cart/add {sku, quantity, language_id?}: adds units, making the
// cart (and a guest's cookie) on the first add; answers the cart.
const AddSchema = v.object({ ...CartLineSchema.entries, language_id: LanguageIdSchema }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, AddSchema, t);
  const site = await siteForRequest(request);
  const locale = apiLocale(request, site, body.language_id, t);
  const outcome = await addToCart(await cartOwner(request), site.id, body.sku, body.quantity);
  if (!outcome.ok) return cartRefusal(outcome, t);
  return cartAnswer(await readCart(outcome.owner, site.id, locale), outcome.setCookie);
});

export const loader = methodNotAllowed;
