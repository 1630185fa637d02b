import { describe, expect, it } from "vitest";
import { defaultMethod, isPriced, offeredMethods, quoteTotals, type QuotePricing } from "./totals";

const priced: QuotePricing = {
  lines: [
    { quantity: 3, price_minor: 1999 },
    { quantity: 1, price_minor: 500 },
  ],
  shop_shipping_minor: 499,
  service_fee_minor: 300,
  air_minor: 1200,
  sea_minor: 600,
  tax_minor: 210,
};

describe("quoteTotals", () => {
  it("sums the lines, the shop's shipping, the fee and the tax, then the way home", () => {
    expect(quoteTotals(priced, "air")).toEqual({
      goods: 6497,
      shopShipping: 499,
      serviceFee: 300,
      tax: 210,
      subtotal: 7506,
      method: "air",
      shipping: 1200,
      total: 8706,
    });
  });

  it("differs between air and sea by the way home only", () => {
    const air = quoteTotals(priced, "air")!;
    const sea = quoteTotals(priced, "sea")!;
    expect(sea.subtotal).toBe(air.subtotal);
    expect(sea.total).toBe(7506 + 600);
    expect(air.total - sea.total).toBe(600);
  });

  it("stays in whole cents where floating point would not (0.10 + 0.20)", () => {
    const cents = quoteTotals({ ...priced, lines: [{ quantity: 1, price_minor: 10 }, { quantity: 1, price_minor: 20 }], shop_shipping_minor: 0, service_fee_minor: 0, tax_minor: 0 }, "sea")!;
    expect(cents.goods).toBe(30);
    expect(Number.isInteger(cents.total)).toBe(true);
    expect(quoteTotals({ ...priced, lines: [{ quantity: 999, price_minor: 999_99 }] }, "air")!.goods).toBe(99_899_001);
  });

  it("refuses amounts that are not whole cents rather than rounding them", () => {
    expect(() => quoteTotals({ ...priced, tax_minor: 2.5 }, "air")).toThrow(RangeError);
  });

  it("treats a fee or tax the operator left out as nothing", () => {
    expect(quoteTotals({ ...priced, shop_shipping_minor: null, service_fee_minor: null, tax_minor: null }, "sea")!.total).toBe(6497 + 600);
  });

  it("has no total until every line is priced, nor for a way home not offered", () => {
    expect(quoteTotals({ ...priced, lines: [{ quantity: 1, price_minor: null }] }, "air")).toBeNull();
    expect(quoteTotals({ ...priced, sea_minor: null }, "sea")).toBeNull();
    expect(isPriced({ ...priced, air_minor: null, sea_minor: null })).toBe(false);
    expect(isPriced({ ...priced, lines: [] })).toBe(false);
  });

  it("offers the priced ways home and defaults to the customer's choice, else the first", () => {
    expect(offeredMethods({ air_minor: null, sea_minor: 600 })).toEqual(["sea"]);
    expect(defaultMethod(priced, "sea")).toBe("sea");
    expect(defaultMethod(priced, null)).toBe("air");
    expect(defaultMethod({ air_minor: null, sea_minor: 600 }, "air")).toBe("sea");
    expect(defaultMethod({ air_minor: null, sea_minor: null }, null)).toBeNull();
  });
});
