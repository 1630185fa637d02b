import type { ReactNode } from "react";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";

// "Use your balance": how much of the stored balance pays beside a
// processor, on the checkout's payment step and when paying an order later.
export function BalancePart({ available, field, children }: { available: number; field: FieldMetadata<number | undefined>; children?: ReactNode }) {
  const { t } = useTranslation();
  const price = usePrice();
  const input = getInputProps(field, { type: "text" });
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{t("checkout.useBalance")}</legend>
      <p className="text-sm text-ink-muted">{t("checkout.balanceAvailable", { amount: price(available) })}</p>
      <label htmlFor={field.id} className="font-medium">
        {t("checkout.balanceAmount")}
      </label>
      <input {...input} key={input.key} inputMode="decimal" className="field-input max-w-40" />
      <FieldError field={field} />
      {children}
    </fieldset>
  );
}
