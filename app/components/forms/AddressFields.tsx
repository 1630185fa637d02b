import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/hooks/use-translation";
import { Field, SelectField } from "./Field";

// The inputs of a delivery address, the same wherever one is typed: the
// account's delivery addresses and the checkout's shipping step. The names
// are AddressSchema's; autocomplete asks the browser for a shipping address.

type AddressFieldNames = "first_name" | "last_name" | "first_address" | "city" | "zip" | "phone_number" | "country_id";

export type AddressFieldset = Record<Exclude<AddressFieldNames, "country_id">, FieldMetadata<string | undefined>> & {
  country_id: FieldMetadata<number | string | undefined>;
};

export function AddressFields({ fields, countries }: { fields: AddressFieldset; countries: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Field field={fields.first_name} label={t("auth.firstName")} autoComplete="shipping given-name" />
      <Field field={fields.last_name} label={t("auth.lastName")} autoComplete="shipping family-name" />
      <div className="sm:col-span-2">
        <Field field={fields.first_address} label={t("account.street")} autoComplete="shipping address-line1" />
      </div>
      <Field field={fields.city} label={t("account.city")} autoComplete="shipping address-level2" />
      <Field field={fields.zip} label={t("account.zip")} autoComplete="shipping postal-code" />
      <SelectField field={fields.country_id} label={t("account.country")} options={countries} placeholder={t("account.chooseCountry")} autoComplete="shipping country" />
      <Field field={fields.phone_number} label={t("account.phone")} type="tel" autoComplete="shipping tel" hint={t("auth.phoneHint")} />
    </>
  );
}
