import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { ownCheckout } from "~/models/checkout/checkout.server";
import { placedOrderSummary } from "~/models/checkout/orders-placed.server";
import { orderNumber } from "~/models/orders/orders";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /success/{slug} (spec 2): the order is placed. Paid, or waiting for its
// payment; the customer follows it in /my-orders.
const guard = defineGuards("marketplace");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const [owner, t] = await Promise.all([cartOwner(request), i18nServer.getFixedT(localeParam(params))]);
  const own = await ownCheckout(params.slug ?? "", owner);
  if (!own.ok || own.checkout.state !== "placed" || !own.checkout.order_id) throw notFound(request);
  const order = await placedOrderSummary(Number(own.checkout.order_id));
  return { order: { ...order, number: orderNumber("marketplace", order.id) }, signedIn: owner.user !== null, title: t("checkout.successTitle") };
}

export default function SuccessPage() {
  const { order, signedIn, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-lg">{t("checkout.successNumber", { number: order.number })}</p>
      <p>{order.status === "paid" ? t("checkout.successPaid") : t("checkout.successUnpaid")}</p>
      <p className="text-ink-muted">{t("checkout.successMail", { email: order.email ?? "" })}</p>
      {signedIn ? (
        <LocaleLink to={`/my-orders/${order.slug}`} className="button-primary">
          {t("checkout.seeOrder")}
        </LocaleLink>
      ) : (
        <LocaleLink to="/marketplace" className="button-primary">
          {t("cart.browse")}
        </LocaleLink>
      )}
    </main>
  );
}
