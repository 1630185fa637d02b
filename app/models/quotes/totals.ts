import { sum, times, type Minor } from "~/lib/money";

// What a priced quote comes to (spec 2 /quotes/{slug}): the operator's price
// per unit times the quantity, the foreign shop's shipping, the service fee,
// the chosen way home (air or sea) and the tax. One function, so the page,
// the list and the bill can never disagree. Integer cents throughout.

export type ShippingMethod = "air" | "sea";

export type QuotePricing = {
  lines: ReadonlyArray<{ quantity: number; price_minor: Minor | null }>;
  shop_shipping_minor: Minor | null;
  service_fee_minor: Minor | null;
  air_minor: Minor | null;
  sea_minor: Minor | null;
  tax_minor: Minor | null;
};

export type QuoteTotals = {
  goods: Minor;
  shopShipping: Minor;
  serviceFee: Minor;
  tax: Minor;
  /** Everything but the way home: what the bill calls its subtotal. */
  subtotal: Minor;
  method: ShippingMethod;
  shipping: Minor;
  total: Minor;
};

/** The ways home the operator priced, air first. */
export function offeredMethods(pricing: Pick<QuotePricing, "air_minor" | "sea_minor">): ShippingMethod[] {
  return (["air", "sea"] as const).filter((method) => pricing[`${method}_minor`] !== null);
}

/** Whether every line has its price: only then can the quote be totalled. */
export function isPriced(pricing: QuotePricing) {
  return pricing.lines.length > 0 && pricing.lines.every((line) => line.price_minor !== null) && offeredMethods(pricing).length > 0;
}

/**
 * The quote's totals with the given way home; null while a line has no
 * price yet or when that way home was not offered. Amounts must be whole
 * cents: anything else is a bug upstream and throws rather than rounding.
 */
export function quoteTotals(pricing: QuotePricing, method: ShippingMethod): QuoteTotals | null {
  if (!isPriced(pricing)) return null;
  const shipping = pricing[`${method}_minor`];
  if (shipping === null) return null;
  const goods = sum(pricing.lines.map((line) => times(line.price_minor!, line.quantity)));
  const shopShipping = pricing.shop_shipping_minor ?? 0;
  const serviceFee = pricing.service_fee_minor ?? 0;
  const tax = pricing.tax_minor ?? 0;
  const subtotal = sum([goods, shopShipping, serviceFee, tax]);
  return { goods, shopShipping, serviceFee, tax, subtotal, method, shipping, total: sum([subtotal, shipping]) };
}

/** The way home a total is shown with before the customer chooses: their choice, else the first offered. */
export function defaultMethod(pricing: Pick<QuotePricing, "air_minor" | "sea_minor">, chosen: ShippingMethod | null): ShippingMethod | null {
  const offered = offeredMethods(pricing);
  return chosen && offered.includes(chosen) ? chosen : (offered[0] ?? null);
}
