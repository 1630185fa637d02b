import * as v from "valibot";
import { localePath } from "~/lib/i18n";
import { checkoutRefusal } from "~/web/checkout/checkout-api.server";
import { checkoutForCall } from "~/web/checkout/checkout-call.server";
import { placeOrder } from "~/models/checkout/place-order.server";
import { utmFromRequest } from "~/web/marketing.server";
import { paymentPage } from "~/web/payments/payment-page.server";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { localeFromRequest } from "~/platform/i18n.server";
import { signInAs } from "~/web/accounts/caller.server";

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
  const { order } = outcome;
  const redirect = order.payment ? await paymentPage(order.payment.token, request, locale) : localePath(locale, `/success/${checkout.slug}`);
  const headers = order.newAccountUserId ? { "set-cookie": await signInAs(request, context, order.newAccountUserId) } : undefined;
  return apiOk({ status: "success", order_id: order.orderId, redirect }, { headers });
});

export const loader = methodNotAllowed;
