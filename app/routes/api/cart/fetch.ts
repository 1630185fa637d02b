import * as v from "valibot";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { apiLocale, cartAnswer, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { readCart } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/cart/fetch {language_id}: the cart of spec 3 (items, shipping,
// delivery, shipping_method, expiration, reservation_error); an empty one
// for a shopper who has none yet.
const FetchSchema = v.object({ language_id: LanguageIdSchema }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, FetchSchema, t);
  const site = await siteForRequest(request);
  return cartAnswer(await readCart(await cartOwner(request), site.id, apiLocale(request, site, body.language_id, t)));
});

export const loader = methodNotAllowed;
