import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { CartLineSchema } from "~/models/cart/cart";
import { apiLocale, cartAnswer, cartRefusal, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { addToCart, readCart } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";
import { cartSetCookie } from "~/web/cart/cart-cookie.server";

// POST /api/cart/add {sku, quantity, language_id?}: adds units, making the
// cart (and a guest's cookie) on the first add; answers the cart.
const AddSchema = v.object({ ...CartLineSchema.entries, language_id: LanguageIdSchema }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, AddSchema, t);
  const site = await siteForRequest(request);
  const locale = apiLocale(request, site, body.language_id, t);
  const outcome = await addToCart(await cartOwner(request), site.id, body.sku, body.quantity);
  if (!outcome.ok) return cartRefusal(outcome, t);
  return cartAnswer(await readCart(outcome.owner, site.id, locale), await cartSetCookie(outcome.newToken));
});

export const loader = methodNotAllowed;
