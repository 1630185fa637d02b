import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ReservationSchema } from "./form";

const valid = { option: "3", name: " Ona Buyer ", email: "Ona@Example.com", phone: "+370 612 34567", policy: "on" };
const messages = (input: Record<string, unknown>) =>
  Object.fromEntries((v.safeParse(ReservationSchema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

describe("reservation form", () => {
  it("reads a complete form", () => {
    expect(v.parse(ReservationSchema, valid)).toEqual({ option: 3, name: "Ona Buyer", email: "ona@example.com", phone: "+370 612 34567", policy: "on" });
  });

  it("asks for the policy, an option and the contact details, each with its own message", () => {
    expect(messages({})).toEqual({
      option: "reservation.errors.chooseOption",
      name: "validation.required",
      email: "validation.required",
      phone: "validation.required",
      policy: "reservation.errors.acceptPolicy",
    });
  });

  it("refuses phones outside 7 to 15 digits and odd option ids", () => {
    expect(messages({ ...valid, phone: "+370 12" })).toEqual({ phone: "validation.phone" });
    expect(messages({ ...valid, phone: "+1234567890123456" })).toEqual({ phone: "validation.phone" });
    expect(messages({ ...valid, phone: "37061234567" })).toEqual({ phone: "validation.phone" });
    expect(v.safeParse(ReservationSchema, { ...valid, phone: "+3706123" }).success).toBe(true);
    expect(messages({ ...valid, option: "1e3" })).toEqual({ option: "reservation.errors.chooseOption" });
    expect(messages({ ...valid, policy: "yes" })).toEqual({ policy: "reservation.errors.acceptPolicy" });
    expect(messages({ ...valid, name: "x".repeat(101) })).toEqual({ name: "validation.tooLong" });
  });
});

describe("reservation form as posted", () => {
  it("says what is missing when the box is unchecked and no radio chosen", async () => {
    const { parseWithValibot } = await import("@conform-to/valibot");
    const form = new FormData();
    form.set("name", "Ona");
    form.set("email", "ona@example.com");
    form.set("phone", "+37061234567");
    const submission = parseWithValibot(form, { schema: ReservationSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ option: ["reservation.errors.chooseOption"], policy: ["reservation.errors.acceptPolicy"] });
    form.set("option", "4");
    form.set("policy", "on");
    expect(parseWithValibot(form, { schema: ReservationSchema })).toMatchObject({ status: "success", value: { option: 4, policy: "on" } });
  });
});
