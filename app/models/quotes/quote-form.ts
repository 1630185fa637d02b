import * as v from "valibot";
import { pathTo } from "~/lib/issue-path";
import { parseTypedMinor, toDecimalString } from "~/lib/money";

// The order form's link rows (spec 2 /order-form): the form's one schema,
// used by conform in the browser and by the actions on the server, and the
// lines of a quote it makes. Rows left wholly empty are dropped; a row
// with anything in it is checked field by field. Pure: the browser uses it.

export type QuoteRowInput = { url: string; quantity: string; options: string; note: string; seenPrice: string };
export type QuoteLineInput = { url: string; quantity: number; options: string; note: string; seenPriceMinor: number | null };

export const MAX_ROWS = 30;
export const QUANTITY = { min: 1, max: 999 } as const;
const MAX_URL = 2000;
const MAX_OPTIONS = 200;
const MAX_NOTE = 1000;
const MAX_SEEN_PRICE = 10_000_000; // 100 000.00 in the site's currency

export const emptyRow = (): QuoteRowInput => ({ url: "", quantity: "1", options: "", note: "", seenPrice: "" });

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

const isBlank = (row: QuoteRowInput) =>
  !row.url.trim() && !row.options.trim() && !row.note.trim() && !row.seenPrice.trim() && ["", "1"].includes(row.quantity.trim());

const quantityOf = (row: QuoteRowInput) => (/^\d{1,3}$/.test(row.quantity.trim()) ? Number(row.quantity.trim()) : NaN);
const seenPriceOf = (row: QuoteRowInput) => (row.seenPrice.trim() ? parseTypedMinor(row.seenPrice) : null);

/** A cell as typed, at most `max` long; conform sends a blank one as missing. */
const cell = (max: number, message: string) => v.optional(v.pipe(v.string(), v.maxLength(max, message)));

/** A field of a row that is not blank, checked by `test`. */
const rowCheck = (field: keyof QuoteRowInput, test: (row: QuoteRowInput) => boolean, message: string) =>
  v.forward(
    v.check<QuoteRowInput, string>((row) => isBlank(row) || test(row), message),
    [field],
  );

/** A row checked: its fields by the form's names, in the quote's terms. */
type CheckedRow = { url: string; quantity: number; options: string; note: string; seenPrice: number | null };

/** One row checked, or null when left blank. */
const RowSchema = v.pipe(
  v.optional(
    v.object({
      url: cell(MAX_URL, "validation.url"),
      quantity: cell(10, "quotes.errors.quantity"),
      options: cell(MAX_OPTIONS, "validation.tooLong"),
      note: cell(MAX_NOTE, "validation.tooLong"),
      seenPrice: cell(30, "quotes.errors.price"),
    }),
    {},
  ),
  v.transform(({ url = "", quantity = "", options = "", note = "", seenPrice = "" }): QuoteRowInput => ({ url, quantity, options, note, seenPrice })),
  rowCheck("url", (row) => row.url.trim() !== "", "validation.required"),
  rowCheck("url", (row) => !row.url.trim() || normalizeProductUrl(row.url) !== null, "validation.url"),
  rowCheck("quantity", (row) => quantityOf(row) >= QUANTITY.min && quantityOf(row) <= QUANTITY.max, "quotes.errors.quantity"),
  rowCheck("options", (row) => row.options.trim().length <= MAX_OPTIONS, "validation.tooLong"),
  rowCheck("note", (row) => row.note.trim().length <= MAX_NOTE, "validation.tooLong"),
  rowCheck("seenPrice", (row) => (seenPriceOf(row) ?? 0) >= 0 && (seenPriceOf(row) ?? 0) <= MAX_SEEN_PRICE && (!row.seenPrice.trim() || seenPriceOf(row) !== null), "quotes.errors.price"),
  v.transform(
    (row): CheckedRow | null =>
      isBlank(row) ? null : { url: normalizeProductUrl(row.url)!, quantity: quantityOf(row), options: row.options.trim(), note: row.note.trim(), seenPrice: seenPriceOf(row) },
  ),
);

/** The order form: its rows, at least one with a link. */
export const QuoteRequestSchema = v.pipe(
  v.object({
    rows: v.pipe(
      v.optional(v.array(RowSchema), []),
      v.maxLength(MAX_ROWS, "validation.tooLong"),
      v.transform((rows) => rows.filter((row) => row !== null)),
    ),
  }),
  // Every row left empty: the first row's link is asked for.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.rows.length > 0) return;
    addIssue({ message: "validation.required", path: pathTo("rows", 0, "url") });
  }),
);

export type QuoteRequestForm = v.InferOutput<typeof QuoteRequestSchema>;

/** The lines of a quote a checked form makes. */
export function linesOf(form: QuoteRequestForm): QuoteLineInput[] {
  return form.rows.map(({ seenPrice, ...row }) => ({ ...row, seenPriceMinor: seenPrice }));
}

/** A checked row as the form's row again: what the summary carries to the next post. */
export function rowOf(row: CheckedRow): QuoteRowInput {
  return { url: row.url, quantity: String(row.quantity), options: row.options, note: row.note, seenPrice: row.seenPrice === null ? "" : toDecimalString(row.seenPrice) };
}
