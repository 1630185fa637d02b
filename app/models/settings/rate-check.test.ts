import { describe, expect, it } from "vitest";
import { mulberry32, randomInt } from "~/models/demo-data/random";
import { freight, type FreightRate } from "~/models/cart/cart";
import { chargeableGrams, priceByWeight } from "~/models/calculator/shipping-price";
import { checkCartRates, checkForwardingRates } from "./rate-check";

// A sea rate that prices any parcel above the air rate is flagged as it is
// saved. The check walks only the parcels where a price steps up; here it is
// held against brute force over random parcels.

const AIR: FreightRate = { base: 499, perKg: 650, volumetricDivisor: 5000, discountPercent: 0 };
const net = (parcel: { weightGrams: number; volumeCm3: number }, rate: FreightRate) => {
  const { price, discount } = freight([parcel], rate);
  return price + discount;
};

describe("the cart's rates", () => {
  it("flag the old demo sea rate, whose divisor of 1000 makes a bulky parcel dearer by sea, with the parcel and both prices", () => {
    const finding = checkCartRates(AIR, { base: 199, perKg: 290, volumetricDivisor: 1000, discountPercent: 10 });
    expect(finding).not.toBeNull();
    expect(finding!.sea).toBeGreaterThan(finding!.air);
    expect(net(finding!, { base: 199, perKg: 290, volumetricDivisor: 1000, discountPercent: 10 })).toBe(finding!.sea);
    expect(net(finding!, AIR)).toBe(finding!.air);
    // The mascara: 23,600 cm³ and light.
    expect(net({ weightGrams: 500, volumeCm3: 23_600 }, AIR)).toBe(3619);
    expect(freight([{ weightGrams: 500, volumeCm3: 23_600 }], { base: 199, perKg: 290, volumetricDivisor: 1000, discountPercent: 10 }).price).toBe(7043);
  });

  it("pass the fixed demo sea rate (divisor 6000), and a sea rate equal to air", () => {
    expect(checkCartRates(AIR, { base: 199, perKg: 290, volumetricDivisor: 6000, discountPercent: 10 })).toBeNull();
    expect(checkCartRates(AIR, AIR)).toBeNull();
  });

  it("flag a sea base above air's at the lightest parcel, and a sea price per kg above air's once heavy enough", () => {
    expect(checkCartRates(AIR, { ...AIR, base: 500 })).toMatchObject({ weightGrams: 1, air: 499 + 65, sea: 500 + 65 });
    const heavy = checkCartRates(AIR, { base: 0, perKg: 700, volumetricDivisor: 6000, discountPercent: 0 });
    expect(heavy).not.toBeNull();
    expect(heavy!.sea).toBeGreaterThan(heavy!.air);
  });

  it("agree with brute force over random rates and parcels", () => {
    const random = mulberry32(29);
    const seen = { flagged: 0, dearer: 0 };
    for (let round = 0; round < 100; round++) {
      const air: FreightRate = { base: randomInt(random, 0, 900), perKg: randomInt(random, 100, 900), volumetricDivisor: randomInt(random, 1, 8) * 1000, discountPercent: randomInt(random, 0, 20) };
      const sea: FreightRate = { base: randomInt(random, 0, 900), perKg: randomInt(random, 50, 700), volumetricDivisor: randomInt(random, 1, 8) * 1000, discountPercent: randomInt(random, 0, 20) };
      const finding = checkCartRates(air, sea);
      let dearer = false;
      for (let i = 0; i < 300 && !dearer; i++) {
        const parcel = { weightGrams: randomInt(random, 1, 60_000), volumeCm3: randomInt(random, 1, 400_000) };
        dearer = net(parcel, sea) > net(parcel, air);
      }
      // Brute force finding a dearer parcel means the check must have found one too.
      expect({ round, flagged: finding !== null || !dearer }).toEqual({ round, flagged: true });
      if (finding) expect(net(finding, sea)).toBeGreaterThan(net(finding, air));
      seen.flagged += finding ? 1 : 0;
      seen.dearer += dearer ? 1 : 0;
    }
    // Both kinds of rates were drawn: some that sea undercuts everywhere, some it does not.
    expect(seen.dearer).toBeGreaterThan(10);
    expect(seen.flagged).toBeLessThan(90);
  });
});

describe("the calculator's forwarding rates", () => {
  const air = { firstWeightG: 1000, firstMinor: 1990, stepG: 500, stepMinor: 450, divisor: 5000 };
  const price = (rate: typeof air, grams: number, volumeMm3: number) => priceByWeight(chargeableGrams(grams, { lengthMm: 1, widthMm: 1, heightMm: volumeMm3 }, rate.divisor), rate);

  it("pass the demo's routes and flag a sea divisor of 1000", () => {
    expect(checkForwardingRates(air, { firstWeightG: 1000, firstMinor: 990, stepG: 1000, stepMinor: 290, divisor: 6000 })).toBeNull();
    const finding = checkForwardingRates(air, { firstWeightG: 1000, firstMinor: 990, stepG: 1000, stepMinor: 290, divisor: 1000 });
    expect(finding).not.toBeNull();
    expect(price({ firstWeightG: 1000, firstMinor: 990, stepG: 1000, stepMinor: 290, divisor: 1000 }, finding!.weightGrams, finding!.volumeCm3 * 1000)).toBe(finding!.sea);
    expect(price(air, finding!.weightGrams, finding!.volumeCm3 * 1000)).toBe(finding!.air);
  });

  it("flag a sea step dearer than air's once the parcel is heavy enough", () => {
    const finding = checkForwardingRates(air, { firstWeightG: 1000, firstMinor: 990, stepG: 1000, stepMinor: 1000, divisor: 6000 });
    expect(finding).not.toBeNull();
    expect(finding!.sea).toBeGreaterThan(finding!.air);
  });
});
