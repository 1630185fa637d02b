import { convertPrecise, discountPercentage, percentOf, preciseToMinor, sum, times, toMinor, type Minor } from "~/lib/money";
import type { ShippingMethod } from "~/models/cart/cart";
import { paymentMethodFee, type PaymentFeeRule } from "~/models/payments/fee";

// The price rules of spec 4, as one pure function of the checkout's data:
// the pages, the JSON API and order placement all call it, so the total a
// shopper sees is the total the order keeps. Money in minor units of EUR
// through lib/money.ts. Decision 019 says how the spec's ambiguities read.

export type PriceProduct = { price: Minor; quantity: number };

export type PriceInput = {
  /** Spec 3 `carts`: each with its products. Prices include VAT, so no cart adds taxes. */
  carts: Array<{ products: PriceProduct[] }>;
  shipping_methods: Record<ShippingMethod, Minor>;
  /** Zero or negative, as the spec has them. */
  shipping_discounts: Record<ShippingMethod, Minor>;
  selected_shipping_method: ShippingMethod;
  /** The tier's flat shipping, when the subtotal reaches one; it replaces the method's price and discount. */
  tier_based_shipping: Minor | null;
  /** The selected local courier's fee, else the checkout's delivery fee. */
  delivery_fee: Minor;
  /** Spec 3 promotion: kind 0 an amount off, 1 a percentage of the subtotal. */
  promotion: { promotion_type: 0 | 1; discount_amount: string } | null;
  /** What the shopper asks to pay from the stored balance. */
  balance: Minor;
  /** The payment method's fee: a fixed amount in major units, or a percentage. */
  payment_method: PaymentFeeRule | null;
  /** The chosen currency's exchange rate; "1" for EUR. */
  exchange_rate: string;
};

export type CheckoutTotals = {
  subtotal: Minor;
  /** The method's price, or the tier's flat shipping. */
  shipping: Minor;
  /** The method's discount as a positive amount, subtracted once. */
  shipping_discount: Minor;
  /** Whole percent of the method's price the discount takes off. */
  shipping_discount_percentage: number;
  delivery: Minor;
  promo_discount: Minor;
  /** The part of the stored balance used, never more than the order costs. */
  balance: Minor;
  without_payment_fee: Minor;
  payment_fee: Minor;
  final: Minor;
  /** The final price in the chosen currency, in its minor units. */
  converted_final: Minor;
};

function checkProducts(products: readonly PriceProduct[]) {
  for (const product of products) {
    if (!Number.isSafeInteger(product.quantity) || product.quantity < 1) throw new RangeError(`Not a quantity: ${product.quantity}`);
    if (!Number.isSafeInteger(product.price) || product.price < 0) throw new RangeError(`Not a price: ${product.price}`);
  }
}

const clamp = (amount: Minor, low: Minor, high: Minor) => Math.min(Math.max(amount, low), high);

/** Spec 4's shipping discount percentage: the discount over the method's price, rounded. */
export function shippingDiscountPercentage(discount: Minor, methodPrice: Minor) {
  return discountPercentage(methodPrice - discount, methodPrice);
}

export function promotionDiscount(promotion: PriceInput["promotion"], subtotal: Minor): Minor {
  if (!promotion) return 0;
  const off = promotion.promotion_type === 1 ? percentOf(subtotal, promotion.discount_amount) : toMinor(promotion.discount_amount);
  return clamp(off, 0, subtotal);
}

export function checkoutTotals(input: PriceInput): CheckoutTotals {
  const products = input.carts.flatMap((cart) => cart.products);
  checkProducts(products);
  const subtotal = sum(products.map((product) => times(product.price, product.quantity)));

  const method = input.selected_shipping_method;
  const methodPrice = input.shipping_methods[method];
  const tier = input.tier_based_shipping;
  const shipping = tier ?? methodPrice;
  const shippingDiscount = tier === null ? clamp(-input.shipping_discounts[method], 0, methodPrice) : 0;
  const delivery = input.delivery_fee;
  const promoDiscount = promotionDiscount(input.promotion, subtotal);

  const base = Math.max(0, sum([subtotal, shipping, delivery, -shippingDiscount, -promoDiscount]));
  const balance = clamp(input.balance, 0, base);
  const withoutPaymentFee = base - balance;
  const paymentFee = paymentMethodFee(withoutPaymentFee, input.payment_method);
  const final = withoutPaymentFee + paymentFee;

  // Spec 4: the converted price sums each cart's products, then shipping,
  // fees and discounts, each converted and kept to 4 decimals (spec 9),
  // rounded once at the end (decision 019).
  const rate = input.exchange_rate;
  const cartParts = input.carts.map((cart) => sum(cart.products.map((p) => times(p.price, p.quantity))));
  const parts = [...cartParts, shipping, delivery, paymentFee, -shippingDiscount, -promoDiscount, -balance];
  const converted = parts.reduce((total, part) => total + (part < 0 ? -convertPrecise(-part, rate) : convertPrecise(part, rate)), 0);

  return {
    subtotal,
    shipping,
    shipping_discount: shippingDiscount,
    shipping_discount_percentage: tier === null ? shippingDiscountPercentage(shippingDiscount, methodPrice) : 0,
    delivery,
    promo_discount: promoDiscount,
    balance,
    without_payment_fee: withoutPaymentFee,
    payment_fee: paymentFee,
    final,
    converted_final: Math.max(0, preciseToMinor(converted)),
  };
}
