// npm run admin -- quote price|cancel|status: the operator's side of a quote
// (spec 2 /quotes) until a back office exists.
import { parseExactMinor } from "../app/lib/money";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import type { QuoteStatus } from "../app/models/db/schema";
import { cancelQuote, moveQuote, priceQuote, type AdminOutcome, type QuotePrice } from "../app/models/quotes/quote-admin.server";
import { AFTER_PAYMENT_STATUSES } from "../app/models/quotes/statuses";
import { firstValues, readOptions, readRepeatedOptions, UsageError, type AdminOutput } from "./admin-options";

export const QUOTES_USAGE = `  quote price --quote <QU12> --line <n>=<price> [--line …] [--shop-shipping <p>] [--service-fee <p>] [--tax <p>]
              [--air <p> --air-days <5-9>] [--sea <p> --sea-days <30-45>]
                                                   price a requested (or re-price a priced) quote: a unit price for every
                                                   line, by its number; at least one way home; fees and tax default to 0
  quote cancel --quote <QU12> [--reason <text>]   cancel a quote not yet paid, and its unpaid bill
  quote status --quote <QU12> --to ordered|at_warehouse|shipped|delivered
                                                   move a paid quote along`;

export type QuotesCommand =
  | { command: "quote"; action: "price"; quoteId: number; price: QuotePrice }
  | { command: "quote"; action: "cancel"; quoteId: number; reason: string | null }
  | { command: "quote"; action: "status"; quoteId: number; to: QuoteStatus };

/** "QU12", "qu12" or "12": the quote's id. */
export function parseQuoteRef(value: string | undefined) {
  const match = /^(?:qu)?(\d{1,15})$/i.exec((value ?? "").trim());
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`--quote must name a quote, such as QU12 or 12; got "${value ?? ""}"`);
  return id;
}

function amount(name: string, value: string | undefined, fallback?: number) {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required`);
  }
  const minor = parseExactMinor(value);
  if (minor === null || minor < 0) throw new UsageError(`--${name} must be an amount with at most two decimals and a dot, such as 12.50; got "${value}"`);
  return minor;
}

function days(name: string, value: string | undefined) {
  const match = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec((value ?? "").trim());
  if (!match || (match[2] !== undefined && Number(match[2]) < Number(match[1])) || Number(match[1]) === 0) {
    throw new UsageError(`--${name} must be days such as 7 or 5-9; got "${value ?? ""}"`);
  }
  return match[2] ? `${Number(match[1])}-${Number(match[2])}` : String(Number(match[1]));
}

/** A way home: its price and days come together or not at all. */
function way(options: Record<string, string>, name: "air" | "sea") {
  if (options[name] === undefined && options[`${name}-days`] === undefined) return null;
  if (options[`${name}-days`] === undefined) throw new UsageError(`--${name}-days is required with --${name}`);
  return { minor: amount(name, options[name]), days: days(`${name}-days`, options[`${name}-days`]) };
}

/** The --line <n>=<price> options: each line's unit price by its number. */
function readLines(values: readonly string[]) {
  const lines = new Map<number, number>();
  for (const value of values) {
    const match = /^(\d{1,3})=(.+)$/.exec(value);
    if (!match || Number(match[1]) < 1) throw new UsageError(`--line must be <line number>=<unit price>, such as 1=19.99; got "${value}"`);
    const position = Number(match[1]);
    if (lines.has(position)) throw new UsageError(`line ${position} is priced twice`);
    lines.set(position, amount(`line ${position}`, match[2]));
  }
  return lines;
}

export function parseQuotesArgs(action: string | undefined, args: string[]): QuotesCommand {
  if (action === "price") {
    const { line = [], ...repeated } = readRepeatedOptions(args, ["quote", "line", "shop-shipping", "service-fee", "tax", "air", "air-days", "sea", "sea-days"], ["line"]);
    const options = firstValues(repeated);
    const lines = readLines(line);
    const quoteId = parseQuoteRef(options.quote);
    if (lines.size === 0) throw new UsageError("give every line its unit price: --line 1=19.99 --line 2=5.00 …");
    const air = way(options, "air");
    const sea = way(options, "sea");
    if (!air && !sea) throw new UsageError("price at least one way home: --air <price> --air-days <days> and/or --sea <price> --sea-days <days>");
    const price: QuotePrice = {
      lines,
      shopShippingMinor: amount("shop-shipping", options["shop-shipping"], 0),
      serviceFeeMinor: amount("service-fee", options["service-fee"], 0),
      taxMinor: amount("tax", options.tax, 0),
      air,
      sea,
    };
    return { command: "quote", action, quoteId, price };
  }
  if (action === "cancel") {
    const options = readOptions(args, ["quote", "reason"]);
    return { command: "quote", action, quoteId: parseQuoteRef(options.quote), reason: options.reason?.trim().slice(0, 500) || null };
  }
  if (action === "status") {
    const options = readOptions(args, ["quote", "to"]);
    const quoteId = parseQuoteRef(options.quote);
    const moves = AFTER_PAYMENT_STATUSES.slice(1);
    if (!moves.includes(options.to as QuoteStatus)) throw new UsageError(`--to must be one of ${moves.join(", ")}; got "${options.to ?? ""}"`);
    return { command: "quote", action, quoteId, to: options.to as QuoteStatus };
  }
  throw new UsageError(action ? `unknown quote command "${action}"` : "say price, cancel or status");
}

export async function runQuotes(command: QuotesCommand, output: AdminOutput): Promise<number> {
  const outcome: AdminOutcome =
    command.action === "price"
      ? await priceQuote(COMMAND_LINE, command.quoteId, command.price)
      : command.action === "cancel"
        ? await cancelQuote(command.quoteId, command.reason)
        : await moveQuote(command.quoteId, command.to);
  if (outcome.ok) {
    output.out(outcome.message);
    return 0;
  }
  output.err(`admin: ${outcome.badInput ? "" : "refused: "}${outcome.error}. Nothing was changed.`);
  return outcome.badInput ? 2 : 1;
}
