import { describe, expect, it } from "vitest";
import { parseAdminArgs } from "./admin";
import { UsageError } from "./admin-options";

describe("admin staff and order", () => {
  it("reads a new staff member, a second-factor reset, a code and the fulfilment steps", () => {
    expect(parseAdminArgs(["staff", "add", "--email", "Ona@Example.com", "--name", "Ona", "--role", "owner", "--password", "a long password!"])).toEqual({
      command: "staff",
      action: "add",
      email: "ona@example.com",
      name: "Ona",
      role: "owner",
      password: "a long password!",
      totpSecret: undefined,
      locale: "en",
    });
    expect(parseAdminArgs(["staff", "reset-second-factor", "--email", "ona@example.com"])).toEqual({ command: "staff", action: "reset-second-factor", email: "ona@example.com" });
    expect(parseAdminArgs(["staff", "code", "--secret", "jbsw y3dp ehpk 3pxp"])).toEqual({ command: "staff", action: "code", secret: "JBSWY3DPEHPK3PXP" });
    expect(parseAdminArgs(["order", "ship", "--order", "MP12", "--carrier", "DPD", "--tracking", "lt 123"])).toEqual({ command: "order", action: "ship", orderId: 12, carrier: "DPD", trackingNumber: "LT123" });
    expect(parseAdminArgs(["order", "pack", "--order", "12"])).toEqual({ command: "order", action: "pack", orderId: 12 });
  });

  it("refuses anything else as a usage error", () => {
    for (const argv of [
      ["staff"],
      ["staff", "add", "--email", "ona@example.com", "--name", "Ona", "--role", "boss", "--password", "a long password!"],
      ["staff", "add", "--email", "ona@example.com", "--name", "Ona", "--role", "owner", "--password", "short"],
      ["staff", "code", "--secret", "not base32!"],
      ["order", "ship", "--order", "MP12", "--carrier", "DPD"],
      ["order", "ship", "--order", "QU12", "--carrier", "DPD", "--tracking", "LT1"],
      ["order", "refund", "--order", "MP12"],
    ]) {
      expect(() => parseAdminArgs(argv), argv.join(" ")).toThrow(UsageError);
    }
  });
});
