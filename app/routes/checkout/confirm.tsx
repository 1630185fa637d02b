import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { randomBytes } from "node:crypto";
import { useTranslation } from "~/hooks/use-translation";
import { CheckoutFrame } from "~/components/checkout/CheckoutFrame";
import { LocaleLink } from "~/components/LocaleLink";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { usePrice } from "~/hooks/use-price";
import { localePath } from "~/lib/i18n";
import { times } from "~/lib/money";
import { CHECKOUT_ERROR_MESSAGE } from "~/models/checkout/checkout";
import { loadCheckout } from "~/web/checkout/checkout-page.server";
import { acceptCurrentPrices } from "~/models/checkout/checkout.server";
import { utmFromRequest } from "~/web/marketing.server";
import { placeOrder } from "~/models/checkout/place-order.server";
import { defineGuards } from "~/web/guards.server";
import { privatePage } from "~/web/private-page";
import { afterPlacedOrder } from "~/web/checkout/after-order.server";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// /confirm/{slug} (spec 2, step 5): everything the order will be, and the
// button that places it. The form carries an idempotency key made when the
// page was drawn, so a double click or a resent form makes one order. When
// prices moved since the cart was made, the shopper sees the change and
// accepts it first: the recalculate modal of spec 2 with JavaScript, a
// section of the page without it.
const guard = defineGuards("marketplace");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const { data: checkout, t, locale } = await loadCheckout(request, params);
  if (checkout.state === "placed") throw redirect(localePath(locale, `/success/${checkout.slug}`));
  if (!checkout.address) throw redirect(localePath(locale, `/checkout/${checkout.slug}`));
  if (checkout.totals.final > 0 && !checkout.selected_payment) throw redirect(localePath(locale, `/payment/${checkout.slug}`));
  return { checkout, idempotencyKey: randomBytes(16).toString("base64url"), title: t("checkout.steps.confirm") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guard({ request, params });
  const { checkout, owner, site, t, locale } = await loadCheckout(request, params);
  const form = await request.formData();
  if (form.get("intent") === "accept_prices") {
    await acceptCurrentPrices(checkout, owner, site, locale);
    throw redirect(localePath(locale, `/confirm/${checkout.slug}`), 303);
  }
  const outcome = await placeOrder(checkout.slug, owner, String(form.get("idempotency_key") ?? ""), site, locale, utmFromRequest(request));
  if (!outcome.ok) return data({ error: t(CHECKOUT_ERROR_MESSAGE[outcome.error]), code: outcome.error }, { status: REFUSAL_STATUS.checkout[outcome.error] });
  const { next, headers } = await afterPlacedOrder(request, context, outcome.order, checkout.slug, locale);
  throw redirect(next, { status: 303, headers });
}

export default function ConfirmStep() {
  const { checkout, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const price = usePrice();
  const navigation = useNavigation();
  // Closing the recalculate modal leaves the order unplaceable until the new prices are accepted; a button opens it again.
  const [dismissed, setDismissed] = useState(false);
  const hydrated = useHydrated();
  const address = checkout.address!;
  const courier = checkout.local_delivery_couriers.find((c) => c.id === checkout.delivery_method);
  const point = courier?.pickup_points.find((p) => p.parcelshop_id === checkout.courier_info?.parcelshop_id);

  return (
    <CheckoutFrame data={checkout} current="confirm">
      {answer ? <ErrorAlert>{answer.error}</ErrorAlert> : null}
      {checkout.changed.length ? (
        <Modal open={!dismissed} onClose={() => setDismissed(true)} title={t("checkout.recalculateTitle")} size="md" mobile inPage className="[&:not(:modal)]:border-danger">
          <ul className="mb-4 text-sm">
            {checkout.changed.map((line) => (
              <li key={line.sku}>
                {checkout.products.find((p) => p.sku === line.sku)?.name}: {price(line.price_was)} → {price(line.price_now)}
              </li>
            ))}
          </ul>
          <Form method="post">
            <button type="submit" name="intent" value="accept_prices" className="button-primary">
              {t("checkout.acceptPrices")}
            </button>
          </Form>
        </Modal>
      ) : null}

      <section className="rounded-xl border border-line p-4">
        <h2 className="mb-2 font-semibold">{t("checkout.items")}</h2>
        <ul className="divide-y divide-line">
          {checkout.products.map((product) => (
            <li key={product.sku} className="flex justify-between gap-3 py-2">
              <span>
                {product.quantity} × {product.name}
              </span>
              <span className="tabular-nums">{price(times(product.currentPrice, product.quantity))}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2">
        <div>
          <h2 className="font-semibold">{t("checkout.address")}</h2>
          <p>
            {address.first_name} {address.last_name}
            <br />
            {address.first_address}, {address.city} {address.zip}
            <br />
            {address.phone_number}
          </p>
          <p className="text-sm text-ink-muted">{checkout.email}</p>
          <LocaleLink to={`/checkout/${checkout.slug}`} className="link text-sm">
            {t("checkout.change")}
          </LocaleLink>
        </div>
        <div>
          <h2 className="font-semibold">{t("checkout.deliveryTitle")}</h2>
          <p>{t(`cart.method_${checkout.selected_shipping_method}`)}</p>
          <p>{courier ? `${courier.name}${point ? ` — ${point.name}, ${point.address}, ${point.city}` : ""}` : t("checkout.noDelivery")}</p>
          <h2 className="mt-3 font-semibold">{t("checkout.paymentMethod")}</h2>
          <p>
            {checkout.totals.balance > 0 ? `${t("checkout.balance")}: ${price(checkout.totals.balance)}` : null}
            {checkout.totals.balance > 0 && checkout.totals.final > 0 ? <br /> : null}
            {checkout.totals.final > 0 && checkout.selected_payment ? t(`checkout.provider_${checkout.selected_payment}`) : null}
          </p>
          <LocaleLink to={`/payment/${checkout.slug}`} className="link text-sm">
            {t("checkout.change")}
          </LocaleLink>
        </div>
      </section>

      <Form method="post" className="flex flex-col items-end gap-2">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <p className="text-sm text-ink-muted">{t("checkout.agreement")}</p>
        {checkout.changed.length > 0 && hydrated ? (
          <button type="button" onClick={() => setDismissed(false)} className="button-secondary">
            {t("checkout.reviewPrices")}
          </button>
        ) : null}
        <button type="submit" name="intent" value="place" disabled={checkout.changed.length > 0 || navigation.state === "submitting"} className="button-primary">
          {checkout.totals.final > 0 ? t("checkout.placeAndPay") : t("checkout.place")}
        </button>
      </Form>
    </CheckoutFrame>
  );
}
