import { useEuro } from "~/components/account/BalanceHistory";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale } from "~/lib/i18n";
import type { CalculatorResult as Result } from "~/models/calculator/calculator.server";
import { useCountryName } from "./CalculatorForm";
import { HeadedSection } from "~/components/HeadedSection";

function useKg() {
  const format = new Intl.NumberFormat(intlLocale(useLocale()), { style: "unit", unit: "kilogram", maximumFractionDigits: 3 });
  // Display only: grams are whole numbers, so grams / 1000 shows exactly.
  return (grams: number) => format.format(grams / 1000);
}

function usePercent() {
  const format = new Intl.NumberFormat(intlLocale(useLocale()), { maximumFractionDigits: 2 });
  return (rate: string) => format.format(Number(rate));
}

/** The air and sea prices side by side, with the weight they were charged for and the landed cost. */
export function CalculatorResult({ result, from, to }: { result: Result; from: string; to: string }) {
  const { t } = useTranslation();
  const euro = useEuro();
  const kg = useKg();
  const percent = usePercent();
  const country = useCountryName();
  const { methods, tax } = result;
  const row = (label: React.ReactNode, cell: (method: Result["methods"][number]) => React.ReactNode, strong = false) => (
    <tr className={`border-b border-line ${strong ? "font-semibold" : ""}`}>
      <th scope="row" className="py-2 pr-4 text-left font-medium">
        {label}
      </th>
      {methods.map((method) => (
        <td key={method.method} className="py-2 pr-2 text-right">
          {cell(method)}
        </td>
      ))}
    </tr>
  );
  return (
    <HeadedSection id="calculator-result-title" heading={t("calculator.resultTitle")} className="rounded-xl border border-line p-4" headingClassName="text-xl font-semibold">
      <p className="mb-3 text-ink-muted">{t("calculator.route", { from: country(from), to: country(to) })}</p>
      <div className="overflow-x-auto">
        <table className="w-full">
          <caption className="sr-only">{t("calculator.resultTitle")}</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              <td />
              {methods.map((method) => (
                <th key={method.method} scope="col" className="py-2 pr-2 text-right font-semibold">
                  {t(`calculator.method_${method.method}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row(t("calculator.actualWeight"), () => kg(result.actualGrams))}
            {methods[0]?.volumetricGrams != null
              ? row(t("calculator.volumetricWeight"), (method) => (
                  <>
                    {kg(method.volumetricGrams ?? 0)}
                    <span className="block text-xs text-ink-muted">{t("calculator.divisor", { divisor: method.divisor })}</span>
                  </>
                ))
              : null}
            {row(t("calculator.chargeableWeight"), (method) => kg(method.chargeableGrams))}
            {row(t("calculator.shipping"), (method) => euro(method.priceMinor), true)}
            {row(t("calculator.deliveryTime"), (method) => t("calculator.days", { min: method.daysMin, max: method.daysMax, count: method.daysMax }))}
            {row(t("calculator.declaredValue"), () => euro(result.valueMinor))}
            {tax.kind === "import" ? (
              <>
                {row(t("calculator.duty", { rate: percent(tax.tax.dutyRate) }), (method) => euro(method.landed.dutyMinor))}
                {row(t("calculator.vat", { rate: percent(tax.tax.vatRate) }), (method) => euro(method.landed.vatMinor))}
              </>
            ) : null}
            {row(t("calculator.landedCost"), (method) => euro(method.landed.totalMinor), true)}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-col gap-1 text-sm text-ink-muted">
        {tax.kind === "import" ? <p>{t("calculator.dutyFree", { amount: euro(tax.tax.dutyFreeMinor) })}</p> : null}
        {tax.kind === "none" ? <p>{t("calculator.noTaxes")}</p> : null}
        {tax.kind === "unknown" ? <p>{t("calculator.unknownTaxes")}</p> : null}
        <p>{t("calculator.taxNote")}</p>
      </div>
    </HeadedSection>
  );
}
