import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Field, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale, localePath } from "~/lib/i18n";
import { calculatorSchema, choiceCodes, type CalculatorFormValues } from "~/models/calculator/calculator-input";

type Limits = { maxKg: number; maxCm: number; maxValueEur: number };
type Choices = { warehouses: Array<{ code: string; countryIso: string }>; countries: string[] };

/** A country's name in the page's language, from its ISO code. */
export function useCountryName() {
  const names = new Intl.DisplayNames([intlLocale(useLocale())], { type: "region" });
  return (iso: string) => names.of(iso.toUpperCase()) ?? iso;
}

/** The calculator (calculate): a GET form, so the result has an address and the form works before JavaScript. */
export function CalculatorForm({ choices, lastResult, limits }: { choices: Choices; lastResult: SubmissionResult<string[]> | null; limits: Limits }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const country = useCountryName();
  const schema = useMemo(() => calculatorSchema(choiceCodes(choices)), [choices]);
  const { form, fields } = useSchemaForm<CalculatorFormValues>(schema, { id: "calc", lastResult });
  const hasErrors = Object.keys(form.allErrors).length > 0;
  // Each measure's message names its own limit.
  const measure = (field: FieldMetadata<number | null | undefined>, label: string, max: number, hint?: string) => (
    <Field field={field} label={label} inputMode="decimal" autoComplete="off" hint={hint} values={{ max }} />
  );
  return (
    <Form method="get" action={localePath(locale, "/calculate")} {...getFormProps(form)} className="flex flex-col gap-5">
      {hasErrors ? <ErrorAlert>{t("calculator.errorSummary")}</ErrorAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.from}
          label={t("calculator.from")}
          placeholder={t("calculator.choose")}
          options={choices.warehouses.map((w) => ({ value: w.code, label: country(w.countryIso) }))}
        />
        <SelectField
          field={fields.to}
          label={t("calculator.to")}
          placeholder={t("calculator.choose")}
          options={choices.countries.map((iso) => ({ value: iso, label: country(iso) })).sort((a, b) => a.label.localeCompare(b.label))}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {measure(fields.weight, t("calculator.weight"), limits.maxKg)}
        {measure(fields.value, t("calculator.value"), limits.maxValueEur, t("calculator.valueHint"))}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-medium">{t("calculator.size")}</legend>
        {measure(fields.length, t("calculator.length"), limits.maxCm)}
        {measure(fields.width, t("calculator.width"), limits.maxCm)}
        {measure(fields.height, t("calculator.height"), limits.maxCm)}
      </fieldset>
      <button type="submit" className="button-primary self-start">
        {t("calculator.submit")}
      </button>
    </Form>
  );
}
