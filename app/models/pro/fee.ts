// The listing fee a pro seller pays once per listing before it is shown on
// the marketplace (docs/pro.md, decision 030). It is billed like a quote
// (decision 027), in the currency the site keeps the balance and the bills
// in: its euro, else its first currency. Safe in the browser; no I/O here.

/**
 * The fee per listing, in minor units of each currency a site may bill in.
 * Set by the business; a currency not listed here cannot bill a fee, and a
 * site billing only in it offers no listing fee (its listings wait).
 */
export const LISTING_FEE_MINOR: Readonly<Record<string, number>> = {
  EUR: 490,
  USD: 530,
  GBP: 420,
  PLN: 2090,
};

type Currency = { id: number; iso_code: string };

/** The currency a site bills the fee in (as quotes: its EUR, else its first), with the fee; null when it has no fee. */
export function listingFeeFor<C extends Currency>(currencies: readonly C[]): { currency: C; feeMinor: number } | null {
  const currency = currencies.find((c) => c.iso_code === "EUR") ?? currencies[0];
  if (!currency) return null;
  const feeMinor = LISTING_FEE_MINOR[currency.iso_code];
  return feeMinor === undefined ? null : { currency, feeMinor };
}
