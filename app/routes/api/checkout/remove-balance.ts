import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { checkoutRefusal } from "~/web/checkout/checkout-api.server";
import { checkoutForCall } from "~/web/checkout/checkout-call.server";
import { removeBalance } from "~/models/checkout/checkout.server";

// POST /api/checkout/remove-balance {slug} (spec 4 and 7): once, and only
// when the checkout uses some of the stored balance.
const RemoveSchema = v.object({ slug: v.pipe(v.string("api.badInput"), v.maxLength(64, "api.badInput")) }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, RemoveSchema, t);
  const { checkout } = await checkoutForCall(request, body.slug, t);
  const outcome = await removeBalance(checkout);
  if (!outcome.ok) return checkoutRefusal(outcome.error, t);
  return apiOk({ status: "success" });
});

export const loader = methodNotAllowed;
