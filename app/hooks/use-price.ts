import { useLocale } from "~/hooks/use-locale";
import { formatPrice } from "~/models/sites/currency";
import { intlLocale } from "~/lib/i18n";
import type { Minor } from "~/lib/money";
import { useShellData } from "~/hooks/route-data";

/** Formats EUR amounts in the shopper's chosen currency and language. */
export function usePrice() {
  const currency = useShellData()?.shell.currency ?? undefined;
  const locale = intlLocale(useLocale());
  return (amountEur: Minor) => formatPrice(amountEur, currency, locale);
}
