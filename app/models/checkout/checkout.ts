import * as v from "valibot";
import { AddressSchema } from "~/models/accounts/schemas";
import { SHIPPING_METHODS } from "~/models/cart/cart";
import { typedAmount } from "~/lib/typed-amount";

// Checkout's enumerations and the fields each step sets (spec 3 and 4),
// shared by the pages, the JSON API and the server model.

/** Spec 3: the steps; success shares the confirm step's number. */
export const CHECKOUT_STEP = { shipping: 3, payment: 4, confirm: 5, success: 5 } as const;
export type CheckoutStep = 3 | 4 | 5;

/** Spec 3: payment provider ids. */
export const PAYMENT_PROVIDER = { invalid: -1, card: 1, wallet: 2, bankLink: 3, balance: 4 } as const;
export type PaymentProviderId = 1 | 2 | 3 | 4;

/** Spec 3: discount kinds. */
export const DISCOUNT_KIND = { fixed: 0, percentage: 1 } as const;

/** Spec 3: no local delivery chosen. */
export const NO_DELIVERY = -1;

/** How long a checkout stays open after it is made. */
export const CHECKOUT_TTL_MINUTES = 60;

export type CheckoutError =
  | "not_found"
  | "expired"
  | "empty_cart"
  | "reservation_error"
  | "email_required"
  | "address_required"
  | "unknown_address"
  | "unknown_country"
  | "unknown_courier"
  | "pickup_point_required"
  | "wrong_pickup_point"
  | "unknown_payment_method"
  | "payment_required"
  | "promotion_unknown"
  | "promotion_expired"
  | "promotion_used_up"
  | "promotion_min_subtotal"
  | "balance_guest"
  | "balance_too_high"
  | "balance_not_used"
  | "prices_changed"
  | "not_enough_stock"
  | "already_placed";

/** The translation key of each refusal. */
export const CHECKOUT_ERROR_MESSAGE: Record<CheckoutError, string> = {
  not_found: "checkout.errors.notFound",
  expired: "checkout.errors.expired",
  empty_cart: "checkout.errors.emptyCart",
  reservation_error: "checkout.errors.reservation",
  email_required: "checkout.errors.emailRequired",
  address_required: "checkout.errors.addressRequired",
  unknown_address: "checkout.errors.unknownAddress",
  unknown_country: "account.unknownCountry",
  unknown_courier: "checkout.errors.unknownCourier",
  pickup_point_required: "checkout.errors.pickupPointRequired",
  wrong_pickup_point: "checkout.errors.wrongPickupPoint",
  unknown_payment_method: "checkout.errors.unknownPaymentMethod",
  payment_required: "checkout.errors.paymentRequired",
  promotion_unknown: "checkout.errors.promotionUnknown",
  promotion_expired: "checkout.errors.promotionExpired",
  promotion_used_up: "checkout.errors.promotionUsedUp",
  promotion_min_subtotal: "checkout.errors.promotionMinSubtotal",
  balance_guest: "checkout.errors.balanceGuest",
  balance_too_high: "checkout.errors.balanceTooHigh",
  balance_not_used: "checkout.errors.balanceNotUsed",
  prices_changed: "checkout.errors.pricesChanged",
  not_enough_stock: "checkout.errors.notEnoughStock",
  already_placed: "checkout.errors.alreadyPlaced",
};

/** Which field of a step a refusal belongs to, for forms and the API's `errors`. */
export const CHECKOUT_ERROR_FIELD: Partial<Record<CheckoutError, string>> = {
  email_required: "email",
  address_required: "address",
  unknown_address: "address",
  unknown_country: "country_id",
  unknown_courier: "delivery_method",
  pickup_point_required: "parcel_shop",
  wrong_pickup_point: "parcel_shop",
  unknown_payment_method: "payment",
  payment_required: "payment",
  promotion_unknown: "promotion",
  promotion_expired: "promotion",
  promotion_used_up: "promotion",
  promotion_min_subtotal: "promotion",
  balance_guest: "balance",
  balance_too_high: "balance",
};

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, "api.badInput"), v.transform(Number))], "api.badInput"),
  v.integer("api.badInput"),
  v.minValue(1, "api.badInput"),
  v.maxValue(2_147_483_647, "api.badInput"),
);

/** Step 3: the shopper's email (guests), the address, freight and local delivery. */
export const ShippingStepSchema = v.object({
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email("validation.email"), v.maxLength(254, "validation.email"))),
  /** A saved address's id, or a new address: the same fields and rules as an address saved in the account. */
  address: v.optional(v.union([v.object({ id }), AddressSchema], "checkout.errors.addressRequired")),
  shipping_method: v.optional(v.picklist(SHIPPING_METHODS, "cart.errors.shippingMethod")),
  delivery_method: v.optional(v.union([v.literal(NO_DELIVERY), id], "checkout.errors.unknownCourier")),
  parcel_shop: v.optional(v.nullable(id)),
});

/** An amount of the stored balance, in minor units. */
const balanceAmount = v.pipe(v.number("api.badInput"), v.integer("api.badInput"), v.minValue(0, "api.badInput"), v.maxValue(Number.MAX_SAFE_INTEGER, "api.badInput"));

/** Step 4: the payment method, the balance used and the promotion code. */
export const PaymentStepSchema = v.object({
  payment: v.optional(v.picklist([1, 2, 3, 4] as const, "checkout.errors.unknownPaymentMethod")),
  balance: v.optional(balanceAmount),
  /** A code, or "" to take the promotion off. */
  promotion: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(40, "checkout.errors.promotionUnknown"))),
});

/** A payment method as a form posts it: its id, one of spec 3's. */
export const postedPaymentMethod = v.pipe(
  // An unchosen radio is absent from the post: unknown lets the check say what is missing.
  v.optional(v.unknown(), ""),
  v.check((id) => typeof id === "string" && ["1", "2", "3", "4"].includes(id), "checkout.errors.unknownPaymentMethod"),
  v.transform((id) => Number(id) as PaymentProviderId),
);

/** The stored balance a form uses, as typed ("12,50"); a blank field uses none. */
export const postedBalance = v.optional(typedAmount("checkout.errors.balanceAmount"), "0");

/**
 * Step 4 as the payment page's form posts it: the method, the balance as
 * typed and the code. `intent` is the button pressed: "apply" stays on the
 * step, "remove_promotion" takes the code off, "continue" goes on.
 */
export const PaymentFormSchema = v.object({
  intent: v.optional(v.string(), "continue"),
  payment: v.optional(postedPaymentMethod),
  balance: postedBalance,
  /** A blank field (sent as missing) takes the code off. */
  promotion: v.pipe(v.optional(v.string()), v.transform((code) => code ?? "")),
});

export type PaymentForm = v.InferOutput<typeof PaymentFormSchema>;

export type ShippingStepInput = v.InferOutput<typeof ShippingStepSchema>;
export type PaymentStepInput = v.InferOutput<typeof PaymentStepSchema>;
