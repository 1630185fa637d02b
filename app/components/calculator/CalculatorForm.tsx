import { Form } from "@remix-run/react";
import { ErrorAlert } from "~/components/ErrorAlert";
import { useLocale } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale, localePath } from "~/lib/i18n";
import type { CalculatorError, CalculatorField, CalculatorValues } from "~/models/calculator/calculator-input";

type Limits = { maxKg: number; maxCm: number; maxValueEur: number };
type Errors = Partial<Record<CalculatorField, CalculatorError>>;

/** A country's name in the page's language, from its ISO code. */
export function useCountryName() {
  const names = new Intl.DisplayNames([intlLocale(useLocale())], { type: "region" });
  return (iso: string) => names.of(iso.toUpperCase()) ?? iso;
}

function useErrorText(limits: Limits) {
  const { t } = useTranslation();
  return (error: CalculatorError) =>
    t(`calculator.errors.${error}`, { max: error === "tooHeavy" ? limits.maxKg : error === "tooLong" ? limits.maxCm : limits.maxValueEur });
}

function FieldError({ name, error, limits }: { name: CalculatorField; error: CalculatorError | undefined; limits: Limits }) {
  const text = useErrorText(limits);
  return error ? (
    <p id={`calc-${name}-error`} className="text-sm text-danger">
      {text(error)}
    </p>
  ) : null;
}

function errorProps(name: CalculatorField, errors: Errors, hint?: string) {
  const described = [errors[name] ? `calc-${name}-error` : null, hint ?? null].filter(Boolean).join(" ");
  return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": described || undefined };
}

function NumberField({ name, label, values, errors, limits, hint }: { name: CalculatorField; label: string; values: CalculatorValues; errors: Errors; limits: Limits; hint?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`calc-${name}`} className="font-medium">
        {label}
      </label>
      <input
        id={`calc-${name}`}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values[name]}
        key={values[name]}
        {...errorProps(name, errors, hint ? `calc-${name}-hint` : undefined)}
        className="field-input"
      />
      {hint ? (
        <p id={`calc-${name}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={errors[name]} limits={limits} />
    </div>
  );
}

function SelectField({ name, label, options, values, errors, limits }: { name: "from" | "to"; label: string; options: Array<{ value: string; label: string }>; values: CalculatorValues; errors: Errors; limits: Limits }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`calc-${name}`} className="font-medium">
        {label}
      </label>
      <select
        id={`calc-${name}`}
        name={name}
        required
        defaultValue={values[name]}
        key={values[name]}
        {...errorProps(name, errors)}
        className="field-input"
      >
        <option value="">{t("calculator.choose")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError name={name} error={errors[name]} limits={limits} />
    </div>
  );
}

/** The calculator (calculate): a GET form, so the result has an address and the form works before JavaScript. */
export function CalculatorForm({
  warehouses,
  countries,
  values,
  errors,
  limits,
}: {
  warehouses: Array<{ code: string; countryIso: string }>;
  countries: string[];
  values: CalculatorValues;
  errors: Errors;
  limits: Limits;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const country = useCountryName();
  const shared = { values, errors, limits };
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="get" action={localePath(locale, "/calculate")} className="flex flex-col gap-5" noValidate>
      {hasErrors ? <ErrorAlert>{t("calculator.errorSummary")}</ErrorAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="from" label={t("calculator.from")} options={warehouses.map((w) => ({ value: w.code, label: country(w.countryIso) }))} {...shared} />
        <SelectField name="to" label={t("calculator.to")} options={countries.map((iso) => ({ value: iso, label: country(iso) })).sort((a, b) => a.label.localeCompare(b.label))} {...shared} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField name="weight" label={t("calculator.weight")} {...shared} />
        <NumberField name="value" label={t("calculator.value")} hint={t("calculator.valueHint")} {...shared} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-medium">{t("calculator.size")}</legend>
        <NumberField name="length" label={t("calculator.length")} {...shared} />
        <NumberField name="width" label={t("calculator.width")} {...shared} />
        <NumberField name="height" label={t("calculator.height")} {...shared} />
      </fieldset>
      <button type="submit" className="button-primary self-start">
        {t("calculator.submit")}
      </button>
    </Form>
  );
}
