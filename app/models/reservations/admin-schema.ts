import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";

// The back office's forms on reservations: set an option's allocation (and
// price), cancel a reservation. Messages are translation keys.

const required = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"));
export const MAX_ALLOCATION = 100_000;

export const ReservationChangeSchema = v.variant("intent", [
  v.object({
    intent: v.literal("allocate"),
    model: v.pipe(required, v.maxLength(60, "validation.tooLong")),
    colour: v.pipe(required, v.maxLength(60, "validation.tooLong")),
    storage: v.pipe(required, v.regex(/^\d{1,5}$/, "admin.reservations.storageFormat"), v.transform(Number), v.minValue(1, "admin.reservations.storageFormat")),
    count: v.pipe(required, v.regex(/^\d{1,6}$/, "admin.reservations.countFormat"), v.transform(Number), v.maxValue(MAX_ALLOCATION, "admin.reservations.countFormat")),
    price: v.optional(v.pipe(v.string(), v.trim(), v.transform(parseTypedMinor), v.number("admin.reservations.amountFormat"), v.minValue(0, "admin.reservations.amountFormat"))),
  }),
  v.object({ intent: v.literal("cancel"), reservation: v.pipe(required, v.regex(/^\d{1,15}$/, "validation.required"), v.transform(Number)) }),
]);
