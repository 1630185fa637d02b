import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convert, convertBack, convertPrecise, discountPercentage, formatMoney, parseExactMinor, parseTypedMinor, percentOf, preciseToMinor, proportion, sum, times, toDecimalString, toMinor } from "./money";

const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const rate = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, "0")}`);

describe("money", () => {
  it("reads decimals exactly and anything else as 0", () => {
    expect(toMinor("12.34")).toBe(1234);
    expect(toMinor("0.1")).toBe(10);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor("19.999")).toBe(2000);
    expect(toMinor("-5.005")).toBe(-501);
    expect(toMinor("abc")).toBe(0);
    expect(toMinor("")).toBe(0);
    expect(toMinor(Number.NaN)).toBe(0);
    expect(toMinor(undefined)).toBe(0);
  });

  it("round-trips through decimal strings", () => {
    fc.assert(fc.property(amount, (a) => toMinor(toDecimalString(a)) === a));
  });

  it("converts price × rate rounded to 2 decimals", () => {
    expect(convert(1000, "1.08")).toBe(1080);
    expect(convert(999, "1.08555")).toBe(1084); // 10.8446... → 10.84
    expect(convert(1, "0.5")).toBe(1); // 0.005 rounds half away from zero
    expect(convert(1234, "x")).toBe(0);
  });

  it("converting at rate 1 changes nothing", () => {
    fc.assert(fc.property(amount, (a) => convert(a, "1") === a && convert(a, "1.00000000") === a));
  });

  it("conversion matches exact decimal arithmetic to the cent", () => {
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const [whole, fraction] = r.split(".") as [string, string];
        const exact = BigInt(a) * BigInt(whole + fraction); // scaled by 10^8
        const got = BigInt(convert(a, r)) * 10n ** 8n;
        const diff = exact > got ? exact - got : got - exact;
        return diff * 2n <= 10n ** 8n; // within half a cent
      }),
    );
  });

  it("converts back to EUR within a cent of where it started", () => {
    expect(convertBack(1080, "1.08")).toBe(1000);
    expect(convertBack(100, "0")).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom("1", "1.08", "0.85", "4.30"), (a, r) => Math.abs(convertBack(convert(a, r), r) - a) <= 1),
    );
  });

  it("conversion keeps order", () => {
    fc.assert(
      fc.property(amount, amount, rate, (a, b, r) => (a <= b ? convert(a, r) <= convert(b, r) : convert(a, r) >= convert(b, r))),
    );
  });

  it("computes percentage fees rounded to 2 decimals", () => {
    expect(percentOf(10000, "2.5")).toBe(250);
    expect(percentOf(1999, "1.9")).toBe(38); // 37.981 → 0.38
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), (a) => percentOf(a, "100") === a && percentOf(a, "0") === 0));
  });

  it("computes the discount percentage", () => {
    expect(discountPercentage(7500, 10000)).toBe(25);
    expect(discountPercentage(10000, 10000)).toBe(0);
    expect(discountPercentage(0, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (p, o) => {
        const d = discountPercentage(Math.min(p, o), o);
        return d >= 0 && d <= 100;
      }),
    );
  });

  it("sums whole cents and refuses fractions", () => {
    expect(sum([1, 2, 3])).toBe(6);
    expect(() => sum([0.1, 0.2])).toThrow(RangeError);
  });

  it("formats in the shopper's language", () => {
    expect(formatMoney(123456, "EUR", "en")).toBe("€1,234.56");
    expect(formatMoney(123456, "EUR", "lt").replace(/\s/g, " ")).toBe("1 234,56 €");
    expect(formatMoney(-5, "USD", "en")).toBe("-$0.05");
  });

  it("reads typed amounts exactly, or not at all", () => {
    expect(parseExactMinor("12.50")).toBe(1250);
    expect(parseExactMinor("12.5")).toBe(1250);
    expect(parseExactMinor(" 12 ")).toBe(1200);
    expect(parseExactMinor("0.01")).toBe(1);
    expect(parseExactMinor("-3.21")).toBe(-321);
    expect(parseExactMinor("90071992547409.91")).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ["", "12.505", "12,50", "1e3", ".5", "5.", "abc", "12.5.0", "€5", "90071992547409.92", "Infinity"]) {
      expect(parseExactMinor(bad), bad).toBeNull();
    }
    fc.assert(fc.property(amount, (a) => parseExactMinor(toDecimalString(a)) === a));
  });
});

describe("an amount a shopper types", () => {
  it("reads a decimal comma as the Baltic languages write it, or a point", () => {
    expect(parseTypedMinor("12,50")).toBe(1250);
    expect(parseTypedMinor(" 12,5 ")).toBe(1250);
    expect(parseTypedMinor("12.50")).toBe(1250);
    expect(parseTypedMinor("12")).toBe(1200);
    expect(parseTypedMinor("0,01")).toBe(1);
    expect(parseTypedMinor("-3,21")).toBe(-321);
  });

  it("reads thousands set apart by a space, a no-break space or a narrow no-break space", () => {
    expect(parseTypedMinor("1 299,00")).toBe(129900);
    expect(parseTypedMinor("1\u00a0299,00")).toBe(129900);
    expect(parseTypedMinor("1\u202f299.5")).toBe(129950);
    expect(parseTypedMinor("12 345 678")).toBe(1234567800);
  });

  it("guesses nothing: a third decimal, two marks, a stray space or a symbol is null", () => {
    for (const bad of ["", ",50", "12,", "12,505", "1.299,00", "1,299.00", "12,5,0", "12 5", "12 50,00", "1e3", "€5", "5 €", "abc"]) {
      expect(parseTypedMinor(bad), bad).toBeNull();
    }
  });

  it("reads back what the shop shows, in any of its languages", () => {
    for (const locale of ["en", "lt", "lv", "et"]) {
      const shown = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping: false }).format(1234.5);
      expect(parseTypedMinor(shown), locale).toBe(123450);
    }
    fc.assert(fc.property(amount, (a) => parseTypedMinor(toDecimalString(a).replace(".", ",")) === a));
  });
});

describe("times and proportion", () => {
  it("takes an amount a whole number of times, exactly", () => {
    expect(times(1999, 3)).toBe(5997);
    expect(() => times(1999, 1.5)).toThrow(RangeError);
    expect(() => times(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it("scales by a fraction, rounding half away from zero", () => {
    // 6.50 per kg for 1,250 g: 8.125 → 8.13
    expect(proportion(650, 1250, 1000)).toBe(813);
    // 1.80 per kg for 333 g: 0.5994 → 0.60
    expect(proportion(180, 333, 1000)).toBe(60);
    expect(proportion(-650, 1250, 1000)).toBe(-813);
    expect(() => proportion(100, 1, 0)).toThrow(RangeError);
  });

  it("agrees with exact decimal arithmetic", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (amount, n, d) => {
        const exact = (BigInt(amount) * BigInt(n) * 2n + BigInt(d)) / (2n * BigInt(d));
        expect(proportion(amount, n, d)).toBe(Number(exact));
      }),
    );
  });
});

describe("convertPrecise and preciseToMinor", () => {
  it("keep a conversion to 4 decimals and round it once", () => {
    // 45.48 × 0.58123456 = 26.434547… → 26.4345
    expect(convertPrecise(4548, "0.58123456")).toBe(264345);
    // 0.86 × 0.58123456 = 0.499861… → 0.4999
    expect(convertPrecise(86, "0.58123456")).toBe(4999);
    expect(preciseToMinor(300091)).toBe(3001);
    expect(preciseToMinor(300050)).toBe(3001);
    expect(preciseToMinor(-300050)).toBe(-3001);
    expect(convertPrecise(100, "not a rate")).toBe(0);
  });
});
