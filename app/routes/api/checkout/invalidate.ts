import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { checkoutForCall } from "~/web/checkout/checkout-call.server";
import { invalidateCheckout } from "~/models/checkout/checkout.server";

// POST /api/checkout/invalidate/{slug} {slug, language_id} (spec 4 and 7):
// the shopper left the checkout pages; the checkout ends, the cart stays.
export const action = apiHandler(async ({ request, params, t }) => {
  const { checkout } = await checkoutForCall(request, params.slug ?? "", t);
  await invalidateCheckout(checkout);
  return apiOk({ status: "success" });
});

export const loader = methodNotAllowed;
