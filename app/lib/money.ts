// All money arithmetic of the shop lives here. Amounts are integers in minor
// units (cents); exchange rates and percentages are decimal strings. Nothing
// passes through binary floating point on its way to a total (see
// docs/decisions/003-money.md).

/** Amount in minor units (cents). Always an integer. */
export type Minor = number;

const RATE_SCALE = 10n ** 8n;
const DECIMAL = /^\s*([+-])?(\d+)(?:\.(\d*))?\s*$/;

/** A number no amount of money can be, such as a price filter of 1e20: the caller's input, so a 400. */
export class AmountOutOfRangeError extends RangeError {
  override name = "AmountOutOfRangeError";
}

function assertMinor(amount: Minor) {
  if (!Number.isSafeInteger(amount)) throw new AmountOutOfRangeError(`Not an amount in minor units: ${amount}`);
}

/** Divides and rounds half away from zero, as shoppers expect "rounded to 2 decimals". */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Parses a decimal ("1.08", "12") into an integer scaled by 10^scale; null when not a number. */
function parseScaled(value: string | number, scale: number): bigint | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  const match = DECIMAL.exec(text.includes("e") || text.includes("E") ? "" : text);
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const digits = BigInt(whole + fraction.padEnd(scale, "0").slice(0, scale));
  const dropped = fraction.slice(scale);
  // Round half away from zero on the digits past the scale.
  const roundUp = dropped.length > 0 && Number(dropped[0]) >= 5 ? 1n : 0n;
  const scaled = digits + roundUp;
  return sign === "-" ? -scaled : scaled;
}

/**
 * A price in major units ("12.34", 12.34) to minor units. Anything that is
 * not a number becomes 0, as the spec asks of amounts shown.
 */
export function toMinor(value: string | number | null | undefined): Minor {
  if (value === null || value === undefined) return 0;
  const scaled = parseScaled(value, 2);
  return scaled === null ? 0 : Number(scaled);
}

/** Minor units as a plain decimal string with two places: 1234 → "12.34". */
export function toDecimalString(amount: Minor): string {
  assertMinor(amount);
  const sign = amount < 0 ? "-" : "";
  const abs = Math.abs(amount);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** price × rate rounded to 2 decimals (spec 5). A rate that is not a number converts nothing: 0. */
export function convert(amount: Minor, rate: string | number): Minor {
  assertMinor(amount);
  const scaledRate = parseScaled(rate, 8);
  if (scaledRate === null) return 0;
  return Number(divideRounded(BigInt(amount) * scaledRate, RATE_SCALE));
}

/** The inverse of convert: an amount in another currency back to EUR at its rate. */
export function convertBack(amount: Minor, rate: string | number): Minor {
  assertMinor(amount);
  const scaledRate = parseScaled(rate, 8);
  if (scaledRate === null || scaledRate === 0n) return 0;
  return Number(divideRounded(BigInt(amount) * RATE_SCALE, scaledRate));
}

/** percent of an amount, rounded to 2 decimals (payment fees, spec 4). */
export function percentOf(amount: Minor, percent: string | number): Minor {
  assertMinor(amount);
  const scaledPercent = parseScaled(percent, 8);
  if (scaledPercent === null) return 0;
  return Number(divideRounded(BigInt(amount) * scaledPercent, RATE_SCALE * 100n));
}

/** Whole percentage saved against the original price, rounded. */
export function discountPercentage(price: Minor, originalPrice: Minor): number {
  assertMinor(price);
  assertMinor(originalPrice);
  if (originalPrice <= 0 || price >= originalPrice) return 0;
  return Number(divideRounded(BigInt(originalPrice - price) * 100n, BigInt(originalPrice)));
}

export function sum(amounts: readonly Minor[]): Minor {
  return amounts.reduce((total, amount) => {
    assertMinor(amount);
    return total + amount;
  }, 0);
}

// Making a NumberFormat costs far more than using one, and a listing page
// formats a hundred prices: one per language and currency is kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats an amount for people, in the shopper's language: formatMoney(1234, "EUR", "lt") → "12,34 €". */
export function formatMoney(amount: Minor, currency: string, intlLocale: string): string {
  const key = `${intlLocale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, { style: "currency", currency });
    moneyFormats.set(key, format);
  }
  // Intl accepts decimal strings, so the amount is never turned into a float.
  return format.format(toDecimalString(amount) as unknown as number);
}

const EXACT_DECIMAL = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reads an amount someone typed ("12.50", "12.5", "12") exactly into minor
 * units. Unlike toMinor it rounds nothing and guesses nothing: more than two
 * decimals, a comma, an exponent or an amount beyond what fits is null.
 */
export function parseExactMinor(text: string): Minor | null {
  const match = EXACT_DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(sign === "-" ? -minor : minor);
}

/**
 * An amount as a shopper types it into a form, in any of the shop's
 * languages: "12.50", "12,50", "12", "1 299,00" (a space, no-break or
 * narrow no-break space between thousands). A comma is the decimal mark in
 * Lithuanian, Latvian and Estonian, so a lone comma before one or two
 * decimals is read as one; the rest is parseExactMinor's: exact, or null.
 * Every money field of the shop's forms reads its amount through this.
 */
export function parseTypedMinor(text: string): Minor | null {
  let typed = text.trim().replace(/(\d)[ \u00a0\u202f](?=\d{3}(?!\d))/g, "$1");
  if (!typed.includes(".") && /^[+-]?\d+,\d{1,2}$/.test(typed)) typed = typed.replace(",", ".");
  return parseExactMinor(typed);
}

/** An amount taken `count` times (a line of several units). */
export function times(amount: Minor, count: number): Minor {
  assertMinor(amount);
  if (!Number.isSafeInteger(count)) throw new AmountOutOfRangeError(`Not a whole count: ${count}`);
  const product = amount * count;
  assertMinor(product);
  return product;
}

/** amount × numerator / denominator, rounded half away from zero: a rate per kg applied to grams, say. */
export function proportion(amount: Minor, numerator: number, denominator: number): Minor {
  assertMinor(amount);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new AmountOutOfRangeError(`Not a proportion: ${numerator}/${denominator}`);
  }
  return Number(divideRounded(BigInt(amount) * BigInt(numerator), BigInt(denominator)));
}

/**
 * An amount converted at a rate, kept to 4 decimals (ten-thousandths of the
 * target currency's unit): spec 9 keeps final prices to 4 decimals, so the
 * parts of a converted total are summed at this precision and rounded once.
 */
export function convertPrecise(amount: Minor, rate: string | number): number {
  assertMinor(amount);
  const scaledRate = parseScaled(rate, 8);
  if (scaledRate === null) return 0;
  // minor units × 100 = ten-thousandths; the rate carries 8 decimals.
  return Number(divideRounded(BigInt(amount) * 100n * scaledRate, RATE_SCALE));
}

/** Ten-thousandths back to minor units, rounded half away from zero: the one rounding of a converted total. */
export function preciseToMinor(tenThousandths: number): Minor {
  if (!Number.isSafeInteger(tenThousandths)) throw new AmountOutOfRangeError(`Not a precise amount: ${tenThousandths}`);
  return Number(divideRounded(BigInt(tenThousandths), 100n));
}
