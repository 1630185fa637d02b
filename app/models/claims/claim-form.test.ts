import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { checkClaimLines, ClaimSchema, claimNumber, claimQuantities, parseClaimNumber, parseOrderNumber } from "./claim-form";

// The claim form's rules: the numbers customers quote, and what a posted form asks for.

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

describe("the claim's schema", () => {
  const valid = { line: ["i1"], reason: "defective", description: "The screen stays black after charging." };
  const issues = (posted: Record<string, unknown>) => {
    const result = v.safeParse(ClaimSchema, posted);
    return result.success ? {} : v.flatten<typeof ClaimSchema>(result.issues).nested;
  };

  it("keeps checked lines of the form's shape once each, dropping anything else", () => {
    const result = v.parse(ClaimSchema, { ...valid, line: ["i4", "i4", "q7", "x1"] });
    expect(result.line).toEqual(["i4", "q7"]);
  });

  it("asks for a line, a known reason and 20 to 5000 characters", () => {
    expect(issues(valid)).toEqual({});
    expect(issues({ ...valid, line: ["x1"] })).toEqual({ line: ["claims.errors.noLines"] });
    expect(issues({ ...valid, reason: "bored" })).toEqual({ reason: ["claims.errors.reason"] });
    expect(issues({ ...valid, description: "  too short     " })).toEqual({ description: ["claims.errors.description"] });
    expect(issues({ ...valid, description: "x".repeat(5001) })).toEqual({ description: ["claims.errors.description"] });
    expect(issues({ ...valid, description: "x".repeat(20) })).toEqual({});
  });
});

describe("the lines' quantities", () => {
  const available = new Map([["i1", 2]]);

  it("reads qty-<line> fields of the form's shape only", () => {
    expect(claimQuantities({ "qty-i4": "2", "qty-q7": "1", "qty-bad": "9", reason: "wrong_item" })).toEqual({ i4: "2", q7: "1" });
  });

  it("takes a quantity within what was bought, one when none is typed", () => {
    expect(checkClaimLines(["i1"], {}, available)).toBeNull();
    expect(checkClaimLines(["i1"], { i1: "2" }, available)).toBeNull();
    for (const typed of ["3", "0", "1.5"]) expect(checkClaimLines(["i1"], { i1: typed }, available)).toBe("claims.errors.quantity");
    expect(checkClaimLines(["i9"], {}, available)).toBe("claims.errors.quantity");
  });
});
