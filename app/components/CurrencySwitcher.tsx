import { useFetcher, useLocation } from "@remix-run/react";
import { useEarlyChoice } from "~/hooks/use-early-choice";
import { useTranslation } from "~/hooks/use-translation";
import type { SiteCurrency } from "~/models/sites/sites.server";
import { useLocale } from "~/hooks/use-locale";
import { SubmitUntilHydrated } from "./SubmitUntilHydrated";

/**
 * A form that works before JavaScript loads (choose, then press the button);
 * once hydrated, choosing is enough.
 */
export function CurrencySwitcher({ currencies, selectedId }: { currencies: SiteCurrency[]; selectedId: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("currency_id");
  const shown = String(selectedId ?? "");
  const choose = (select: HTMLSelectElement) => fetcher.submit(select.form);
  const early = useEarlyChoice(shown, choose);
  return (
    <fetcher.Form method="post" action={`/${locale}/preferences`} className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <label htmlFor="currency" className="sr-only">
        {t("shell.currency")}
      </label>
      <select
        ref={early.ref}
        id="currency"
        name="currency_id"
        value={String(pending ?? shown)}
        onChange={early.onChange}
        className="rounded border border-line-strong bg-surface px-1.5 py-1 text-sm"
      >
        {currencies.map((currency) => (
          <option key={currency.id} value={currency.id}>
            {`${currency.iso_code} ${currency.symbol}`}
          </option>
        ))}
      </select>
      <SubmitUntilHydrated>{t("shell.apply")}</SubmitUntilHydrated>
    </fetcher.Form>
  );
}
