import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import type { SiteCurrency } from "~/models/sites/sites.server";
import { useLocale } from "./LocaleLink";
import { ApplyingSelect } from "./ApplyingSelect";

/** The shopper's currency, kept by the preferences page; a fetcher, so the page stays where it is. */
export function CurrencySwitcher({ currencies, selectedId }: { currencies: SiteCurrency[]; selectedId: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("currency_id");
  return (
    <fetcher.Form method="post" action={`/${locale}/preferences`} className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <ApplyingSelect
        id="currency"
        name="currency_id"
        label={t("shell.currency")}
        hideLabel
        options={currencies.map((currency) => ({ value: String(currency.id), label: `${currency.iso_code} ${currency.symbol}` }))}
        value={String(pending ?? selectedId ?? "")}
        onChoose={(form) => fetcher.submit(form)}
      />
    </fetcher.Form>
  );
}
