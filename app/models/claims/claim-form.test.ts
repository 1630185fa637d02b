import { describe, expect, it } from "vitest";
import { checkClaimFields, claimNumber, parseClaimNumber, parseOrderNumber, readClaimValues, type ClaimValues } from "./claim-form";

// The claim form's rules: the numbers customers quote, and what a posted form asks for.

const valid = (changes: Partial<ClaimValues> = {}): ClaimValues => ({
  order: "mp-1",
  number: "",
  email: "",
  lines: ["i1"],
  quantities: { i1: "1" },
  reason: "defective",
  description: "The screen stays black after charging.",
  ...changes,
});

describe("claim and order numbers", () => {
  it("writes CL plus the id and reads it back with or without the prefix", () => {
    expect(claimNumber(3)).toBe("CL3");
    expect(parseClaimNumber("CL3")).toBe(3);
    expect(parseClaimNumber(" cl12 ")).toBe(12);
    expect(parseClaimNumber("12")).toBe(12);
    expect(parseClaimNumber("MP3")).toBeNull();
    expect(parseClaimNumber("CL0")).toBeNull();
  });

  it("reads marketplace and quote order numbers, nothing else", () => {
    expect(parseOrderNumber("MP12")).toEqual({ kind: "marketplace", id: 12 });
    expect(parseOrderNumber(" qu 5 ")).toEqual({ kind: "quote", id: 5 });
    expect(parseOrderNumber("FR5")).toBeNull();
    expect(parseOrderNumber("12")).toBeNull();
    expect(parseOrderNumber("MP0")).toBeNull();
    expect(parseOrderNumber("MP1; drop table")).toBeNull();
  });
});

describe("reading the form", () => {
  it("keeps checked lines of the form's shape and their quantities, dropping anything else", () => {
    const form = new FormData();
    form.append("line", "i4");
    form.append("line", "i4");
    form.append("line", "q7");
    form.append("line", "x1");
    form.set("qty-i4", "2");
    form.set("qty-q7", "1");
    form.set("qty-bad", "9");
    form.set("reason", "wrong_item");
    form.set("description", "x".repeat(6000));
    const values = readClaimValues(form);
    expect(values.lines).toEqual(["i4", "q7"]);
    expect(values.quantities).toEqual({ i4: "2", q7: "1" });
    expect(values.reason).toBe("wrong_item");
    expect(values.description).toHaveLength(5001);
  });
});

describe("checking the fields", () => {
  const available = new Map([["i1", 2]]);

  it("lets a complete claim through", () => {
    expect(checkClaimFields(valid(), available)).toEqual({});
    expect(checkClaimFields(valid({ quantities: { i1: "2" } }), available)).toEqual({});
  });

  it("asks for a line, a quantity within what was bought, a known reason and 20 to 5000 characters", () => {
    expect(checkClaimFields(valid({ lines: [] }), available)).toEqual({ lines: "claims.errors.noLines" });
    expect(checkClaimFields(valid({ quantities: { i1: "3" } }), available)).toEqual({ lines: "claims.errors.quantity" });
    expect(checkClaimFields(valid({ quantities: { i1: "0" } }), available)).toEqual({ lines: "claims.errors.quantity" });
    expect(checkClaimFields(valid({ quantities: { i1: "1.5" } }), available)).toEqual({ lines: "claims.errors.quantity" });
    expect(checkClaimFields(valid({ reason: "bored" }), available)).toEqual({ reason: "claims.errors.reason" });
    expect(checkClaimFields(valid({ description: "  too short     " }), available)).toEqual({ description: "claims.errors.description" });
    expect(checkClaimFields(valid({ description: "x".repeat(5001) }), available)).toEqual({ description: "claims.errors.description" });
    expect(checkClaimFields(valid({ description: "x".repeat(20) }), available)).toEqual({});
  });
});
