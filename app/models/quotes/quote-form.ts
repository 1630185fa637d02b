import { parseTypedMinor } from "~/lib/money";

// The order form's link rows (spec 2 /order-form): read from a posted form
// exactly as typed, so any answer can give them back, and checked into the
// lines of a quote. Pure: the browser may use it too.

export type QuoteRowInput = { url: string; quantity: string; options: string; note: string; seenPrice: string };
export type QuoteRowField = keyof QuoteRowInput;
export type QuoteLineInput = { url: string; quantity: number; options: string; note: string; seenPriceMinor: number | null };
/** What is wrong with a field: validation.* or quotes.errors.* texts, by code. */
export type RowProblem = "required" | "url" | "quantity" | "price" | "tooLong";
export type RowErrors = Partial<Record<QuoteRowField, RowProblem>>;

export const QUOTE_ROW_FIELDS: readonly QuoteRowField[] = ["url", "quantity", "options", "note", "seenPrice"];
export const MAX_ROWS = 30;
export const QUANTITY = { min: 1, max: 999 } as const;
const MAX_URL = 2000;
const MAX_OPTIONS = 200;
const MAX_NOTE = 1000;
const MAX_SEEN_PRICE = 10_000_000; // 100 000.00 in the site's currency

export const emptyRow = (): QuoteRowInput => ({ url: "", quantity: "1", options: "", note: "", seenPrice: "" });

type FormLike = { getAll(name: string): unknown[] };

/** The rows as posted: one value of each field per row, in order (fields named url, quantity, options, note, seenPrice). */
export function readRows(form: FormLike): QuoteRowInput[] {
  const column = (name: QuoteRowField) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const columns = Object.fromEntries(QUOTE_ROW_FIELDS.map((name) => [name, column(name)])) as Record<QuoteRowField, string[]>;
  const count = Math.min(MAX_ROWS, Math.max(0, ...QUOTE_ROW_FIELDS.map((name) => columns[name].length)));
  return Array.from({ length: count }, (_, i) => ({
    url: columns.url[i] ?? "",
    quantity: columns.quantity[i] ?? "1",
    options: columns.options[i] ?? "",
    note: columns.note[i] ?? "",
    seenPrice: columns.seenPrice[i] ?? "",
  }));
}

/** "Add another link": the rows as typed and one empty row (up to the limit). */
export function withEmptyRow(rows: QuoteRowInput[]) {
  return rows.length >= MAX_ROWS ? rows : [...rows, emptyRow()];
}

/** "Remove": the rows without the one at `index`, never fewer than one. */
export function withoutRow(rows: QuoteRowInput[], index: number) {
  const left = rows.filter((_, i) => i !== index);
  return left.length ? left : [emptyRow()];
}

const isBlank = (row: QuoteRowInput) =>
  !row.url.trim() && !row.options.trim() && !row.note.trim() && !row.seenPrice.trim() && ["", "1"].includes(row.quantity.trim());

/**
 * A product link as the shop keeps it: http(s), a host with a dot and a
 * top-level domain of letters. "amazon.de/dp/1" is taken as https. Null
 * when it is not one (spec 5's URL message).
 */
export function normalizeProductUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_URL || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    if (!/^([a-z\d-]+\.)+[a-z]{2,}\.?$/i.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

function checkRow(row: QuoteRowInput): { errors: RowErrors; line: QuoteLineInput | null } {
  const errors: RowErrors = {};
  const url = normalizeProductUrl(row.url);
  if (!row.url.trim()) errors.url = "required";
  else if (!url) errors.url = "url";
  const quantityText = row.quantity.trim();
  const quantity = /^\d{1,3}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!(quantity >= QUANTITY.min && quantity <= QUANTITY.max)) errors.quantity = "quantity";
  if (row.options.trim().length > MAX_OPTIONS) errors.options = "tooLong";
  if (row.note.trim().length > MAX_NOTE) errors.note = "tooLong";
  let seenPriceMinor: number | null = null;
  if (row.seenPrice.trim()) {
    seenPriceMinor = parseTypedMinor(row.seenPrice);
    if (seenPriceMinor === null || seenPriceMinor < 0 || seenPriceMinor > MAX_SEEN_PRICE) errors.seenPrice = "price";
  }
  if (Object.keys(errors).length) return { errors, line: null };
  return { errors, line: { url: url!, quantity, options: row.options.trim(), note: row.note.trim(), seenPriceMinor } };
}

export type CheckedRows = { ok: true; rows: QuoteRowInput[]; lines: QuoteLineInput[] } | { ok: false; rows: QuoteRowInput[]; errors: RowErrors[] };

/**
 * The rows checked for a quote. Rows left wholly empty are dropped; at
 * least one link is needed. On a problem, `rows` are the rows to show again
 * (as typed) and `errors` lines up with them.
 */
export function checkRows(posted: QuoteRowInput[]): CheckedRows {
  const kept = posted.filter((row) => !isBlank(row));
  const rows = kept.length ? kept : [posted[0] ?? emptyRow()];
  const checked = rows.map(checkRow);
  if (checked.some((row) => row.line === null)) return { ok: false, rows, errors: checked.map((row) => row.errors) };
  return { ok: true, rows, lines: checked.map((row) => row.line!) };
}
