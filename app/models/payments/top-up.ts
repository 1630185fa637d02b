import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";

// The balance top-up's form (balance/pay): its one schema, used by conform
// in the browser and by the action on the server. Messages are translation
// keys. Safe in the browser; no I/O here.

/** The smallest and largest top-up, in cents: a processor's fee makes less pointless, more is a matter for support. */
export const TOP_UP_LIMITS = { min: 100, max: 500_000 } as const;

const inRange = (minor: number | null) => minor !== null && Number.isSafeInteger(minor) && minor >= TOP_UP_LIMITS.min && minor <= TOP_UP_LIMITS.max;

export const TopUpSchema = v.object(
  {
    // As typed in the shopper's language: "25,50" is 25.50.
    amount: v.pipe(
      v.string("payment.topUp.range"),
      v.maxLength(20, "payment.topUp.range"),
      v.check((typed) => inRange(parseTypedMinor(typed)), "payment.topUp.range"),
      v.transform((typed) => parseTypedMinor(typed)!),
    ),
    payment: v.pipe(v.string("checkout.errors.unknownPaymentMethod"), v.regex(/^\d{1,9}$/, "checkout.errors.unknownPaymentMethod"), v.transform(Number)),
  },
  "validation.required",
);

export type TopUpValues = v.InferOutput<typeof TopUpSchema>;
