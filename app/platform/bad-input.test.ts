import { describe, expect, it } from "vitest";
import { toDecimalString } from "~/lib/money";
import { isBadInput } from "./bad-input";

describe("isBadInput", () => {
  it("knows an amount no money can hold and a value the database refuses", () => {
    let thrown: unknown;
    try {
      toDecimalString(1e22);
    } catch (error) {
      thrown = error;
    }
    expect(isBadInput(thrown)).toBe(true);
    expect(isBadInput(Object.assign(new Error("value too long"), { code: "22001" }))).toBe(true);
  });

  it("leaves faults of the server alone", () => {
    expect(isBadInput(new RangeError("Invalid array length"))).toBe(false);
    expect(isBadInput(Object.assign(new Error("connection refused"), { code: "08006" }))).toBe(false);
    expect(isBadInput(new TypeError("x is undefined"))).toBe(false);
  });
});
