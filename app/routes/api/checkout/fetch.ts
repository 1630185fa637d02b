import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { apiLocale, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { checkoutForCall } from "~/web/checkout/checkout-call.server";
import { checkoutData } from "~/models/checkout/checkout.server";

// POST /api/checkout/fetch/{slug} {slug, step, language_id, fields?} (spec 7):
// the checkout data of spec 3 with its totals. `fields` narrows the answer
// to those keys (spec 4: the payment step asks only for shipping, delivery,
// address, country and email); status and totals always come.
const FetchSchema = v.object(
  {
    slug: v.optional(v.string()),
    step: v.optional(v.picklist([3, 4, 5] as const, "api.badInput")),
    language_id: LanguageIdSchema,
    near: v.optional(v.pipe(v.string(), v.maxLength(40, "api.badInput"))),
    fields: v.optional(v.array(v.pipe(v.string(), v.maxLength(40, "api.badInput")), "api.badInput")),
  },
  "api.badInput",
);

export const action = apiHandler(async ({ request, params, t }) => {
  const body = await readJsonBody(request, FetchSchema, t);
  const { owner, site, checkout } = await checkoutForCall(request, params.slug ?? "", t);
  const data = await checkoutData(checkout, owner, site, apiLocale(request, site, body.language_id, t), body.near);
  if (!body.fields) return apiOk(data);
  const wanted = new Set([...body.fields, "status", "totals", "slug"]);
  return apiOk(Object.fromEntries(Object.entries(data).filter(([key]) => wanted.has(key))));
});

export const loader = methodNotAllowed;
