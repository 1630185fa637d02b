import { convert, formatMoney, type Minor } from "~/lib/money";

type Currency = { id: number; iso_code: string; exchange_rate: string };

/** Spec 4: the saved currency if the site offers it, else EUR, else the first. */
export function selectCurrency<C extends Currency>(currencies: readonly C[], savedId: unknown): C | undefined {
  const id = Number(savedId);
  return (
    currencies.find((c) => Number.isInteger(id) && c.id === id) ??
    currencies.find((c) => c.iso_code === "EUR") ??
    currencies[0]
  );
}

/** A price stored in EUR, shown in the chosen currency: price × rate rounded to 2 decimals. */
export function formatPrice(amountEur: Minor, currency: Currency | undefined, intlLocale: string) {
  if (!currency) return formatMoney(amountEur, "EUR", intlLocale);
  return formatMoney(convert(amountEur, currency.exchange_rate), currency.iso_code, intlLocale);
}
