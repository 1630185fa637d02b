import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField, Field, SelectField } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { COURIER_KINDS } from "~/models/settings/delivery-schema";
import { TypedField } from "./TypedField";

// What the courier pages share (/admin/settings/couriers/…): a courier's
// fields, on the form that adds one and on its own page's form.

type CourierFieldset = {
  name: FieldMetadata<string | undefined>;
  kind: FieldMetadata<string | undefined>;
  fee: FieldMetadata<unknown>;
  active: FieldMetadata<string | undefined>;
};

export function CourierFields({ fields }: { fields: CourierFieldset }) {
  const { t } = useTranslation();
  return (
    <>
      <Field field={fields.name} label={t("admin.delivery.courierName")} hint={t("admin.delivery.courierNameHint")} autoComplete="off" />
      <SelectField field={fields.kind} label={t("admin.delivery.kind")} options={COURIER_KINDS.map((kind) => ({ value: kind, label: t(`admin.delivery.kinds.${kind}`) }))} />
      <TypedField field={fields.fee} label={t("admin.delivery.feeEuro")} />
      <CheckboxField field={fields.active as FieldMetadata<boolean | undefined>} label={t("admin.delivery.offeredBox")} />
    </>
  );
}
