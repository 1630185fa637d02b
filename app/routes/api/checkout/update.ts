import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { apiLocale, LanguageIdSchema } from "~/web/cart/cart-api.server";
import { PaymentStepSchema, ShippingStepSchema } from "~/models/checkout/checkout";
import { checkoutRefusal } from "~/web/checkout/checkout-api.server";
import { checkoutForCall } from "~/web/checkout/checkout-call.server";
import { checkoutData, ownCheckout, savePaymentStep, saveShippingStep } from "~/models/checkout/checkout.server";

// POST /api/checkout/update/{slug} {step, …}: step 3 sets email, address,
// shipping_method, delivery_method and parcel_shop; step 4 sets payment,
// balance and promotion. Nothing is saved unless all of it passes; the
// answer is the checkout data as it is now.
const UpdateSchema = v.variant(
  "step",
  [
    v.object({ step: v.literal(3), language_id: LanguageIdSchema, ...ShippingStepSchema.entries }),
    v.object({ step: v.literal(4), language_id: LanguageIdSchema, ...PaymentStepSchema.entries }),
  ],
  "api.badInput",
);

export const action = apiHandler(async ({ request, params, t }) => {
  const body = await readJsonBody(request, UpdateSchema, t);
  const { owner, site, checkout } = await checkoutForCall(request, params.slug ?? "", t);
  const locale = apiLocale(request, site, body.language_id, t);
  const outcome =
    body.step === 3
      ? await saveShippingStep(checkout, owner, body)
      : await savePaymentStep(checkout, owner, body, (await checkoutData(checkout, owner, site, locale)).totals.subtotal, locale);
  if (!outcome.ok) return checkoutRefusal(outcome.error, t);
  const fresh = await ownCheckout(checkout.slug, owner);
  if (!fresh.ok) return checkoutRefusal(fresh.error, t);
  return apiOk(await checkoutData(fresh.checkout, owner, site, locale));
});

export const loader = methodNotAllowed;
