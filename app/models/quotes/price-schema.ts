import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";

// The back office's pricing form for a quote: a unit price for every line,
// the fees and tax, and at least one way home with its price and days.
// Amounts as people type them, "12,50" or "12.50" (lib/money).

const amount = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.transform(parseTypedMinor),
  v.number("admin.quotes.amountFormat"),
  v.minValue(0, "admin.quotes.amountFormat"),
);
const optionalAmount = v.optional(amount);
const days = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[1-9]\d{0,2}(-[1-9]\d{0,2})?$/, "admin.quotes.daysFormat")));

export const QuotePriceSchema = v.pipe(
  v.object({
    updatedAt: v.pipe(v.string("validation.required"), v.isoTimestamp("validation.required")),
    lines: v.pipe(v.array(v.object({ position: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), price: amount })), v.minLength(1)),
    shopShipping: optionalAmount,
    serviceFee: optionalAmount,
    tax: optionalAmount,
    air: v.optional(amount),
    airDays: days,
    sea: v.optional(amount),
    seaDays: days,
  }),
  v.forward(
    v.check((value) => (value.air === undefined) === (value.airDays === undefined), "admin.quotes.wayNeedsBoth"),
    ["airDays"],
  ),
  v.forward(
    v.check((value) => (value.sea === undefined) === (value.seaDays === undefined), "admin.quotes.wayNeedsBoth"),
    ["seaDays"],
  ),
  v.forward(
    v.check((value) => value.air !== undefined || value.sea !== undefined, "admin.quotes.wayRequired"),
    ["air"],
  ),
);
