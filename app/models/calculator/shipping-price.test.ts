import { describe, expect, it } from "vitest";
import { chargeableGrams, priceByWeight, volumetricGrams } from "./shipping-price";

const AIR = { firstWeightG: 1000, firstMinor: 1990, stepG: 500, stepMinor: 450 };

describe("volumetric weight", () => {
  it("is L × W × H in cm³ over the divisor, in kg", () => {
    // 50 × 40 × 30 cm = 60 000 cm³: 12 kg by air (5000), 10 kg by sea (6000).
    const box = { lengthMm: 500, widthMm: 400, heightMm: 300 };
    expect(volumetricGrams(box, 5000)).toBe(12_000);
    expect(volumetricGrams(box, 6000)).toBe(10_000);
  });

  it("rounds a part of a gram up", () => {
    // 1 × 1 × 1 cm = 1 cm³ / 5000 = 0.2 g.
    expect(volumetricGrams({ lengthMm: 10, widthMm: 10, heightMm: 10 }, 5000)).toBe(1);
    // 10.5 × 10 × 10 cm = 1050 cm³ / 6000 = 175 g exactly.
    expect(volumetricGrams({ lengthMm: 105, widthMm: 100, heightMm: 100 }, 6000)).toBe(175);
  });

  it("refuses a divisor that is not positive", () => {
    expect(() => volumetricGrams({ lengthMm: 1, widthMm: 1, heightMm: 1 }, 0)).toThrow(RangeError);
  });

  it("stays exact at the largest size the form allows", () => {
    expect(volumetricGrams({ lengthMm: 3000, widthMm: 3000, heightMm: 3000 }, 5000)).toBe(5_400_000);
  });
});

describe("chargeable weight", () => {
  const box = { lengthMm: 500, widthMm: 400, heightMm: 300 };
  it("is the volumetric weight when the parcel is light for its size", () => {
    expect(chargeableGrams(2_000, box, 5000)).toBe(12_000);
  });
  it("is the actual weight when it is heavier", () => {
    expect(chargeableGrams(15_000, box, 5000)).toBe(15_000);
  });
  it("is the actual weight when both are equal or no size is given", () => {
    expect(chargeableGrams(12_000, box, 5000)).toBe(12_000);
    expect(chargeableGrams(700, null, 5000)).toBe(700);
  });
});

describe("price by weight steps", () => {
  it("charges the first step for anything up to and at its weight", () => {
    expect(priceByWeight(1, AIR)).toBe(1990);
    expect(priceByWeight(1000, AIR)).toBe(1990);
  });
  it("charges a whole step for a started one", () => {
    expect(priceByWeight(1001, AIR)).toBe(1990 + 450);
    expect(priceByWeight(1500, AIR)).toBe(1990 + 450);
    expect(priceByWeight(1501, AIR)).toBe(1990 + 900);
  });
  it("is exact at a step boundary far out", () => {
    // 300 kg: 299 kg past the first = 598 half-kilo steps.
    expect(priceByWeight(300_000, AIR)).toBe(1990 + 598 * 450);
  });
  it("works with whole-kilo steps and a free further step", () => {
    expect(priceByWeight(2500, { firstWeightG: 1000, firstMinor: 990, stepG: 1000, stepMinor: 290 })).toBe(990 + 2 * 290);
    expect(priceByWeight(9000, { firstWeightG: 1000, firstMinor: 990, stepG: 1000, stepMinor: 0 })).toBe(990);
  });
});
