import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { parseExactMinor } from "~/lib/money";
import type { PaymentMethodView } from "~/models/payments/methods.server";

// The payment methods as radio buttons, each with its fee (spec 3 fee and
// fee_type): the checkout's payment step, paying an order later and the
// balance top-up all show the same choice. A conform `field` brings the
// choice as last posted and its message; otherwise `chosen` is the choice.
type Props = { methods: PaymentMethodView[]; legend: string; withoutFees?: boolean } & ({ chosen: string; field?: undefined } | { field: FieldMetadata<number | undefined>; chosen?: undefined });

export function PaymentMethodChoice({ methods, chosen, field, legend, withoutFees }: Props) {
  const { t } = useTranslation();
  const price = usePrice();
  const initial = field ? field.initialValue : chosen;
  const invalid = field?.errors?.length ? true : undefined;
  return (
    <fieldset key={field?.key} aria-describedby={invalid && field?.errorId} className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {methods.map((method) => {
        const fee =
          withoutFees || method.fee === "0" || method.fee === "0.00"
            ? t("checkout.noFee")
            : method.fee_type === "percentage"
              ? t("checkout.feePercent", { percent: method.fee })
              : t("checkout.feeFixed", { fee: price(parseExactMinor(method.fee) ?? 0) });
        return (
          <label key={method.id} className="flex items-center gap-3 rounded-lg border border-line-strong p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
            <input type="radio" name={field?.name ?? "payment"} value={String(method.id)} defaultChecked={initial === String(method.id)} />
            <span className="flex-1 font-medium">
              {t(`checkout.provider_${method.id}`)}
              <span className="block text-sm font-normal text-ink-muted">{fee}</span>
            </span>
          </label>
        );
      })}
      {field ? <FieldError field={field} /> : null}
    </fieldset>
  );
}
