import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertPrecise, preciseToMinor } from "~/lib/money";
import { checkoutTotals, promotionDiscount, shippingDiscountPercentage, type PriceInput } from "./price-rules";

// Spec 4's price rules, each worked by hand in the comments.

const base: PriceInput = {
  carts: [{ products: [{ price: 1999, quantity: 2 }, { price: 550, quantity: 1 }] }],
  shipping_methods: { air: 1019, sea: 857 },
  shipping_discounts: { air: 0, sea: -86 },
  selected_shipping_method: "air",
  tier_based_shipping: null,
  delivery_fee: 0,
  promotion: null,
  balance: 0,
  payment_method: null,
  exchange_rate: "1",
};

describe("the price rules of spec 4", () => {
  it("subtotal is the sum of price × quantity", () => {
    // 19.99 × 2 + 5.50 = 45.48
    expect(checkoutTotals(base).subtotal).toBe(4548);
  });

  it("shipping is the selected method's price, its discount subtracted once", () => {
    // sea 8.57 with −0.86: base final 45.48 + 8.57 − 0.86 = 53.19
    const totals = checkoutTotals({ ...base, selected_shipping_method: "sea" });
    expect(totals).toMatchObject({ shipping: 857, shipping_discount: 86, final: 5319 });
    // 0.86 / 8.57 = 10.03 % → 10
    expect(totals.shipping_discount_percentage).toBe(10);
    // air has none: 45.48 + 10.19 = 55.67
    expect(checkoutTotals(base)).toMatchObject({ shipping: 1019, shipping_discount: 0, shipping_discount_percentage: 0, final: 5567 });
  });

  it("the tier's flat shipping replaces the method's price and its discount", () => {
    const totals = checkoutTotals({ ...base, selected_shipping_method: "sea", tier_based_shipping: 0 });
    expect(totals).toMatchObject({ shipping: 0, shipping_discount: 0, final: 4548 });
  });

  it("delivery is the selected courier's fee", () => {
    // 55.67 + 2.99 = 58.66
    expect(checkoutTotals({ ...base, delivery_fee: 299 })).toMatchObject({ delivery: 299, final: 5866 });
  });

  it("a fixed promotion takes its amount off, never more than the subtotal", () => {
    // 55.67 − 5.00 = 50.67
    expect(checkoutTotals({ ...base, promotion: { promotion_type: 0, discount_amount: "5" } })).toMatchObject({ promo_discount: 500, final: 5067 });
    expect(promotionDiscount({ promotion_type: 0, discount_amount: "100" }, 4548)).toBe(4548);
  });

  it("a percentage promotion takes its share of the subtotal, rounded to 2 decimals", () => {
    // 10 % of 45.48 = 4.548 → 4.55; 55.67 − 4.55 = 51.12
    expect(checkoutTotals({ ...base, promotion: { promotion_type: 1, discount_amount: "10" } })).toMatchObject({ promo_discount: 455, final: 5112 });
  });

  it("the balance comes off the base final and never more than it", () => {
    // 55.67 − 20.00 = 35.67
    expect(checkoutTotals({ ...base, balance: 2000 })).toMatchObject({ balance: 2000, without_payment_fee: 3567, final: 3567 });
    expect(checkoutTotals({ ...base, balance: 999_999 })).toMatchObject({ balance: 5567, without_payment_fee: 0, final: 0 });
  });

  it("a fixed payment fee is added as it is", () => {
    // 55.67 + 0.35 = 56.02
    expect(checkoutTotals({ ...base, payment_method: { fee: "0.35", fee_type: "fixed" } })).toMatchObject({ payment_fee: 35, final: 5602 });
  });

  it("a percentage payment fee is taken of the price without the fee, rounded to 2 decimals half away from zero", () => {
    // 1.5 % of 35.67 = 0.53505 → 0.54; 35.67 + 0.54 = 36.21
    const totals = checkoutTotals({ ...base, balance: 2000, payment_method: { fee: "1.5", fee_type: "percentage" } });
    expect(totals).toMatchObject({ without_payment_fee: 3567, payment_fee: 54, final: 3621 });
    // Exactly half a cent: 1.5 % of 1.00 = 0.015 → 0.02
    const half = checkoutTotals({ ...base, carts: [{ products: [{ price: 100, quantity: 1 }] }], shipping_methods: { air: 0, sea: 0 }, payment_method: { fee: "1.5", fee_type: "percentage" } });
    expect(half).toMatchObject({ without_payment_fee: 100, payment_fee: 2, final: 102 });
  });

  it("charges no fee when the balance pays everything", () => {
    expect(checkoutTotals({ ...base, balance: 5567, payment_method: { fee: "0.35", fee_type: "fixed" } })).toMatchObject({ payment_fee: 0, final: 0 });
  });

  it("converts the final price with the chosen currency's rate, parts kept to 4 decimals and rounded once", () => {
    const rate = "0.58123456";
    const input: PriceInput = { ...base, selected_shipping_method: "sea", delivery_fee: 299, promotion: { promotion_type: 1, discount_amount: "10" }, exchange_rate: rate };
    const totals = checkoutTotals(input);
    // By hand: 45.48 + 8.57 + 2.99 − 0.86 − 4.55 at 0.58123456, each to 4 decimals:
    // 26.4345, 4.9812, 1.7379, −0.4999, −2.6446 → 30.0091 → 30.01
    const parts = [4548, 857, 299].map((a) => convertPrecise(a, rate)).concat([-convertPrecise(86, rate), -convertPrecise(455, rate)]);
    expect(parts).toEqual([264345, 49812, 17379, -4999, -26446]);
    expect(totals.converted_final).toBe(preciseToMinor(parts.reduce((a, b) => a + b, 0)));
    expect(totals.converted_final).toBe(3001);
    // At rate 1 the converted price is the final one.
    expect(checkoutTotals({ ...input, exchange_rate: "1" }).converted_final).toBe(checkoutTotals({ ...input, exchange_rate: "1" }).final);
  });

  it("sums several carts' products into one subtotal and one converted price", () => {
    const totals = checkoutTotals({ ...base, carts: [{ products: [{ price: 1999, quantity: 2 }] }, { products: [{ price: 550, quantity: 1 }] }] });
    expect(totals).toMatchObject({ subtotal: 4548, final: 5567, converted_final: 5567 });
  });

  it("rounds the shipping discount percentage", () => {
    expect(shippingDiscountPercentage(86, 857)).toBe(10);
    expect(shippingDiscountPercentage(0, 857)).toBe(0);
    expect(shippingDiscountPercentage(50, 0)).toBe(0);
  });

  it("refuses a quantity that is not a whole number above zero, or a negative price", () => {
    expect(() => checkoutTotals({ ...base, carts: [{ products: [{ price: 100, quantity: 1.5 }] }] })).toThrow(RangeError);
    expect(() => checkoutTotals({ ...base, carts: [{ products: [{ price: 100, quantity: 0 }] }] })).toThrow(RangeError);
    expect(() => checkoutTotals({ ...base, carts: [{ products: [{ price: -1, quantity: 1 }] }] })).toThrow(RangeError);
  });

  it("holds its identities for any checkout", () => {
    const minor = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: minor, quantity: fc.integer({ min: 1, max: 20 }) }), { minLength: 1, maxLength: 5 }),
        minor,
        minor,
        fc.constantFrom<"air" | "sea">("air", "sea"),
        minor,
        fc.option(fc.record({ promotion_type: fc.constantFrom<0 | 1>(0, 1), discount_amount: fc.constantFrom("5", "10", "12.5") }), { nil: null }),
        minor,
        fc.option(fc.record({ fee: fc.constantFrom("0", "0.35", "1.5", "2.9"), fee_type: fc.constantFrom<"fixed" | "percentage">("fixed", "percentage") }), { nil: null }),
        (products, air, sea, method, delivery, promotion, balance, payment) => {
          const totals = checkoutTotals({
            ...base,
            carts: [{ products }],
            shipping_methods: { air, sea },
            shipping_discounts: { air: 0, sea: -Math.floor(sea / 10) },
            selected_shipping_method: method,
            delivery_fee: delivery,
            promotion,
            balance,
            payment_method: payment,
          });
          const baseFinal = totals.subtotal + totals.shipping + totals.delivery - totals.shipping_discount - totals.promo_discount;
          expect(totals.without_payment_fee).toBe(baseFinal - totals.balance);
          expect(totals.final).toBe(totals.without_payment_fee + totals.payment_fee);
          expect(totals.converted_final).toBe(totals.final);
          for (const value of Object.values(totals)) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
