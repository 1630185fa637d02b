import { percentOf, sum, type Minor } from "~/lib/money";

// The landed cost estimate (calculate): what a parcel costs once it is home,
// with the destination's import duty and VAT. A deliberately simple model,
// described in docs/calculator.md:
// - goods declared at or under the duty-free amount pay no duty; above it,
//   duty is the country's one flat rate on the goods and the shipping;
// - VAT is always due, on the goods, the shipping and the duty;
// - within one country or one customs union (the EU) neither is charged;
// - a destination without rates gets no estimate rather than a made-up one.
// Each tax is rounded once to whole cents, half away from zero (lib/money).

export type ImportTax = { vatRate: string; dutyRate: string; dutyFreeMinor: Minor };

/** What a destination charges on goods from a warehouse. */
export type TaxRule = { kind: "import"; tax: ImportTax } | { kind: "none" } | { kind: "unknown" };

export type LandedCost = {
  rule: TaxRule["kind"];
  dutyMinor: Minor;
  vatMinor: Minor;
  /** Goods, shipping and the taxes. */
  totalMinor: Minor;
};

export function landedCost(valueMinor: Minor, shippingMinor: Minor, rule: TaxRule): LandedCost {
  const customsValue = sum([valueMinor, shippingMinor]);
  if (rule.kind !== "import") return { rule: rule.kind, dutyMinor: 0, vatMinor: 0, totalMinor: customsValue };
  const { tax } = rule;
  const dutyMinor = valueMinor > tax.dutyFreeMinor ? percentOf(customsValue, tax.dutyRate) : 0;
  const vatMinor = percentOf(sum([customsValue, dutyMinor]), tax.vatRate);
  return { rule: "import", dutyMinor, vatMinor, totalMinor: sum([customsValue, dutyMinor, vatMinor]) };
}

type Place = { countryId: number; customsUnion: string | null };

/** The rule between a warehouse's country and a destination (whose tax rates may be unknown). */
export function taxRuleBetween(origin: Place, destination: Place & { tax: ImportTax | null }): TaxRule {
  if (origin.countryId === destination.countryId) return { kind: "none" };
  if (origin.customsUnion && origin.customsUnion === destination.customsUnion) return { kind: "none" };
  return destination.tax ? { kind: "import", tax: destination.tax } : { kind: "unknown" };
}
