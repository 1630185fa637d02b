import { describe, expect, it } from "vitest";
import { parseAdminArgs } from "./admin";
import { UsageError } from "./admin-options";

describe("admin pro", () => {
  it("reads approve and reject with the applicant's email", () => {
    expect(parseAdminArgs(["pro", "approve", "--email", " seller@example.com "])).toEqual({ command: "pro", action: "approve", email: "seller@example.com" });
    expect(parseAdminArgs(["pro", "reject", "--email=seller@example.com"])).toEqual({ command: "pro", action: "reject", email: "seller@example.com" });
  });

  it("refuses anything else as a usage error", () => {
    for (const argv of [["pro"], ["pro", "promote", "--email", "a@b.c"], ["pro", "approve"], ["pro", "approve", "--email", "not-an-email"], ["pro", "approve", "--user", "a@b.c"]]) {
      expect(() => parseAdminArgs(argv), argv.join(" ")).toThrow(UsageError);
    }
  });
});
