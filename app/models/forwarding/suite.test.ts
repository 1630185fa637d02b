import { describe, expect, it } from "vitest";
import { parseSuiteCode, suiteAddress, suiteCode } from "./suite";

const hamburg = { code: "de", name: "Germany", street: "Hafenstraße 21", city: "Hamburg", region: "", zip: "20457", phone: "+49 40 5550 1180" };

describe("suiteCode", () => {
  it("pads the customer's id to six digits", () => {
    expect(suiteCode(123)).toBe("BX-000123");
    expect(suiteCode(1)).toBe("BX-000001");
  });

  it("keeps ids longer than six digits whole, so two customers never share a suite", () => {
    expect(suiteCode(12_345_678)).toBe("BX-12345678");
    expect(suiteCode(1_234_567)).not.toBe(suiteCode(234_567));
  });

  it("refuses what is not a customer id", () => {
    expect(() => suiteCode(0)).toThrow(RangeError);
    expect(() => suiteCode(1.5)).toThrow(RangeError);
  });
});

describe("parseSuiteCode", () => {
  it("reads the id back from the code, as written or as typed", () => {
    expect(parseSuiteCode(suiteCode(123))).toBe(123);
    expect(parseSuiteCode(" bx-000042 ")).toBe(42);
    expect(parseSuiteCode("BX 7")).toBe(7);
    expect(parseSuiteCode("BX12345678")).toBe(12_345_678);
  });

  it("is null for anything else", () => {
    for (const text of ["", "BX-", "BX-000000", "123", "MP12", "BX-12a", "XBX-1"]) expect(parseSuiteCode(text), text).toBeNull();
  });
});

describe("suiteAddress", () => {
  it("is the warehouse's address with the customer's name and suite", () => {
    const address = suiteAddress(hamburg, { id: 42, firstName: "Ona", lastName: "Buyer" });
    expect(address.suite).toBe("BX-000042");
    expect(address.lines).toEqual(["Ona Buyer (BX-000042)", "Hafenstraße 21", "Suite BX-000042", "Hamburg, 20457", "Germany", "+49 40 5550 1180"]);
    expect(address.text).toBe(address.lines.join("\n"));
  });

  it("names the suite alone when the account has no name", () => {
    expect(suiteAddress(hamburg, { id: 7, firstName: "", lastName: "" }).lines[0]).toBe("BX-000007");
  });
});
