import { useRouteLoaderData } from "@remix-run/react";
import { useLocale } from "~/components/LocaleLink";
import type { loader as layoutLoader } from "~/routes/layout";
import { formatPrice } from "~/models/sites/currency";
import { intlLocale } from "~/lib/i18n";
import type { Minor } from "~/lib/money";

/** Formats EUR amounts in the shopper's chosen currency and language. */
export function usePrice() {
  const currency = useRouteLoaderData<typeof layoutLoader>("routes/layout")?.shell.currency ?? undefined;
  const locale = intlLocale(useLocale());
  return (amountEur: Minor) => formatPrice(amountEur, currency, locale);
}
