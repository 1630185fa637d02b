import { sum, times, type Minor } from "~/lib/money";

// What forwarding a parcel costs (calculate): carriers charge the greater of
// the actual and the volumetric weight, priced in weight steps. Weights are
// whole grams and sizes whole millimetres, so no step is missed by a float.

export type Dimensions = { lengthMm: number; widthMm: number; heightMm: number };

/** A rate's weight steps: the first step's price, then each further step or part of one. */
export type WeightSteps = { firstWeightG: number; firstMinor: Minor; stepG: number; stepMinor: Minor };

/**
 * Volumetric weight in grams: L × W × H in cm³ divided by the divisor (cm³ per
 * kg). In millimetres that is mm³ / divisor grams exactly; a part of a gram
 * counts as a whole one, as carriers round up.
 */
export function volumetricGrams({ lengthMm, widthMm, heightMm }: Dimensions, divisor: number): number {
  if (!(divisor > 0)) throw new RangeError(`Not a volumetric divisor: ${divisor}`);
  return Math.ceil((lengthMm * widthMm * heightMm) / divisor);
}

/** The weight a carrier charges: the actual or the volumetric, whichever is more (no dimensions: the actual). */
export function chargeableGrams(actualG: number, dimensions: Dimensions | null, divisor: number): number {
  return dimensions ? Math.max(actualG, volumetricGrams(dimensions, divisor)) : actualG;
}

/** The price of a chargeable weight: the first step, then every started further step. */
export function priceByWeight(grams: number, steps: WeightSteps): Minor {
  const extraSteps = grams > steps.firstWeightG ? Math.ceil((grams - steps.firstWeightG) / steps.stepG) : 0;
  return sum([steps.firstMinor, times(steps.stepMinor, extraSteps)]);
}
