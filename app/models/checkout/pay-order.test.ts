import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { PaymentFormSchema } from "~/models/checkout/checkout";
import { PayOrderSchema } from "./pay-order";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the payment forms' schemas", () => {
  it("read the method and the balance typed with a decimal comma", () => {
    const submission = parseWithValibot(form([["payment", "2"], ["balance", "5,00"]]), { schema: PayOrderSchema });
    expect(submission.status === "success" && submission.value).toEqual({ payment: 2, balance: 500 });
  });

  it("ask for a method when none is chosen, and take a blank balance as none", () => {
    const submission = parseWithValibot(form([["balance", ""]]), { schema: PayOrderSchema });
    expect(submission.status === "error" && submission.error).toEqual({ payment: ["checkout.errors.unknownPaymentMethod"] });
  });

  it("refuse a balance that is not an amount, by its field", () => {
    for (const typed of ["-1", "5 euros", "1,505"]) {
      const submission = parseWithValibot(form([["payment", "1"], ["balance", typed]]), { schema: PaymentFormSchema });
      expect(submission.status === "error" && submission.error).toEqual({ balance: ["checkout.errors.balanceAmount"] });
    }
  });

  it("leave the checkout's method as it was when none is posted, and take a blank code off", () => {
    const submission = parseWithValibot(form([["intent", "apply"], ["promotion", ""]]), { schema: PaymentFormSchema });
    expect(submission.status === "success" && submission.value).toEqual({ intent: "apply", balance: 0, promotion: "" });
  });
});
