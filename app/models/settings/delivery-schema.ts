import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";

// The back office's delivery forms (checked in the browser and on the
// server alike): a site's shipping tiers (from a subtotal up, shipping
// costs a flat amount), a country's couriers (to the door or to a parcel
// locker, with their fee and place in the checkout's list) and a locker
// network's pickup points. Amounts as people type them ("4,99"); each edit
// names the version its page showed (the stale-edit rule).

export const COURIER_KINDS = ["door", "locker"] as const;
export type CourierKind = (typeof COURIER_KINDS)[number];

export const DELIVERY_LIMITS = { courierName: 80, pointName: 120, address: 200, city: 80, zip: 20 } as const;

/** An amount in euros, "4,99" or "4.99", to at most `max` minor units; kept in minor units. */
const amount = (max: number) =>
  v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.transform(parseTypedMinor), v.number("admin.settings.amountFormat"), v.minValue(0, "admin.settings.amountFormat"), v.maxValue(max, "admin.settings.amountFormat"));
const version = v.optional(v.pipe(v.string(), v.isoTimestamp("validation.required")));
/** A removal always names the version its page showed. */
const seenVersion = v.pipe(v.string("validation.required"), v.isoTimestamp("validation.required"));
/** A text of at most `max` characters, its message naming the field's limit. */
const required = (field: keyof typeof DELIVERY_LIMITS) =>
  v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(DELIVERY_LIMITS[field], `admin.delivery.tooLong.${field}`));
const id = v.pipe(v.string("validation.required"), v.regex(/^[1-9]\d{0,9}$/, "validation.required"), v.transform(Number));

/** A tier of a site's shipping: `at` names the tier the form changes (its subtotal as saved, in minor units), empty for a new one. */
export const ShippingTierSchema = v.object({
  intent: v.literal("tier"),
  at: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, "validation.required"), v.transform(Number))),
  version,
  from: amount(100_000_000),
  cost: amount(1_000_000),
});

export const ShippingTierRemoveSchema = v.object({
  intent: v.literal("tier-remove"),
  at: v.pipe(v.string("validation.required"), v.regex(/^\d{1,12}$/, "validation.required"), v.transform(Number)),
  version: seenVersion,
});

/** A courier of a country: its name as shoppers read it, to the door or to a locker, its fee, and whether checkout offers it. */
export const CourierSchema = v.object({
  intent: v.literal("courier"),
  version,
  name: required("courierName"),
  kind: v.picklist(COURIER_KINDS, "validation.required"),
  fee: amount(1_000_000),
  active: v.optional(v.literal("on")),
});

/** One place up or down in the country's list; the version is the list's. */
export const CourierMoveSchema = v.object({
  intent: v.literal("courier-move"),
  courier: id,
  direction: v.picklist(["up", "down"], "validation.required"),
  version,
});

export const CourierRemoveSchema = v.object({
  intent: v.literal("courier-remove"),
  version: seenVersion,
});

/** A locker network's pickup point; `point` names the one the form changes, empty for a new one. */
export const PickupPointSchema = v.object({
  intent: v.literal("point"),
  point: v.optional(id),
  version,
  name: required("pointName"),
  address: required("address"),
  city: required("city"),
  zip: required("zip"),
});

export const PickupPointRemoveSchema = v.object({
  intent: v.literal("point-remove"),
  point: id,
  version: seenVersion,
});
