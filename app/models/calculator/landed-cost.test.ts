import { describe, expect, it } from "vitest";
import { landedCost, taxRuleBetween, type TaxRule } from "./landed-cost";

const LT: TaxRule = { kind: "import", tax: { vatRate: "21.00", dutyRate: "4.00", dutyFreeMinor: 15000 } };

describe("landed cost", () => {
  it("charges VAT but no duty on goods below the duty-free amount", () => {
    // 100 € goods + 20 € shipping: VAT 21 % of 120 € = 25.20 €.
    expect(landedCost(10000, 2000, LT)).toEqual({ rule: "import", dutyMinor: 0, vatMinor: 2520, totalMinor: 14520 });
  });

  it("charges no duty on goods worth exactly the duty-free amount", () => {
    expect(landedCost(15000, 2000, LT).dutyMinor).toBe(0);
  });

  it("charges duty on goods and shipping above it, and VAT on the duty too", () => {
    // 150.01 € + 20 € = 170.01 €; duty 4 % = 6.8004 → 6.80 €; VAT 21 % of 176.81 € = 37.1301 → 37.13 €.
    expect(landedCost(15001, 2000, LT)).toEqual({ rule: "import", dutyMinor: 680, vatMinor: 3713, totalMinor: 15001 + 2000 + 680 + 3713 });
  });

  it("rounds each tax to whole cents, half away from zero", () => {
    // 0 € goods + 0.50 € shipping: VAT 21 % = 10.5 cents → 11.
    expect(landedCost(0, 50, LT).vatMinor).toBe(11);
    // 0.02 € at 25.5 % = 0.51 cents → 1.
    expect(landedCost(0, 2, { kind: "import", tax: { vatRate: "25.50", dutyRate: "0", dutyFreeMinor: 0 } }).vatMinor).toBe(1);
  });

  it("with a declared value of zero, VAT is still due on the shipping", () => {
    expect(landedCost(0, 1990, LT)).toEqual({ rule: "import", dutyMinor: 0, vatMinor: 418, totalMinor: 2408 });
  });

  it("adds nothing inside a customs union or where the rates are unknown", () => {
    expect(landedCost(50000, 990, { kind: "none" })).toEqual({ rule: "none", dutyMinor: 0, vatMinor: 0, totalMinor: 50990 });
    expect(landedCost(50000, 990, { kind: "unknown" })).toEqual({ rule: "unknown", dutyMinor: 0, vatMinor: 0, totalMinor: 50990 });
  });
});

describe("the tax rule between two countries", () => {
  const tax = { vatRate: "21.00", dutyRate: "4.00", dutyFreeMinor: 15000 };
  it("is the destination's import taxes from outside its union", () => {
    expect(taxRuleBetween({ countryId: 10, customsUnion: null }, { countryId: 1, customsUnion: "EU", tax })).toEqual({ kind: "import", tax });
  });
  it("is none within one union or one country", () => {
    expect(taxRuleBetween({ countryId: 7, customsUnion: "EU" }, { countryId: 1, customsUnion: "EU", tax })).toEqual({ kind: "none" });
    expect(taxRuleBetween({ countryId: 7, customsUnion: null }, { countryId: 7, customsUnion: null, tax })).toEqual({ kind: "none" });
  });
  it("is unknown for a destination without rates", () => {
    expect(taxRuleBetween({ countryId: 10, customsUnion: null }, { countryId: 5, customsUnion: null, tax: null })).toEqual({ kind: "unknown" });
  });
});
