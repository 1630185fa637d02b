import * as v from "valibot";
import { typedMeasure } from "~/lib/typed-measure";
import { email, PASSWORD_MAX_LENGTH } from "~/models/accounts/schemas";
import { parseTypedMinor } from "~/lib/money";
import { normalizeTrackingNumber } from "~/models/tracking/tracking-number";
import { STAFF_ROLES } from "./roles";

// The back office's sign-in and staff forms. Messages are translation keys
// (the shop's validation texts, and the back office's own under "admin").

export const STAFF_PASSWORD_MIN_LENGTH = 12;

const required = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"));

export const StaffLoginSchema = v.object({
  email,
  password: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(PASSWORD_MAX_LENGTH, "validation.tooLong")),
});

export const StaffCodeSchema = v.object({ code: v.pipe(required, v.maxLength(20, "admin.login.invalidCode")) });

export const StaffPasswordSchema = v.object({
  password: v.pipe(
    v.string("validation.required"),
    v.nonEmpty("validation.required"),
    v.minLength(STAFF_PASSWORD_MIN_LENGTH, "admin.invite.hint"),
    v.maxLength(PASSWORD_MAX_LENGTH, "validation.tooLong"),
  ),
});

export const StaffLocaleSchema = v.picklist(["en", "lt", "lv", "ee"], "validation.required");

/** A whole number of at least 1, as a form sends it: a record's id, or the version of it the page showed (the stale-edit rule). */
const positive = v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(1, "validation.number"));
const version = positive;

export const InviteStaffSchema = v.object({
  email,
  name: v.pipe(required, v.maxLength(100, "validation.tooLong")),
  role: v.picklist(STAFF_ROLES, "validation.required"),
  locale: StaffLocaleSchema,
});



/** The order page's forms (fulfilment, cancel, refund): each names the version the page showed. */
export const FulfilmentSchema = v.variant("intent", [
  v.object({ intent: v.literal("pack"), version }),
  v.object({
    intent: v.literal("ship"),
    version,
    carrier: v.pipe(required, v.maxLength(60, "validation.tooLong")),
    trackingNumber: v.pipe(
      required,
      v.transform((text) => normalizeTrackingNumber(text) ?? ""),
      v.nonEmpty("validation.tooLong"),
      v.regex(/^[A-Z0-9-]+$/, "admin.orders.trackingFormat"),
    ),
    /** How many of each line this parcel carries; left out, everything still to ship. */
    lines: v.optional(
      v.array(
        v.object({
          item: positive,
          quantity: v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(0, "validation.number"), v.maxValue(100_000, "validation.number")),
        }),
      ),
    ),
  }),
  v.object({ intent: v.literal("deliver"), version }),
  v.object({ intent: v.literal("cancel"), version }),
  v.object({
    intent: v.literal("refund"),
    version,
    target: v.picklist(["balance", "processor"], "admin.orders.refundTargetRequired"),
    /** Left empty: all that is left. */
    amount: v.optional(v.pipe(v.string(), v.trim(), v.transform(parseTypedMinor), v.number("admin.orders.amountFormat"), v.minValue(1, "admin.orders.amountFormat"))),
    reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "validation.tooLong"))),
  }),
]);

/** A change to a staff member: which, and the version the page showed. */
export const StaffChangeSchema = v.variant("intent", [
  v.object({ intent: v.literal("disable"), id: positive, version }),
  v.object({ intent: v.literal("enable"), id: positive, version }),
  v.object({ intent: v.literal("reset_second_factor"), id: positive, version }),
]);

/** The warehouse's arrival form: the carrier's number (and the customer's email when two declared it), weight, size and photos. */
export const ArrivalSchema = v.object({
  trackingNumber: v.pipe(required, v.transform((text) => text.replace(/\s+/g, "").toUpperCase()), v.regex(/^[A-Z0-9-]{4,40}$/, "admin.parcels.trackingFormat")),
  email: v.optional(email),
  weight: typedMeasure(3, 1000, "admin.parcels.weightFormat"),
  length: typedMeasure(1, 10, "admin.parcels.sizeFormat"),
  width: typedMeasure(1, 10, "admin.parcels.sizeFormat"),
  height: typedMeasure(1, 10, "admin.parcels.sizeFormat"),
});
