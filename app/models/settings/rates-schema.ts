import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";
import { typedMeasure } from "~/lib/typed-measure";

// The back office's form for a site's cart rates (air and sea): a base and a
// price per kg as people type amounts ("4,99"), the volumetric divisor in
// cm³ per kg and the discount in per cent. It names the versions the page
// showed (the stale-edit rule), and says whether a sea rate dearer than air
// for some parcel is meant (the rate check asks).

const amount = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.transform(parseTypedMinor), v.number("admin.settings.amountFormat"), v.minValue(0, "admin.settings.amountFormat"), v.maxValue(1_000_000, "admin.settings.amountFormat"));
const divisor = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.toNumber("admin.settings.divisorFormat"), v.integer("admin.settings.divisorFormat"), v.minValue(100, "admin.settings.divisorFormat"), v.maxValue(100_000, "admin.settings.divisorFormat"));
/** Empty: no discount. */
const discount = v.optional(v.pipe(v.string(), v.trim(), v.toNumber("admin.settings.discountFormat"), v.integer("admin.settings.discountFormat"), v.minValue(0, "admin.settings.discountFormat"), v.maxValue(100, "admin.settings.discountFormat")));
const version = v.pipe(v.string("validation.required"), v.isoTimestamp("validation.required"));

export const CartRatesSchema = v.object({
  intent: v.literal("rates"),
  site: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required")),
  airVersion: version,
  seaVersion: version,
  airBase: amount,
  airPerKg: amount,
  airDivisor: divisor,
  airDiscount: discount,
  seaBase: amount,
  seaPerKg: amount,
  seaDivisor: divisor,
  seaDiscount: discount,
  /** Ticked: save even when sea would cost more than air for some parcel. */
  confirm: v.optional(v.literal("on")),
});

/** Delivery days, 1 to 365. */
const days = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.toNumber("admin.settings.daysFormat"), v.integer("admin.settings.daysFormat"), v.minValue(1, "admin.settings.daysFormat"), v.maxValue(365, "admin.settings.daysFormat"));
const kilograms = typedMeasure(3, 1000, "admin.settings.kgFormat");

/**
 * A route's forwarding rates (the calculator's), air and sea: the price up
 * to the first weight, the price of each further step of weight, the
 * volumetric divisor and the delivery days, fewest to most.
 */
export const ForwardingRatesSchema = v.pipe(
  v.object({
    intent: v.literal("forwarding"),
    airVersion: version,
    seaVersion: version,
    airFirst: amount,
    airFirstKg: kilograms,
    airStep: amount,
    airStepKg: kilograms,
    airDivisor: divisor,
    airDaysMin: days,
    airDaysMax: days,
    seaFirst: amount,
    seaFirstKg: kilograms,
    seaStep: amount,
    seaStepKg: kilograms,
    seaDivisor: divisor,
    seaDaysMin: days,
    seaDaysMax: days,
    confirm: v.optional(v.literal("on")),
  }),
  v.forward(
    v.check((input) => input.airDaysMax >= input.airDaysMin, "admin.settings.daysOrder"),
    ["airDaysMax"],
  ),
  v.forward(
    v.check((input) => input.seaDaysMax >= input.seaDaysMin, "admin.settings.daysOrder"),
    ["seaDaysMax"],
  ),
);

/** Per cent as typed, "21", "25,5" or "25.50", below 100, to two places; kept as "25.50". */
const percent = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.regex(/^\d{1,2}([.,]\d{1,2})?$/, "admin.settings.percentFormat"),
  v.transform((text) => Number(text.replace(",", ".")).toFixed(2)),
);

/** A destination's import VAT and duty in per cent, and the value up to which goods pay no duty. */
export const ImportTaxSchema = v.object({
  intent: v.literal("taxes"),
  version,
  vatRate: percent,
  dutyRate: percent,
  dutyFree: amount,
});
