import type { ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";

// "Use your balance": how much of the stored balance pays beside a
// processor, on the checkout's payment step and when paying an order later.
export function BalancePart({ available, defaultValue, invalid, children }: { available: number; defaultValue: string; invalid: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const price = usePrice();
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{t("checkout.useBalance")}</legend>
      <p className="text-sm text-ink-muted">{t("checkout.balanceAvailable", { amount: price(available) })}</p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t("checkout.balanceAmount")}</span>
        <input name="balance" inputMode="decimal" defaultValue={defaultValue} aria-invalid={invalid || undefined} className="field-input max-w-40" />
      </label>
      {children}
    </fieldset>
  );
}
