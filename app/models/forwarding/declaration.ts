import { parseTypedMinor } from "~/lib/money";

// The expected-parcel declaration (/site-pro-delivery), read from a plain
// form: the fields as typed (so a refused submit shows them again) and,
// when they hold up, the declaration to keep. Content lines arrive as
// repeated fields, one of each per row; a row left wholly blank is ignored.

export const MAX_LINES = 30;

export type LineValues = { description: string; quantity: string; value: string };
export type DeclarationValues = { warehouse: string; tracking: string; carrier: string; shop: string; quote: string; lines: LineValues[] };
export type DeclarationField = "warehouse" | "tracking" | "carrier" | "shop" | "quote" | "lines";

export type Declaration = {
  warehouseCode: string;
  trackingNumber: string;
  carrier: string;
  storeName: string;
  quoteId: number | null;
  lines: Array<{ description: string; quantity: number; valueMinor: number }>;
};

/** Translation keys (forwarding.errors.*) by field. */
export type DeclarationErrors = Partial<Record<DeclarationField, string>>;

type FormLike = { get(name: string): unknown; getAll(name: string): unknown[] };
const text = (value: unknown) => (typeof value === "string" ? value : "");

export function readDeclarationForm(form: FormLike): DeclarationValues {
  const descriptions = form.getAll("line_description").map(text);
  const quantities = form.getAll("line_quantity").map(text);
  const values = form.getAll("line_value").map(text);
  const count = Math.min(Math.max(descriptions.length, quantities.length, values.length), MAX_LINES + 1);
  const lines = Array.from({ length: count }, (_, i) => ({ description: descriptions[i] ?? "", quantity: quantities[i] ?? "", value: values[i] ?? "" }));
  return {
    warehouse: text(form.get("warehouse")),
    tracking: text(form.get("tracking")),
    carrier: text(form.get("carrier")),
    shop: text(form.get("shop")),
    quote: text(form.get("quote")),
    lines,
  };
}

/** A carrier's number as carriers print it: spaces dropped, letters capital. */
export function normaliseTrackingNumber(value: string) {
  return value.replace(/\s+/g, "").toUpperCase();
}

export const TRACKING_NUMBER = /^[A-Z0-9-]{4,40}$/;

// An added row comes with a quantity of 1 already in it: without a description or a value it is still blank.
const isBlank = (line: LineValues) => !line.description.trim() && !line.value.trim();

/** The declaration the values make, or the translation key of what is wrong with each field. */
export function checkDeclaration(values: DeclarationValues): { ok: true; declaration: Declaration } | { ok: false; errors: DeclarationErrors } {
  const errors: DeclarationErrors = {};
  const tracking = normaliseTrackingNumber(values.tracking);
  if (!values.warehouse.trim()) errors.warehouse = "forwarding.errors.warehouse";
  if (!TRACKING_NUMBER.test(tracking)) errors.tracking = "forwarding.errors.tracking";
  const carrier = values.carrier.trim();
  if (!carrier || carrier.length > 60) errors.carrier = "forwarding.errors.carrier";
  const shop = values.shop.trim();
  if (!shop || shop.length > 120) errors.shop = "forwarding.errors.shop";
  let quoteId: number | null = null;
  if (values.quote.trim()) {
    quoteId = Number(values.quote);
    if (!Number.isSafeInteger(quoteId) || quoteId <= 0) errors.quote = "forwarding.errors.quote";
  }
  const filled = values.lines.filter((line) => !isBlank(line));
  const lines: Declaration["lines"] = [];
  for (const line of filled) {
    const description = line.description.trim();
    const quantity = /^\d{1,4}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : 0;
    const valueMinor = parseTypedMinor(line.value);
    if (!description || description.length > 200 || quantity < 1 || valueMinor === null || valueMinor < 0 || valueMinor > 100_000_000) {
      errors.lines = "forwarding.errors.line";
      break;
    }
    lines.push({ description, quantity, valueMinor });
  }
  if (!errors.lines && lines.length === 0) errors.lines = "forwarding.errors.noLines";
  if (!errors.lines && lines.length > MAX_LINES) errors.lines = "forwarding.errors.tooManyLines";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, declaration: { warehouseCode: values.warehouse.trim(), trackingNumber: tracking, carrier, storeName: shop, quoteId, lines } };
}

export const EMPTY_LINE: LineValues = { description: "", quantity: "1", value: "" };

/** The form's rows with one more empty row to fill ("add a line" without JavaScript). */
export function withAnotherLine(values: DeclarationValues): DeclarationValues {
  const lines = values.lines.filter((line, i) => i === 0 || !isBlank(line));
  return { ...values, lines: lines.length >= MAX_LINES ? lines : [...lines, EMPTY_LINE] };
}
