import * as v from "valibot";
import { parseTypedMinor, type Minor } from "~/lib/money";

// A file of prices and stock (docs/back-office.md, "Bulk prices and stock"):
// a header row naming SKU, price, original price and stock, in any order,
// then one product a row. Commas, semicolons (a spreadsheet in Lithuanian
// saves those, with decimal commas) or tabs between fields, quoted as RFC
// 4180 quotes them. Each row is checked here on its own and against the
// rows before it; whether its SKU is the shop's is the database's to say
// (bulk-jobs.server.ts). Nothing here reads the database.

export const BULK_MAX_ROWS = 100_000;
/** 100,000 rows of a long SKU and three amounts are under 5 MB; a file twice that is not a price list. */
export const BULK_MAX_BYTES = 10 * 1024 * 1024;
/** Longer than any SKU the shop gives; a longer one is a column run together. */
const SKU_MAX = 100;
/** The stock column is a PostgreSQL integer. */
const STOCK_MAX = 2_147_483_647;

/** The upload form: the file to check. Its rows are the server's to read. */
export const BulkFileSchema = v.object({
  intent: v.literal("check"),
  file: v.pipe(v.file("admin.bulk.fileRequired"), v.minSize(1, "admin.bulk.fileRequired"), v.maxSize(BULK_MAX_BYTES, "admin.bulk.fileTooLarge")),
});

/** The preview's button: it names the job it was shown with, so an apply is of the file the page showed. */
export const BulkApplySchema = v.object({
  intent: v.literal("apply"),
  job: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number)),
});

export const BULK_COLUMNS = ["sku", "price", "original_price", "stock"] as const;
type Column = (typeof BULK_COLUMNS)[number];

/** Why a row is refused; each has its sentence in the back office's texts (admin.bulk.refusals). */
export const BULK_REFUSALS = ["columns", "sku", "price", "original_price", "below_price", "stock", "negative_stock", "duplicate", "unknown_sku", "seller_listing"] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

export type BulkRow = {
  /** The row's line in the file, the header being line 1. */
  line: number;
  sku: string;
  priceMinor: Minor | null;
  originalPriceMinor: Minor | null;
  stock: number | null;
  refusal: BulkRefusal | null;
  /** What the reason names: the other line of a duplicate SKU, the number of fields found. */
  detail: string | null;
};

export type BulkFileError = "not_text" | "empty" | "too_large" | "header" | "no_rows" | "too_many_rows";
export type BulkFile = { ok: true; rows: BulkRow[]; lastLine: number } | { ok: false; error: BulkFileError; detail?: string };

/** A header's name as the file may spell it ("Original price", "original_price", "ORIGINAL-PRICE") to the column it names. */
function columnOf(name: string): Column | null {
  const key = name.trim().toLowerCase().replace(/[\s_-]+/g, "_");
  return (BULK_COLUMNS as readonly string[]).includes(key) ? (key as Column) : null;
}

function delimiterOf(headerLine: string): string {
  if (headerLine.includes("\t")) return "\t";
  if (headerLine.includes(";") && !headerLine.includes(",")) return ";";
  return ",";
}

/** The file's records, each with the line it starts on; a line break inside quotes stays in its field. */
function* records(text: string, delimiter: string): Generator<{ line: number; fields: string[] }> {
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    // Most lines quote nothing: split them whole, and walk only the others character by character.
    const next = text.indexOf("\n", i);
    const end = next < 0 ? text.length : next;
    const plain = text.slice(i, end);
    if (!plain.includes('"')) {
      i = end + 1;
      line++;
      const fields = plain.replace(/\r$/, "");
      if (fields.trim() !== "") yield { line: start, fields: fields.split(delimiter) };
      continue;
    }
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else {
          if (c === "\n") line++;
          field += c;
        }
      } else if (c === '"' && field === "") quoted = true;
      else if (c === delimiter) {
        fields.push(field);
        field = "";
      }
      else if (c === "\n" || c === "\r") {
        if (c === "\r" && text[i + 1] === "\n") i++;
        i++;
        break;
      } else field += c;
    }
    fields.push(field);
    line++;
    // An empty line (a blank row a spreadsheet left at the end) is no record.
    if (fields.length === 1 && fields[0]!.trim() === "") continue;
    yield { line: start, fields };
  }
}

const PLAIN_AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** An amount as a price list writes it: "12.34" at once, and anything else ("12,34", "1 299,00") as a typed amount. */
function amountOf(text: string): Minor | null {
  const plain = PLAIN_AMOUNT.exec(text);
  return plain ? Number(plain[1]) * 100 + Number((plain[2] ?? "").padEnd(2, "0")) : parseTypedMinor(text);
}

/** A whole number of units: "12"; "-3" is negative, anything else is not a number. */
function stockOf(text: string): number | "negative" | null {
  const typed = text.trim();
  if (/^-\d+$/.test(typed) && Number(typed) !== 0) return "negative";
  if (!/^\+?\d+$/.test(typed)) return null;
  const stock = Number(typed);
  return stock <= STOCK_MAX ? stock : null;
}

/** Reads a file's bytes: its rows, each checked, or why the whole file cannot be read. */
export function readBulkFile(bytes: Uint8Array): BulkFile {
  if (bytes.length > BULK_MAX_BYTES) return { ok: false, error: "too_large" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: "not_text" };
  }
  if (text.includes("\u0000")) return { ok: false, error: "not_text" };
  text = text.replace(/^\uFEFF/, "");
  if (text.trim() === "") return { ok: false, error: "empty" };

  const firstBreak = text.search(/\r?\n/);
  const delimiter = delimiterOf(firstBreak < 0 ? text : text.slice(0, firstBreak));
  const all = records(text, delimiter);
  const header = all.next().value;
  if (!header) return { ok: false, error: "empty" };
  const columns: Array<Column | null> = header.fields.map(columnOf);
  const missing = BULK_COLUMNS.filter((column) => !columns.includes(column));
  const twice = BULK_COLUMNS.filter((column) => columns.filter((c) => c === column).length > 1);
  if (missing.length || twice.length) return { ok: false, error: "header", detail: [...missing, ...twice].join(", ") };
  const at = Object.fromEntries(BULK_COLUMNS.map((column) => [column, columns.indexOf(column)])) as Record<Column, number>;

  const rows: BulkRow[] = [];
  const firstLineOf = new Map<string, BulkRow>();
  let lastLine = 1;
  for (const { line, fields } of all) {
    if (rows.length === BULK_MAX_ROWS) return { ok: false, error: "too_many_rows", detail: String(BULK_MAX_ROWS) };
    lastLine = line;
    const row = checkRow(line, fields, columns.length, at);
    rows.push(row);
    if (row.refusal === "columns" || row.refusal === "sku") continue;
    // A SKU twice says two things of one product: neither line is applied.
    const first = firstLineOf.get(row.sku);
    if (!first) firstLineOf.set(row.sku, row);
    else {
      if (!row.refusal) Object.assign(row, { refusal: "duplicate", detail: String(first.line) });
      if (!first.refusal) Object.assign(first, { refusal: "duplicate", detail: String(line) });
    }
  }
  if (rows.length === 0) return { ok: false, error: "no_rows" };
  return { ok: true, rows, lastLine };
}

function checkRow(line: number, fields: string[], width: number, at: Record<Column, number>): BulkRow {
  const sku = (fields[at.sku] ?? "").trim();
  const row: BulkRow = { line, sku, priceMinor: null, originalPriceMinor: null, stock: null, refusal: null, detail: null };
  const refuse = (refusal: BulkRefusal, detail: string | null = null) => Object.assign(row, { refusal, detail });
  if (fields.length !== width) return refuse("columns", String(fields.length));
  if (sku === "" || sku.length > SKU_MAX || [...sku].some((c) => c < " ")) return refuse("sku");
  const price = amountOf(fields[at.price]!.trim());
  if (price === null || price <= 0) return refuse("price");
  // No original price: the product is not on sale, and shows no crossed-out price.
  const originalText = fields[at.original_price]!.trim();
  const original = originalText === "" ? price : amountOf(originalText);
  if (original === null || original <= 0) return refuse("original_price");
  const stock = stockOf(fields[at.stock]!);
  if (stock === "negative") return refuse("negative_stock");
  if (stock === null) return refuse("stock");
  Object.assign(row, { priceMinor: price, originalPriceMinor: original, stock });
  if (original < price) return refuse("below_price");
  return row;
}
