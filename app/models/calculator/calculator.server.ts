import { db } from "~/models/db/db.server";
import type { Minor } from "~/lib/money";
import type { CalculatorInput } from "./calculator-input";
import { landedCost, taxRuleBetween, type LandedCost, type TaxRule } from "./landed-cost";
import { chargeableGrams, priceByWeight, volumetricGrams } from "./shipping-price";

// The shipping calculator's one use case (calculate, /calculate): the
// choices of the form, and for a submitted form the air and sea prices and
// the landed cost, from the rates of forwarding_rates and import_taxes.

export type CalculatorChoices = {
  warehouses: Array<{ code: string; countryIso: string }>;
  /** Destinations that have a rate, by ISO code. */
  countries: string[];
};

export type MethodQuote = {
  method: "air" | "sea";
  divisor: number;
  volumetricGrams: number | null;
  chargeableGrams: number;
  priceMinor: Minor;
  daysMin: number;
  daysMax: number;
  landed: LandedCost;
};

export type CalculatorResult = {
  valueMinor: Minor;
  actualGrams: number;
  methods: MethodQuote[];
  tax: TaxRule;
};

export async function calculatorChoices(): Promise<CalculatorChoices> {
  const [warehouses, countries] = await Promise.all([
    db()
      .selectFrom("warehouses")
      .innerJoin("countries", "countries.id", "warehouses.country_id")
      .select(["warehouses.code", "countries.iso_code"])
      .orderBy("warehouses.position")
      .execute(),
    db()
      .selectFrom("countries")
      .select("iso_code")
      .where((eb) => eb.exists(eb.selectFrom("forwarding_rates").select("id").whereRef("forwarding_rates.country_id", "=", "countries.id")))
      .orderBy("iso_code")
      .execute(),
  ]);
  return { warehouses: warehouses.map((w) => ({ code: w.code, countryIso: w.iso_code })), countries: countries.map((c) => c.iso_code) };
}

/** The prices of a parcel from a warehouse to a country, air first; null when neither method has a rate. */
export async function calculateShipping(input: CalculatorInput): Promise<CalculatorResult | null> {
  const rates = await db()
    .selectFrom("forwarding_rates as r")
    .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
    .innerJoin("countries as c", "c.id", "r.country_id")
    .select(["r.method", "r.first_weight_g", "r.first_minor", "r.step_g", "r.step_minor", "r.divisor", "r.days_min", "r.days_max", "w.country_id as origin_id", "r.country_id"])
    .where("w.code", "=", input.from)
    .where("c.iso_code", "=", input.to)
    .orderBy("r.method")
    .execute();
  const first = rates[0];
  if (!first) return null;

  const taxes = await db()
    .selectFrom("import_taxes")
    .select(["country_id", "customs_union", "vat_rate", "duty_rate", "duty_free_minor"])
    .where("country_id", "in", [first.origin_id, first.country_id])
    .execute();
  const origin = taxes.find((row) => row.country_id === first.origin_id);
  const destination = taxes.find((row) => row.country_id === first.country_id);
  const tax = taxRuleBetween(
    { countryId: first.origin_id, customsUnion: origin?.customs_union ?? null },
    {
      countryId: first.country_id,
      customsUnion: destination?.customs_union ?? null,
      tax: destination ? { vatRate: String(destination.vat_rate), dutyRate: String(destination.duty_rate), dutyFreeMinor: Number(destination.duty_free_minor) } : null,
    },
  );

  const methods = rates.map((rate): MethodQuote => {
    const chargeable = chargeableGrams(input.grams, input.dimensions, rate.divisor);
    const priceMinor = priceByWeight(chargeable, {
      firstWeightG: rate.first_weight_g,
      firstMinor: Number(rate.first_minor),
      stepG: rate.step_g,
      stepMinor: Number(rate.step_minor),
    });
    return {
      method: rate.method,
      divisor: rate.divisor,
      volumetricGrams: input.dimensions ? volumetricGrams(input.dimensions, rate.divisor) : null,
      chargeableGrams: chargeable,
      priceMinor,
      daysMin: rate.days_min,
      daysMax: rate.days_max,
      landed: landedCost(input.valueMinor, priceMinor, tax),
    };
  });
  return { valueMinor: input.valueMinor, actualGrams: input.grams, methods, tax };
}
