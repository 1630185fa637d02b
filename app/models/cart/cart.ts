import * as v from "valibot";
import { percentOf, proportion, sum, times, type Minor } from "~/lib/money";

// The cart's rules that need no database: quantities, freight and the shape
// the pages and the API show (spec 3, Cart). The server model applies them.

export const SHIPPING_METHODS = ["air", "sea"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
/** Spec 9: air unless the shopper picks sea. */
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = "air";
/** Spec 9: no line holds less than one unit. */
export const MIN_QUANTITY = 1;
/** How long a cart holds its reservation after its last change (decision 020). */
export const CART_TTL_MINUTES = 60;
/** Freight is charged per started 100 g. */
const FREIGHT_STEP_GRAMS = 100;

export function isShippingMethod(value: unknown): value is ShippingMethod {
  return (SHIPPING_METHODS as readonly unknown[]).includes(value);
}

export type CartItem = {
  /** The product's id, as listings and the product page know it (spec 3's tracking product). */
  id: number;
  sku: string;
  name: string;
  image: string;
  url: string;
  quantity: number;
  /** What this cart can hold of the product: stock less what other carts reserve. */
  max_quantity: number;
  /** Price of one unit now, in minor units of EUR. */
  price: Minor;
  /** The price when it was added, when it has changed since. */
  price_when_added?: Minor;
};

export type CartShipping = {
  /** Each method's freight for the whole cart. */
  shipping_methods: Record<ShippingMethod, Minor>;
  /** Each method's discount, as the spec has it: zero or negative. */
  shipping_discounts: Record<ShippingMethod, Minor>;
  /** The flat shipping of the subtotal's tier, when one applies; it replaces the method's price. */
  tier_based_shipping: Minor | null;
};

export type Cart = {
  items: CartItem[];
  shipping: CartShipping;
  /** Local delivery is chosen at checkout; the cart carries none. */
  delivery: Minor;
  shipping_method: ShippingMethod;
  /** When the reservation lapses, ISO 8601. */
  expiration: string;
  /** Set when a line holds more than can still be reserved (the cart expired and stock moved meanwhile). */
  reservation_error: boolean;
  subtotal: Minor;
  count: number;
};

/** The cart of someone who has none yet. */
export function emptyCart(): Cart {
  return {
    items: [],
    shipping: { shipping_methods: { air: 0, sea: 0 }, shipping_discounts: { air: 0, sea: 0 }, tier_based_shipping: null },
    delivery: 0,
    shipping_method: DEFAULT_SHIPPING_METHOD,
    expiration: new Date(0).toISOString(),
    reservation_error: false,
    subtotal: 0,
    count: 0,
  };
}

/** Spec 4: down by one, never below one. */
export function stepDown(quantity: number) {
  return Math.max(MIN_QUANTITY, quantity - 1);
}

/** Spec 4: up by one, never above what can be reserved. */
export function stepUp(quantity: number, maxQuantity: number) {
  return Math.min(Math.max(maxQuantity, MIN_QUANTITY), quantity + 1);
}

export type FreightRate = { base: Minor; perKg: Minor; volumetricDivisor: number; discountPercent: number };
export type Parcel = { weightGrams: number; volumeCm3: number };

/**
 * The weight freight is charged for: the greater of the real weight and the
 * volume's weight at the method's divisor (cm3 per kg), rounded up to the
 * next 100 g.
 */
export function chargeableGrams(parcels: readonly Parcel[], volumetricDivisor: number) {
  const weight = parcels.reduce((total, p) => total + p.weightGrams, 0);
  const volume = parcels.reduce((total, p) => total + p.volumeCm3, 0);
  const volumetric = Math.ceil((volume * 1000) / volumetricDivisor);
  return Math.ceil(Math.max(weight, volumetric) / FREIGHT_STEP_GRAMS) * FREIGHT_STEP_GRAMS;
}

/** A method's freight for the parcels and its discount (zero or negative). */
export function freight(parcels: readonly Parcel[], rate: FreightRate): { price: Minor; discount: Minor } {
  if (parcels.length === 0) return { price: 0, discount: 0 };
  const price = sum([rate.base, proportion(rate.perKg, chargeableGrams(parcels, rate.volumetricDivisor), 1000)]);
  const discount = rate.discountPercent > 0 ? -percentOf(price, rate.discountPercent) : 0;
  return { price, discount };
}

/** A line's parcels: one per unit. */
export function lineParcels(line: Parcel & { quantity: number }): Parcel {
  return { weightGrams: line.weightGrams * line.quantity, volumeCm3: line.volumeCm3 * line.quantity };
}

export function subtotalOf(items: readonly Pick<CartItem, "price" | "quantity">[]): Minor {
  return sum(items.map((item) => times(item.price, item.quantity)));
}

/** The tier's flat shipping for a subtotal: the highest tier it reaches, if any. */
export function tierShipping(subtotal: Minor, tiers: readonly { minSubtotal: Minor; shipping: Minor }[]): Minor | null {
  const reached = tiers.filter((tier) => subtotal >= tier.minSubtotal).sort((a, b) => b.minSubtotal - a.minSubtotal);
  return reached[0]?.shipping ?? null;
}

export type CartError = "unknown_sku" | "invalid_quantity" | "not_enough_stock" | "not_in_cart";

/** The translation key of each refusal; `not_enough_stock` reads {{max}}. */
export const CART_ERROR_MESSAGE: Record<CartError, string> = {
  unknown_sku: "cart.errors.unknownSku",
  invalid_quantity: "cart.errors.invalidQuantity",
  not_enough_stock: "cart.errors.notEnoughStock",
  not_in_cart: "cart.errors.notInCart",
};

/** The largest quantity a form or call may ask for; stock caps it far lower. */
const MAX_REQUESTED_QUANTITY = 9999;

const sku = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(64, "cart.errors.unknownSku"));
/** A whole number of units, from a form's text or a JSON number. */
const quantity = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,9}$/, "cart.errors.invalidQuantity"), v.transform(Number))], "cart.errors.invalidQuantity"),
  v.integer("cart.errors.invalidQuantity"),
  v.minValue(MIN_QUANTITY, "cart.errors.invalidQuantity"),
  v.maxValue(MAX_REQUESTED_QUANTITY, "cart.errors.invalidQuantity"),
);

export const CartLineSchema = v.object({ sku, quantity });
export const CartSkuSchema = v.object({ sku });
export const ShippingMethodSchema = v.object({ shipping_method: v.picklist(SHIPPING_METHODS, "cart.errors.shippingMethod") });
