import type { AccountError } from "~/models/accounts/outcome";
import type { CartError } from "~/models/cart/cart";
import type { CheckoutError } from "~/models/checkout/checkout";

// The one table from each refusal a use case answers to its HTTP status
// (spec 7), read by pages and the JSON API alike, so that the same refusal
// answers the same status wherever it is asked.

export const REFUSAL_STATUS = {
  account: {
    too_many_requests: 429,
    invalid_credentials: 401,
    account_blocked: 403,
    user_already_exists: 409,
    invalid_token: 400,
    wrong_password: 400,
    unknown_country: 400,
    too_many_addresses: 409,
    not_found: 404,
  } satisfies Record<AccountError, number>,
  cart: {
    unknown_sku: 404,
    invalid_quantity: 400,
    not_enough_stock: 409,
    not_in_cart: 404,
  } satisfies Record<CartError, number>,
  checkout: {
    not_found: 404,
    expired: 410,
    empty_cart: 409,
    reservation_error: 409,
    email_required: 400,
    address_required: 400,
    unknown_address: 400,
    unknown_country: 400,
    unknown_courier: 400,
    pickup_point_required: 400,
    wrong_pickup_point: 400,
    unknown_payment_method: 400,
    payment_required: 400,
    promotion_unknown: 400,
    promotion_expired: 400,
    promotion_used_up: 409,
    promotion_min_subtotal: 400,
    balance_guest: 403,
    balance_too_high: 400,
    balance_not_used: 409,
    prices_changed: 409,
    not_enough_stock: 409,
    already_placed: 409,
  } satisfies Record<CheckoutError, number>,
};
