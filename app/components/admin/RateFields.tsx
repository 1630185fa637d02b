import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/lib/money";
import type { SeaAboveAir } from "~/models/settings/rate-check";

// What the rates pages (/admin/settings and a forwarding route's) share: the
// rate check's finding in words and a rate's input in a table cell.

/** A parcel in words for the refusal: its weight (in g under a kilogram), its volume in cm³ and both prices. */
export function findingValues(finding: SeaAboveAir, locale: string) {
  const number = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return {
    weight: finding.weightGrams < 1000 ? `${number(finding.weightGrams, 0)} g` : `${number(finding.weightGrams / 1000, 3)} kg`,
    volume: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.ceil(finding.volumeCm3)),
    air: formatMoney(finding.air, "EUR", locale),
    sea: formatMoney(finding.sea, "EUR", locale),
  };
}

export function Finding({ finding, locale }: { finding: SeaAboveAir | null; locale: string }) {
  const { t } = useTranslation();
  return finding ? <span className="font-medium text-danger">{t("admin.settings.seaAboveAir", findingValues(finding, locale))}</span> : <span>{t("admin.settings.seaNeverDearer")}</span>;
}

/** An input in a table's cell, its column header in view and its whole label for screen readers; a number unless `text`. */
export function RateInput({ field, label, text = false }: { field: FieldMetadata<unknown>; label: string; text?: boolean }) {
  const props = getInputProps(field as FieldMetadata<string>, { type: "text" });
  return (
    <div className="flex min-w-20 flex-col gap-1">
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <input {...props} key={props.key} inputMode={text ? "text" : "decimal"} spellCheck={text ? false : undefined} autoComplete="off" className={`field-input ${text ? "w-44" : "w-24"}`} />
      <FieldError field={field} />
    </div>
  );
}

/** The box that saves a sea rate dearer than air for some parcel. */
export function ConfirmSeaAboveAir({ field }: { field: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  const confirm = getInputProps(field as FieldMetadata<string>, { type: "checkbox" });
  return (
    <label htmlFor={field.id} className="flex items-center gap-2 text-sm">
      <input {...confirm} key={confirm.key} className="size-4 accent-[var(--sf-brand)]" />
      {t("admin.settings.confirm")}
    </label>
  );
}

/** A forwarding route as staff read it: warehouse → country. */
export const routeName = (route: { warehouse: string; country: string }) => `${route.warehouse.toUpperCase()} → ${route.country}`;
