import { freight, type FreightRate } from "~/models/cart/cart";
import { chargeableGrams, priceByWeight, type WeightSteps } from "~/models/calculator/shipping-price";
import type { Minor } from "~/lib/money";
import { CALCULATOR_LIMITS } from "~/models/calculator/calculator-input";

// Sea freight is the slow, cheap way home: a sea rate that prices some parcel
// above the air rate of the same route is almost always a typing slip (the
// demo's sea divisor of 1,000 against air's 5,000 made a bulky €9.79 mascara
// cost €70.43 by sea and €36.19 by air). Rates are checked as they are saved:
// this finds the smallest parcel, if any, that sea prices above air.
//
// Why two kinds of parcel are enough. A carrier charges the greater of the
// real and the volumetric weight, and each price only goes up with the
// weight it charges. For one volume, a parcel heavier than both volumetric
// weights is charged its real weight by both (the "heavy" parcels); one
// lighter than both is charged each method's volumetric weight (the "bulky"
// parcels); one in between costs sea no more than one of those two does,
// while air costs at least as much. So sea ≤ air for every heavy and every
// bulky parcel means sea ≤ air for every parcel. Each price is a staircase,
// so each kind is walked only where either staircase steps up.

/** One method's price for a parcel, as the shop computes it: a rate's volumetric divisor and where its price steps up. */
export type PriceCurve = {
  /** cm³ per kg: the volumetric weight in grams is the volume in mm³ over this. */
  divisor: number;
  /** What the shopper pays for a parcel (discounts taken off). */
  price: (weightGrams: number, volumeMm3: number) => Minor;
  /** The charged weights (grams) past which the price steps up, ascending, up to `maxGrams`. */
  steps: (maxGrams: number) => number[];
};

/** How far the check looks: the heaviest and the largest parcel, and in what unit a volume comes (the cart's are whole cm³). */
export type CheckBounds = { maxGrams: number; maxVolumeMm3: number; volumeUnitMm3: number };

/** A parcel that sea prices above air. */
export type SeaAboveAir = { weightGrams: number; volumeCm3: number; air: Minor; sea: Minor };

/**
 * The smallest parcel, within the bounds, that sea prices above air; null
 * when there is none. Past the bounds prices grow as straight lines, so a
 * sea rate that grows faster is still caught, at a parcel ten, a hundred or
 * a thousand times the bound.
 */
export function seaAboveAir(air: PriceCurve, sea: PriceCurve, bounds: CheckBounds): SeaAboveAir | null {
  const unit = bounds.volumeUnitMm3;
  // Sea can overtake air only where sea's price steps up (air stepping up only widens the gap): one gram past each of sea's steps.
  const seaStarts = (maxGrams: number) => sea.steps(maxGrams).map((grams) => grams + 1);
  const heavy = [1, ...seaStarts(bounds.maxGrams)];
  // The bulky parcel whose volumetric weight by sea first reaches these grams: the smallest whole unit of volume past it.
  const bulky = [unit, ...seaStarts(Math.floor(bounds.maxVolumeMm3 / sea.divisor)).map((grams) => Math.ceil(((grams - 1) * sea.divisor + 1) / unit) * unit)];
  const far = [10, 100, 1000];
  const first = (parcels: Array<[number, number]>) => {
    for (const [weightGrams, volumeMm3] of parcels) {
      const prices = { air: air.price(weightGrams, volumeMm3), sea: sea.price(weightGrams, volumeMm3) };
      if (prices.sea > prices.air) return { weightGrams, volumeCm3: volumeMm3 / 1000, ...prices };
    }
    return null;
  };
  // Heavy parcels at the smallest volume; bulky parcels of one gram. Of the two, the one that costs less by air.
  const found = [first(heavy.map((grams) => [grams, unit])), first(bulky.map((volume) => [1, volume]))].filter((parcel) => parcel !== null);
  if (found.length === 0) found.push(...[first(far.map((times) => [bounds.maxGrams * times, unit])), first(far.map((times) => [1, bounds.maxVolumeMm3 * times]))].filter((parcel) => parcel !== null));
  return found.sort((a, b) => a.air - b.air)[0] ?? null;
}

/** The cart's freight (cart.ts): base plus a price per kg of every started 100 g, less the rate's discount. */
export function cartCurve(rate: FreightRate): PriceCurve {
  return {
    divisor: rate.volumetricDivisor,
    price: (weightGrams, volumeMm3) => {
      const { price, discount } = freight([{ weightGrams, volumeCm3: volumeMm3 / 1000 }], rate);
      return price + discount;
    },
    steps: (maxGrams) => Array.from({ length: Math.floor(maxGrams / 100) }, (_, index) => (index + 1) * 100),
  };
}

/** The calculator's forwarding rates (shipping-price.ts): the first step, then every started further step. */
export function forwardingCurve(rate: WeightSteps & { divisor: number }): PriceCurve {
  return {
    divisor: rate.divisor,
    price: (weightGrams, volumeMm3) => {
      // The volume as a box of 1 mm × 1 mm × volume: only its product counts.
      const grams = chargeableGrams(weightGrams, { lengthMm: 1, widthMm: 1, heightMm: volumeMm3 }, rate.divisor);
      return priceByWeight(grams, rate);
    },
    steps: (maxGrams) => {
      const out: number[] = [];
      for (let grams = rate.firstWeightG; grams <= maxGrams; grams += rate.stepG) out.push(grams);
      return out;
    },
  };
}

/** A cart weighs and measures what its goods do: 200 kg and 2 m³ are far past any order the shop takes. */
export const CART_BOUNDS: CheckBounds = { maxGrams: 200_000, maxVolumeMm3: 2_000_000_000, volumeUnitMm3: 1000 };
/** The calculator's own limits (calculator-input.ts): 300 kg, and 300 cm a side. */
export const FORWARDING_BOUNDS: CheckBounds = { maxGrams: CALCULATOR_LIMITS.maxKg * 1000, maxVolumeMm3: (CALCULATOR_LIMITS.maxCm * 10) ** 3, volumeUnitMm3: 1 };

/** The cart's air and sea rates of one site: the smallest parcel sea prices above air, or null. */
export function checkCartRates(air: FreightRate, sea: FreightRate) {
  return seaAboveAir(cartCurve(air), cartCurve(sea), CART_BOUNDS);
}

/** One route's forwarding rates (warehouse to country). */
export function checkForwardingRates(air: WeightSteps & { divisor: number }, sea: WeightSteps & { divisor: number }) {
  return seaAboveAir(forwardingCurve(air), forwardingCurve(sea), FORWARDING_BOUNDS);
}
