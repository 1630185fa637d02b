import { describe, expect, it } from "vitest";
import { UsageError } from "./admin-options";
import { parseQuoteRef, parseQuotesArgs } from "./admin-quotes";

// Reading `npm run admin -- quote …` command lines: bad input is a UsageError (exit code 2) before the database is touched.

describe("admin quote commands", () => {
  it("reads a full price command into cents", () => {
    const parsed = parseQuotesArgs("price", [
      "--quote", "QU12", "--line", "1=19.99", "--line=2=5", "--shop-shipping", "4.99", "--service-fee", "3.00",
      "--air", "12.00", "--air-days", "5-9", "--sea", "6", "--sea-days", "30-45", "--tax", "2.10",
    ]);
    expect(parsed).toEqual({
      command: "quote",
      action: "price",
      quoteId: 12,
      price: {
        lines: new Map([[1, 1999], [2, 500]]),
        shopShippingMinor: 499,
        serviceFeeMinor: 300,
        taxMinor: 210,
        air: { minor: 1200, days: "5-9" },
        sea: { minor: 600, days: "30-45" },
      },
    });
  });

  it("defaults fees and tax to 0 and takes one way home", () => {
    const parsed = parseQuotesArgs("price", ["--quote", "7", "--line", "1=1", "--sea", "6", "--sea-days", "40"]);
    expect(parsed).toMatchObject({ quoteId: 7, price: { shopShippingMinor: 0, serviceFeeMinor: 0, taxMinor: 0, air: null, sea: { minor: 600, days: "40" } } });
  });

  it.each([
    [["--quote", "QU1"]],
    [["--quote", "QU1", "--line", "1=1"]],
    [["--quote", "QU1", "--line", "1=1", "--air", "1"]],
    [["--quote", "QU1", "--line", "1=1,50", "--air", "1", "--air-days", "3"]],
    [["--quote", "QU1", "--line", "0=1", "--air", "1", "--air-days", "3"]],
    [["--quote", "QU1", "--line", "1=1", "--line", "1=2", "--air", "1", "--air-days", "3"]],
    [["--quote", "QU1", "--line", "1=1", "--air", "1", "--air-days", "9-3"]],
    [["--quote", "QU1", "--line", "1=1", "--air", "1", "--air-days", "soon"]],
    [["--quote", "FR1", "--line", "1=1", "--air", "1", "--air-days", "3"]],
    [["--quote", "QU1", "--line", "1=1", "--air", "1", "--air-days", "3", "--tax", "-1"]],
  ])("refuses %j", (args) => {
    expect(() => parseQuotesArgs("price", args)).toThrow(UsageError);
  });

  it("reads cancel and status, and refuses a status a quote cannot be moved to", () => {
    expect(parseQuotesArgs("cancel", ["--quote", "qu3", "--reason", " sold out "])).toEqual({ command: "quote", action: "cancel", quoteId: 3, reason: "sold out" });
    expect(parseQuotesArgs("cancel", ["--quote", "3"])).toMatchObject({ reason: null });
    expect(parseQuotesArgs("status", ["--quote", "3", "--to", "at_warehouse"])).toMatchObject({ to: "at_warehouse" });
    for (const to of ["paid", "priced", "declined", "nowhere"]) expect(() => parseQuotesArgs("status", ["--quote", "3", "--to", to])).toThrow(UsageError);
    expect(() => parseQuotesArgs("refund", [])).toThrow(UsageError);
    expect(parseQuoteRef("QU12")).toBe(12);
    expect(() => parseQuoteRef("0")).toThrow(UsageError);
  });
});
