import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { discountText, percentText, PromotionCreateSchema, PromotionEditSchema, readUtcMinute, utcMinuteText } from "./promotion-form";

// The promotion form's one schema, as the browser and the server read it:
// figures as people type them, the kind's own figure kept, times in UTC.

const issues = (result: v.SafeParseResult<typeof PromotionCreateSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

describe("the promotion form", () => {
  it("reads a percentage code with its limits into the table's units, the code in capitals", () => {
    const result = v.safeParse(PromotionCreateSchema, { intent: "save", code: "spring-10", kind: "percent", percent: "12,5", amount: "3", minSubtotal: "1 299,00", maxUses: "100", maxUsesPerCustomer: "1", endsAt: "2030-03-01T09:30" });
    expect(result.success && result.output.input).toEqual({
      code: "SPRING-10",
      kind: 1,
      amountMinor: null,
      percentHundredths: 1250,
      validFrom: null,
      validUntil: new Date("2030-03-01T09:30:00Z"),
      minSubtotalMinor: 129_900,
      maxUses: 100,
      maxUsesPerCustomer: 1,
    });
  });

  it("says what is wrong by the field", () => {
    expect(issues(v.safeParse(PromotionCreateSchema, { intent: "save", code: "a b", kind: "percent", percent: "100,01", maxUses: "0", startsAt: "tomorrow" }))).toEqual({
      code: "admin.promotions.codeFormat",
      percent: "admin.promotions.percentFormat",
      maxUses: "admin.promotions.countFormat",
      startsAt: "admin.promotions.timeFormat",
    });
    expect(issues(v.safeParse(PromotionCreateSchema, { intent: "save", code: "SAVE", kind: "fixed", startsAt: "2030-01-02T00:00", endsAt: "2030-01-01T00:00" }))).toEqual({
      amount: "admin.promotions.amountRequired",
      endsAt: "admin.promotions.endsBeforeStart",
    });
    // An edit names the version its page showed: a form without it is refused, as the browser's form data reads.
    const posted = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", code: "SAVE", kind: "fixed", amount: "5" })) posted.set(name, value);
    const submission = parseWithValibot(posted, { schema: PromotionEditSchema });
    expect([submission.status, Object.keys(submission.reply().error ?? {})]).toEqual(["error", ["version"]]);
  });

  it("shows a stored code back as it was typed, and its discount in the staff member's language", () => {
    expect(readUtcMinute(utcMinuteText(new Date("2030-03-01T09:30:00Z")))).toEqual(new Date("2030-03-01T09:30:00Z"));
    expect([percentText("12.50"), percentText("10.00"), percentText(null)]).toEqual(["12.5", "10", ""]);
    expect(discountText({ kind: 1, amount_minor: null, percent: "12.50" }, "en")).toBe("12.5%");
    expect(discountText({ kind: 0, amount_minor: 500, percent: null }, "en")).toBe("€5.00");
  });
});
