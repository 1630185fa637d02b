import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { usePrice } from "~/hooks/use-price";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { useCheckoutInvalidation } from "~/hooks/checkout-invalidation";
import { useDataLayer } from "~/hooks/use-data-layer";
import type { CheckoutData } from "~/models/checkout/checkout.server";

// The frame of every checkout step: where the shopper is among the steps,
// the step's own content, and beside it what the order comes to now.

const STEPS = [
  { key: "shipping", path: "checkout" },
  { key: "payment", path: "payment" },
  { key: "confirm", path: "confirm" },
] as const;

export function CheckoutFrame({ data, current, children }: { data: CheckoutData; current: (typeof STEPS)[number]["key"]; children: React.ReactNode }) {
  const { t } = useTranslation();
  useCheckoutInvalidation(data.slug);
  useCheckoutEvents(data, current === "confirm");
  const reached = data.step === 3 ? 0 : data.step === 4 ? 1 : 2;
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{t(`checkout.steps.${current}`)}</h1>
      <nav aria-label={t("checkout.stepsLabel")} className="mb-6">
        <ol className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((step, index) => {
            const label = `${index + 1}. ${t(`checkout.steps.${step.key}`)}`;
            const isCurrent = step.key === current;
            return (
              <li key={step.key}>
                {isCurrent || index > reached ? (
                  <span aria-current={isCurrent ? "step" : undefined} className={isCurrent ? "rounded-full bg-brand px-3 py-1 font-semibold text-on-brand" : "rounded-full px-3 py-1 text-ink-muted"}>
                    {label}
                  </span>
                ) : (
                  <LocaleLink to={`/${step.path}/${data.slug}`} className="rounded-full bg-brand-soft px-3 py-1 text-brand-strong">
                    {label}
                  </LocaleLink>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">{children}</div>
        <OrderSummary data={data} />
      </div>
    </main>
  );
}

/**
 * Spec 9: begin_checkout once per checkout, on whichever step it is entered;
 * add_payment_info once the shopper reaches the review with a way to pay
 * (again if the way or the amount changes).
 */
function useCheckoutEvents(data: CheckoutData, review: boolean) {
  const url = localePath(useLocale(), `/checkout/${data.slug}`);
  useDataLayer((b, rate) => b.checkoutEvent(data.products, location.origin + url, rate), data.slug, true);
  // Paid from the balance alone, the way to pay is the balance (provider 4).
  const paymentType = data.selected_payment ?? 4;
  useDataLayer((b, rate) => review && b.checkoutEvent(data.products, location.origin + url, rate, paymentType), `${data.slug}:${paymentType}:${data.totals.final}`, true);
}

export function OrderSummary({ data }: { data: CheckoutData }) {
  const { t } = useTranslation();
  const price = usePrice();
  const locale = intlLocale(useLocale());
  const { totals } = data;
  const rows: Array<[string, number, boolean?]> = [
    [t("checkout.subtotal"), totals.subtotal],
    [t(`cart.method_${data.selected_shipping_method}`), totals.shipping],
  ];
  if (totals.shipping_discount > 0) rows.push([t("checkout.shippingDiscount", { percent: totals.shipping_discount_percentage }), -totals.shipping_discount]);
  if (totals.delivery > 0) rows.push([t("checkout.delivery"), totals.delivery]);
  if (totals.promo_discount > 0) rows.push([t("checkout.promotion", { code: data.promotion?.code ?? "" }), -totals.promo_discount]);
  if (totals.balance > 0) rows.push([t("checkout.balance"), -totals.balance]);
  if (totals.payment_fee > 0) rows.push([t("checkout.paymentFee"), totals.payment_fee]);
  return (
    <aside aria-labelledby="order-summary" className="flex h-fit flex-col gap-3 rounded-xl border border-line p-4">
      <h2 id="order-summary" className="text-lg font-semibold">
        {t("cart.summary")}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {data.products.map((product) => (
          <li key={product.sku} className="flex justify-between gap-3">
            <span className="min-w-0 truncate">
              {product.quantity} × {product.name}
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-3 tabular-nums">
        {rows.map(([label, amount]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right">{amount < 0 ? `−${price(-amount)}` : price(amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="flex justify-between border-t border-line pt-2 text-lg font-bold tabular-nums">
        <span>{t("cart.total")}</span>
        {/* The total in the checkout's currency is spec 4's converted final price, not each line converted and added. */}
        <span data-testid="checkout-final">{formatMoney(totals.converted_final, data.currency.iso_code, locale)}</span>
      </p>
    </aside>
  );
}
