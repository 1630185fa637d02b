import * as v from "valibot";
import { checkoutRefusal } from "~/web/checkout/checkout-api.server";
import { checkoutForCall } from "~/web/checkout/checkout-call.server";
import { placeOrder } from "~/models/checkout/place-order.server";
import { utmFromRequest } from "~/web/marketing.server";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { localeFromRequest } from "~/platform/i18n.server";
import { afterPlacedOrder } from "~/web/checkout/after-order.server";

// POST /api/checkout/confirm/{slug} {idempotency_key}: places the order, once
// however often it is sent with the key → {status, order_id, redirect}, where
// redirect is the processor's payment page or the success page.
const ConfirmSchema = v.object({ idempotency_key: v.pipe(v.string("api.badInput"), v.regex(/^[\w-]{16,64}$/, "api.badInput")) }, "api.badInput");

export const action = apiHandler(async ({ request, params, context, t }) => {
  const body = await readJsonBody(request, ConfirmSchema, t);
  const { owner, site, checkout } = await checkoutForCall(request, params.slug ?? "", t);
  const locale = localeFromRequest(request);
  const outcome = await placeOrder(checkout.slug, owner, body.idempotency_key, site, locale, utmFromRequest(request));
  if (!outcome.ok) return checkoutRefusal(outcome.error, t);
  const { next, headers } = await afterPlacedOrder(request, context, outcome.order, checkout.slug, locale);
  return apiOk({ status: "success", order_id: outcome.order.orderId, redirect: next }, { headers });
});

export const loader = methodNotAllowed;
