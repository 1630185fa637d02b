import { percentOf, toMinor, type Minor } from "~/lib/money";

// A payment method's fee (spec 4), read by the checkout's price rules and by
// a payment started later alike.

/** What a payment method charges: a fixed amount, or a percentage of what it takes. */
export type PaymentFeeRule = { fee: string; fee_type: "fixed" | "percentage" };

/** Spec 4's payment fee on what a provider takes: fixed, or a percentage rounded to the cent. */
export function paymentMethodFee(withoutPaymentFee: Minor, method: PaymentFeeRule | null): Minor {
  // Nothing left for a provider to take, nothing to charge a fee on.
  if (!method || withoutPaymentFee === 0) return 0;
  return method.fee_type === "percentage" ? percentOf(withoutPaymentFee, method.fee) : toMinor(method.fee);
}
