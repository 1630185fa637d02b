import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { TypedField } from "~/components/admin/TypedField";
import { FieldError } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { PROMOTION_KINDS } from "~/models/promotions/promotion-form";

// The fields of a promotion code, the same on the new code's page and on a
// code's own page. Both figures (amount and percentage) are always there,
// so the form works without scripts; the kind says which one counts.

type PromotionFieldset = Record<"code" | "kind" | "amount" | "percent" | "startsAt" | "endsAt" | "minSubtotal" | "maxUses" | "maxUsesPerCustomer", FieldMetadata<unknown>>;

function Hint({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-sm text-ink-muted">
      {text}
    </p>
  );
}

/** A `datetime-local` input, read as UTC by the schema. */
function TimeField({ field, label, hintId }: { field: FieldMetadata<unknown>; label: string; hintId: string }) {
  const props = getInputProps(field as FieldMetadata<string>, { type: "datetime-local", ariaDescribedBy: hintId });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <input {...props} key={props.key} className="field-input" />
      <FieldError field={field} />
    </div>
  );
}

export function PromotionFields({ fields, idPrefix }: { fields: PromotionFieldset; idPrefix: string }) {
  const { t } = useTranslation();
  const code = getInputProps(fields.code as FieldMetadata<string>, { type: "text", ariaDescribedBy: `${idPrefix}-code-hint` });
  const kind = getSelectProps(fields.kind as FieldMetadata<string>, { ariaDescribedBy: `${idPrefix}-kind-hint` });
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t("admin.promotions.discount")}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.code.id} className="text-sm font-medium">
            {t("admin.promotions.code")}
          </label>
          <input {...code} key={code.key} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="field-input" />
          <Hint id={`${idPrefix}-code-hint`} text={t("admin.promotions.codeHint")} />
          <FieldError field={fields.code} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.kind.id} className="text-sm font-medium">
            {t("admin.promotions.kind")}
          </label>
          <select {...kind} key={kind.key} className="field-input">
            <option value="">{t("admin.promotions.chooseKind")}</option>
            {PROMOTION_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.promotions.kinds.${value}`)}
              </option>
            ))}
          </select>
          <Hint id={`${idPrefix}-kind-hint`} text={t("admin.promotions.kindHint")} />
          <FieldError field={fields.kind} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TypedField field={fields.amount} label={t("admin.promotions.amount")} />
          <TypedField field={fields.percent} label={t("admin.promotions.percent")} />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t("admin.promotions.dates")}</legend>
        <TimeField field={fields.startsAt} label={t("admin.promotions.startsAt")} hintId={`${idPrefix}-times-hint`} />
        <TimeField field={fields.endsAt} label={t("admin.promotions.endsAt")} hintId={`${idPrefix}-times-hint`} />
        <div className="flex items-end">
          <Hint id={`${idPrefix}-times-hint`} text={t("admin.promotions.timesHint")} />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t("admin.promotions.limits")}</legend>
        <TypedField field={fields.minSubtotal} label={t("admin.promotions.minSubtotal")} />
        <TypedField field={fields.maxUses} label={t("admin.promotions.maxUses")} inputMode="text" />
        <TypedField field={fields.maxUsesPerCustomer} label={t("admin.promotions.maxUsesPerCustomer")} inputMode="text" />
        <p className="text-sm text-ink-muted sm:col-span-3">{t("admin.promotions.limitsHint")}</p>
      </fieldset>
    </div>
  );
}
