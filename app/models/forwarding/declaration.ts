import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";

// The expected-parcel declaration (/site-pro-delivery): the form's one
// schema, used by conform in the browser and by the action on the server,
// and the declaration it makes. Content lines are a list of rows; a row
// left wholly blank is ignored, a half-filled one is refused cell by cell.

export const MAX_LINES = 30;

export type Declaration = {
  warehouseCode: string;
  trackingNumber: string;
  carrier: string;
  storeName: string;
  quoteId: number | null;
  lines: Array<{ description: string; quantity: number; valueMinor: number }>;
};

/** A carrier's number as carriers print it: spaces dropped, letters capital. */
export function normaliseTrackingNumber(value: string) {
  return value.replace(/\s+/g, "").toUpperCase();
}

export const TRACKING_NUMBER = /^[A-Z0-9-]{4,40}$/;

const LINE = "forwarding.errors.line";
const VALUE_MAX_MINOR = 100_000_000;

const cell = v.optional(v.string());
type TypedLine = { description: string; quantity: string; value: string };
// An added row comes with a quantity of 1 already in it: without a description or a value it is still blank.
const isBlank = (line: TypedLine) => !line.description.trim() && !line.value.trim();
const valueOf = (line: TypedLine) => parseTypedMinor(line.value) ?? -1;

/** One row of contents: null when left blank. */
const LineSchema = v.pipe(
  v.optional(v.object({ description: cell, quantity: cell, value: cell }), {}),
  // conform sends a blank field as missing: a blank cell reads as "".
  v.transform(({ description = "", quantity = "", value = "" }): TypedLine => ({ description, quantity, value })),
  v.forward(
    v.check((line) => isBlank(line) || (line.description.trim() !== "" && line.description.trim().length <= 200), LINE),
    ["description"],
  ),
  v.forward(
    v.check((line) => isBlank(line) || (/^\d{1,4}$/.test(line.quantity.trim()) && Number(line.quantity) >= 1), LINE),
    ["quantity"],
  ),
  v.forward(
    v.check((line) => isBlank(line) || (valueOf(line) >= 0 && valueOf(line) <= VALUE_MAX_MINOR), LINE),
    ["value"],
  ),
  v.transform((line) => (isBlank(line) ? null : { description: line.description.trim(), quantity: Number(line.quantity.trim()), value: valueOf(line) })),
);

const required = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));

export const DeclarationSchema = v.object({
  warehouse: required(20, "forwarding.errors.warehouse"),
  tracking: v.pipe(v.string("forwarding.errors.tracking"), v.transform(normaliseTrackingNumber), v.regex(TRACKING_NUMBER, "forwarding.errors.tracking")),
  carrier: required(60, "forwarding.errors.carrier"),
  shop: required(120, "forwarding.errors.shop"),
  quote: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[1-9]\d{0,8}$/, "forwarding.errors.quote"), v.transform(Number))),
  lines: v.pipe(
    v.optional(v.array(LineSchema), []),
    v.transform((lines) => lines.filter((line) => line !== null)),
    v.minLength(1, "forwarding.errors.noLines"),
    v.maxLength(MAX_LINES, "forwarding.errors.tooManyLines"),
  ),
});

export type DeclarationForm = v.InferOutput<typeof DeclarationSchema>;

/** "Fill from the quote": the quote the form names. */
export const QuoteChoiceSchema = v.object({ quote: DeclarationSchema.entries.quote });

/** The declaration a checked form makes. */
export function declarationOf(form: DeclarationForm): Declaration {
  return {
    warehouseCode: form.warehouse,
    trackingNumber: form.tracking,
    carrier: form.carrier,
    storeName: form.shop,
    quoteId: form.quote ?? null,
    lines: form.lines.map((line) => ({ description: line.description, quantity: line.quantity, valueMinor: line.value })),
  };
}

/** A new row, as "add a line" brings it. */
export const EMPTY_LINE = { description: "", quantity: "1", value: "" };
