import * as v from "valibot";
import { formatMoney, parseTypedMinor, toDecimalString, type Minor } from "~/lib/money";

// The back office's promotion form (checked in the browser and on the
// server alike): a code, an amount off or a percentage of the subtotal, the
// time it starts and ends (UTC, as every time in the back office), a
// minimum subtotal, and limits of uses in all and per customer. Amounts and
// percentages as people type them, "12,50" or "12.5" (lib/money). Checkout
// reads the same row (models/checkout/promotions.server.ts).

export const PROMOTION_KINDS = ["fixed", "percent"] as const;
export type PromotionKindName = (typeof PROMOTION_KINDS)[number];
/** The promotions table's kinds (spec 3): Fixed 0, Percentage 1. */
export const KIND_CODE = { fixed: 0, percent: 1 } as const satisfies Record<PromotionKindName, 0 | 1>;

export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
/** The largest amount off or minimum subtotal: a million euros. */
const AMOUNT_MAX = 100_000_000;
const USES_MAX = 10_000_000;

/** What a valid form asks for, in the table's units: minor units, and a percentage in hundredths (12.5 % is 1250). */
export type PromotionInput = {
  code: string;
  kind: 0 | 1;
  amountMinor: Minor | null;
  percentHundredths: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  minSubtotalMinor: Minor;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

/** A time as a `datetime-local` field gives it ("2027-03-01T09:30"), read as UTC. */
export function readUtcMinute(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const date = new Date(`${text.length === 16 ? `${text}:00` : text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time as the form shows it again: the UTC minute, "2027-03-01T09:30". */
export function utcMinuteText(date: Date | string | null) {
  return date ? new Date(date).toISOString().slice(0, 16) : "";
}

/** A stored percentage ("12.50") as the form shows it: "12.5"; whole ones without decimals. */
export function percentText(percent: string | number | null) {
  if (percent === null) return "";
  return String(Number(percent));
}

const typedAmount = (message: string, min: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.transform(parseTypedMinor), v.number(message), v.minValue(min, message), v.maxValue(AMOUNT_MAX, message)));
const count = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,8}$/, "admin.promotions.countFormat"), v.transform(Number), v.minValue(1, "admin.promotions.countFormat"), v.maxValue(USES_MAX, "admin.promotions.countFormat")));
const time = v.optional(v.pipe(v.string(), v.trim(), v.transform(readUtcMinute), v.instance(Date, "admin.promotions.timeFormat")));

const entries = {
  code: v.pipe(v.string("admin.promotions.codeRequired"), v.trim(), v.nonEmpty("admin.promotions.codeRequired"), v.regex(CODE_PATTERN, "admin.promotions.codeFormat")),
  kind: v.picklist(PROMOTION_KINDS, "admin.promotions.kindRequired"),
  amount: typedAmount("admin.promotions.amountFormat", 1),
  // Hundredths of a percent, read as money is: "12,5" is 1250.
  percent: v.optional(v.pipe(v.string(), v.trim(), v.transform(parseTypedMinor), v.number("admin.promotions.percentFormat"), v.minValue(1, "admin.promotions.percentFormat"), v.maxValue(10_000, "admin.promotions.percentFormat"))),
  startsAt: time,
  endsAt: time,
  minSubtotal: typedAmount("admin.promotions.amountFormat", 0),
  maxUses: count,
  maxUsesPerCustomer: count,
};

type Entries = v.InferOutput<v.ObjectSchema<typeof entries, undefined>>;

function checked<T extends Entries>(schema: v.GenericSchema<unknown, T>) {
  return v.pipe(
    schema,
    v.forward(
      v.check((value) => value.kind !== "fixed" || value.amount !== undefined, "admin.promotions.amountRequired"),
      ["amount"] as never,
    ),
    v.forward(
      v.check((value) => value.kind !== "percent" || value.percent !== undefined, "admin.promotions.percentRequired"),
      ["percent"] as never,
    ),
    v.forward(
      v.check((value) => !value.startsAt || !value.endsAt || value.endsAt > value.startsAt, "admin.promotions.endsBeforeStart"),
      ["endsAt"] as never,
    ),
    v.transform((value) => ({ ...value, input: promotionInput(value) })),
  );
}

function promotionInput(value: Entries): PromotionInput {
  return {
    code: value.code.toUpperCase(),
    kind: KIND_CODE[value.kind],
    // Only the kind's own figure is kept: the other one, if typed, is dropped.
    amountMinor: value.kind === "fixed" ? (value.amount ?? null) : null,
    percentHundredths: value.kind === "percent" ? (value.percent ?? null) : null,
    validFrom: value.startsAt ?? null,
    validUntil: value.endsAt ?? null,
    minSubtotalMinor: value.minSubtotal ?? 0,
    maxUses: value.maxUses ?? null,
    maxUsesPerCustomer: value.maxUsesPerCustomer ?? null,
  };
}

const version = v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(1, "validation.number"));

/** A new code. */
export const PromotionCreateSchema = checked(v.object({ intent: v.literal("save"), ...entries }));
/** An edit of a code: it names the version the page showed. */
export const PromotionEditSchema = checked(v.object({ intent: v.literal("save"), version, ...entries }));
/** Ending a code now. */
export const PromotionEndSchema = v.object({ intent: v.literal("end"), version });

/** A percentage in hundredths as the table stores it: 1250 → "12.50". */
export function percentColumn(hundredths: number) {
  return toDecimalString(hundredths);
}

/** A code's discount as staff read it: "€5.00" or "10%" in their language. */
export function discountText(promotion: { kind: 0 | 1; amount_minor: number | null; percent: string | null }, intlLocale: string) {
  if (promotion.kind === 0) return formatMoney(promotion.amount_minor ?? 0, "EUR", intlLocale);
  return new Intl.NumberFormat(intlLocale, { style: "percent", maximumFractionDigits: 2 }).format(Number(promotion.percent) / 100);
}
