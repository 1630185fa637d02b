import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isSeller, ProApplicationSchema, proPageState } from "./application";

const valid = { company_name: " UAB Saulėtekis ", company_code: "LT100001234567", phone: "+370 612 34567", message: "Kitchenware." };
const messages = (input: Record<string, unknown>) =>
  Object.fromEntries((v.safeParse(ProApplicationSchema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

describe("the application form", () => {
  it("reads a complete form; the message may be left out", () => {
    expect(v.parse(ProApplicationSchema, valid)).toEqual({ ...valid, company_name: "UAB Saulėtekis" });
    expect(v.parse(ProApplicationSchema, { ...valid, message: undefined }).message).toBeUndefined();
  });

  it("reads the form as the browser posts it, an empty message included", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...valid, message: "" })) form.set(name, value);
    expect(parseWithValibot(form, { schema: ProApplicationSchema })).toMatchObject({ status: "success", value: { company_name: "UAB Saulėtekis" } });
    form.set("message", "x".repeat(1001));
    expect(parseWithValibot(form, { schema: ProApplicationSchema })).toMatchObject({ status: "error", error: { message: ["validation.tooLong"] } });
  });

  it("asks for the company, its code and a phone, each with its own message", () => {
    expect(messages({})).toEqual({ company_name: "validation.required", company_code: "validation.required", phone: "validation.required" });
    expect(messages({ ...valid, company_code: "LT 100/2-3" })).toEqual({});
    expect(messages({ ...valid, company_code: "<script>" })).toEqual({ company_code: "pro.errors.companyCode" });
    expect(messages({ ...valid, company_code: "-LT1" })).toEqual({ company_code: "pro.errors.companyCode" });
    expect(messages({ ...valid, phone: "612 34567" })).toEqual({ phone: "validation.phone" });
    expect(messages({ ...valid, message: "x".repeat(1001) })).toEqual({ message: "validation.tooLong" });
    expect(messages({ ...valid, company_name: "x".repeat(201) })).toEqual({ company_name: "validation.tooLong" });
  });
});

describe("who sells, and what /pro shows", () => {
  it("a pro user and an admin sell; a customer and a guest do not", () => {
    expect([isSeller("pro"), isSeller("admin"), isSeller("customer"), isSeller(null), isSeller(undefined)]).toEqual([true, true, false, false, false]);
  });

  it("shows a guest the way to sign in, a seller their listings, and a customer the form or their waiting application", () => {
    expect(proPageState(null, null)).toBe("guest");
    expect(proPageState("pro", null)).toBe("seller");
    expect(proPageState("admin", "pending")).toBe("seller");
    expect(proPageState("customer", null)).toBe("apply");
    expect(proPageState("customer", "pending")).toBe("pending");
    expect(proPageState("customer", "rejected")).toBe("apply");
  });
});
