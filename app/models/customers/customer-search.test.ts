import { describe, expect, it } from "vitest";
import { customerQueryOf, likePrefix } from "./customer-search";

describe("the customers search", () => {
  it("reads a suite code as the customer's id", () => {
    expect(customerQueryOf("BX-000123")).toEqual({ by: "suite", userId: 123 });
    expect(customerQueryOf(" bx 42 ")).toEqual({ by: "suite", userId: 42 });
  });

  it("reads an order, quote or forward request number as its kind and id", () => {
    expect(customerQueryOf("MP12")).toEqual({ by: "number", kind: "marketplace", id: 12 });
    expect(customerQueryOf("qu 5")).toEqual({ by: "number", kind: "quote", id: 5 });
    expect(customerQueryOf("FR7")).toEqual({ by: "number", kind: "forward", id: 7 });
  });

  it("reads a bare number as any of those ids", () => {
    expect(customerQueryOf("77")).toEqual({ by: "id", id: 77 });
  });

  it("reads text with an @ as the start of an email, any other as the start of an email or a name, lower-cased", () => {
    expect(customerQueryOf("Ona.Buyer@Example")).toEqual({ by: "email", prefix: "ona.buyer@example" });
    expect(customerQueryOf("  Ona   Buyer ")).toEqual({ by: "text", prefix: "ona buyer" });
  });

  it("is everyone for nothing typed", () => {
    expect(customerQueryOf("")).toEqual({ by: "all" });
    expect(customerQueryOf("   ")).toEqual({ by: "all" });
    expect(customerQueryOf(null)).toEqual({ by: "all" });
  });

  it("matches what was typed as written, wildcards and all", () => {
    expect(likePrefix("a_b%c\\")).toBe("a\\_b\\%c\\\\%");
  });
});
