import { describe, expect, it } from "vitest";
import { formatPrice, selectCurrency } from "./currency";

const eur = { id: 1, iso_code: "EUR", exchange_rate: "1" };
const usd = { id: 2, iso_code: "USD", exchange_rate: "1.08" };
const pln = { id: 4, iso_code: "PLN", exchange_rate: "4.30" };

describe("currency", () => {
  it("is the saved one, else EUR, else the first", () => {
    expect(selectCurrency([eur, usd], "2")).toBe(usd);
    expect(selectCurrency([eur, usd], 2)).toBe(usd);
    expect(selectCurrency([usd, eur], undefined)).toBe(eur);
    expect(selectCurrency([usd, eur], "99")).toBe(eur);
    expect(selectCurrency([usd, pln], "x")).toBe(usd);
    expect(selectCurrency([], "1")).toBeUndefined();
  });

  it("shows price × rate rounded to 2 decimals in the chosen currency", () => {
    expect(formatPrice(1999, usd, "en")).toBe("$21.59"); // 21.5892
    expect(formatPrice(1000, pln, "lt").replace(/\s/g, " ")).toBe("43,00 PLN");
    expect(formatPrice(1000, { ...usd, exchange_rate: "n/a" }, "en")).toBe("$0.00");
  });
});
