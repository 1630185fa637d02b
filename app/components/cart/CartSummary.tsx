import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { SubmitUntilHydrated } from "~/components/SubmitUntilHydrated";
import { usePrice } from "~/hooks/use-price";
import { sum } from "~/lib/money";
import { SHIPPING_METHODS, type Cart } from "~/models/cart/cart";
import { HeadedSection } from "~/components/HeadedSection";

// Air or sea for the whole cart, each with its freight and discount, and
// what the cart comes to before checkout adds delivery, promotions and fees.
// The choice is a form post; once JavaScript runs it sends itself on change.
export function CartSummary({ cart, action }: { cart: Cart; action: string }) {
  const { t } = useTranslation();
  const price = usePrice();
  const submit = useSubmit();
  const { shipping } = cart;
  const tier = shipping.tier_based_shipping;
  const method = cart.shipping_method;
  const freight = tier ?? sum([shipping.shipping_methods[method], shipping.shipping_discounts[method]]);
  return (
    <HeadedSection id="cart-summary" heading={t("cart.summary")} className="flex flex-col gap-4 rounded-xl border border-line p-4" headingClassName="text-lg font-semibold">
      <Form method="post" action={action} preventScrollReset onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
        <input type="hidden" name="intent" value="shipping" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t("cart.shippingMethod")}</legend>
          {SHIPPING_METHODS.map((option) => {
            const discount = shipping.shipping_discounts[option];
            return (
              <label key={option} className="flex cursor-pointer items-center gap-3 rounded-lg border border-line-strong p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                <input type="radio" name="shipping_method" value={option} defaultChecked={option === method} />
                <span className="flex-1">
                  <span className="block font-medium">{t(`cart.method_${option}`)}</span>
                  <span className="block text-sm text-ink-muted">{t(`cart.method_${option}_time`)}</span>
                </span>
                <span className="text-right tabular-nums">
                  {discount < 0 ? <s className="block text-sm text-ink-muted">{price(shipping.shipping_methods[option])}</s> : null}
                  <span className="block">{price(sum([shipping.shipping_methods[option], discount]))}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <div className="mt-2">
          <SubmitUntilHydrated>{t("cart.updateShipping")}</SubmitUntilHydrated>
        </div>
      </Form>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
        <dt>{t("cart.subtotal")}</dt>
        <dd className="text-right">{price(cart.subtotal)}</dd>
        <dt>{t("cart.shipping")}</dt>
        <dd className="text-right">{tier === 0 ? t("cart.freeShipping") : price(freight)}</dd>
      </dl>
      <p className="flex justify-between border-t border-line pt-2 font-semibold tabular-nums">
        <span>{t("cart.total")}</span>
        <span>{price(sum([cart.subtotal, freight]))}</span>
      </p>
      <p className="text-sm text-ink-muted">{t("cart.totalNote")}</p>
    </HeadedSection>
  );
}
