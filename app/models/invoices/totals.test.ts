import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInvoiceLine } from "./lines";
import { formatRate, invoiceTotals, rateBasisPoints } from "./totals";

describe("invoiceTotals", () => {
  it("taxes each rate once and adds up net, VAT and gross", () => {
    const totals = invoiceTotals([
      { quantity: 1, unitMinor: 600, vatRate: "21" },
      { quantity: 2, unitMinor: 350, vatRate: "21" },
      { quantity: 3, unitMinor: 1000, vatRate: "9" },
    ]);
    expect(totals.rates).toEqual([
      { vatRate: "21", netMinor: 1300, vatMinor: 273, grossMinor: 1573 },
      { vatRate: "9", netMinor: 3000, vatMinor: 270, grossMinor: 3270 },
    ]);
    expect(totals.lines).toEqual([
      { netMinor: 600, vatMinor: 126, grossMinor: 726 },
      { netMinor: 700, vatMinor: 147, grossMinor: 847 },
      { netMinor: 3000, vatMinor: 270, grossMinor: 3270 },
    ]);
    expect(totals).toMatchObject({ netMinor: 4300, vatMinor: 543, grossMinor: 4843 });
  });

  it("rounds a rate's VAT half up once, not per line", () => {
    // Three lines of 0.10 € at 5 %: 0.5 cent each. Per line that would be 3 cents; once per rate it is 1.5 → 2.
    const totals = invoiceTotals(Array.from({ length: 3 }, () => ({ quantity: 1, unitMinor: 10, vatRate: "5" })));
    expect(totals.rates).toEqual([{ vatRate: "5", netMinor: 30, vatMinor: 2, grossMinor: 32 }]);
    expect(totals.lines.map((line) => line.vatMinor)).toEqual([1, 1, 0]);
    // Exactly half a cent goes up.
    expect(invoiceTotals([{ quantity: 1, unitMinor: 50, vatRate: "1" }]).vatMinor).toBe(1);
    expect(invoiceTotals([{ quantity: 1, unitMinor: 49, vatRate: "1" }]).vatMinor).toBe(0);
    // 21 % of 0.02 € is 0.42 cent: down.
    expect(invoiceTotals([{ quantity: 1, unitMinor: 2, vatRate: "21" }]).vatMinor).toBe(0);
  });

  it("takes a zero rate and decimal rates", () => {
    const totals = invoiceTotals([
      { quantity: 4, unitMinor: 250, vatRate: "0" },
      { quantity: 1, unitMinor: 1999, vatRate: "9.5" },
    ]);
    expect(totals.rates).toEqual([
      { vatRate: "9.5", netMinor: 1999, vatMinor: 190, grossMinor: 2189 },
      { vatRate: "0", netMinor: 1000, vatMinor: 0, grossMinor: 1000 },
    ]);
    expect(totals.grossMinor).toBe(3189);
  });

  it("an empty invoice is all zeros", () => {
    expect(invoiceTotals([])).toEqual({ lines: [], rates: [], netMinor: 0, vatMinor: 0, grossMinor: 0 });
  });

  it("refuses a rate it cannot read", () => {
    expect(() => invoiceTotals([{ quantity: 1, unitMinor: 100, vatRate: "21.005" }])).toThrow(RangeError);
    expect(() => invoiceTotals([{ quantity: 1, unitMinor: 100, vatRate: "100" }])).toThrow(RangeError);
  });

  it("lines of a rate always add up to the rate's VAT, and the parts to the whole", () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 9999 }),
      unitMinor: fc.integer({ min: 0, max: 10_000_000 }),
      vatRate: fc.constantFrom("0", "5", "9", "12", "21", "22", "24", "9.5", "20.5"),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const totals = invoiceTotals(lines);
        for (const rate of totals.rates) {
          const members = totals.lines.filter((_, i) => formatRate(rateBasisPoints(lines[i]!.vatRate)!) === rate.vatRate);
          expect(members.reduce((sum, l) => sum + l.vatMinor, 0)).toBe(rate.vatMinor);
          expect(members.reduce((sum, l) => sum + l.netMinor, 0)).toBe(rate.netMinor);
        }
        expect(totals.grossMinor).toBe(totals.netMinor + totals.vatMinor);
        expect(totals.lines.reduce((sum, l) => sum + l.grossMinor, 0)).toBe(totals.grossMinor);
      }),
    );
  });
});

describe("parseInvoiceLine", () => {
  it("reads description;quantity;unit price;VAT %", () => {
    expect(parseInvoiceLine("Storage of a parcel, 12 days;1;6.00;21")).toEqual({
      ok: true,
      line: { description: "Storage of a parcel, 12 days", quantity: 1, unitMinor: 600, vatRate: "21" },
    });
    expect(parseInvoiceLine(" Repacking ; 2 ; 3.5 ; 21.00 ")).toEqual({ ok: true, line: { description: "Repacking", quantity: 2, unitMinor: 350, vatRate: "21" } });
  });

  it.each([
    ["Repacking;2;3.50"],
    [";2;3.50;21"],
    ["Repacking;0;3.50;21"],
    ["Repacking;1.5;3.50;21"],
    ["Repacking;10000;3.50;21"],
    ["Repacking;2;3,50;21"],
    ["Repacking;2;-3.50;21"],
    ["Repacking;2;3.505;21"],
    ["Repacking;2;3.50;100"],
    ["Repacking;2;3.50;-1"],
    ["Repacking;2;3.50;21%"],
  ])("refuses %s", (text) => {
    expect(parseInvoiceLine(text).ok).toBe(false);
  });
});
