import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/components/checkout/PaymentResult";
import { paymentResult } from "~/models/payments/result-page.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/platform/locale-param";
import { notFound } from "~/platform/not-found";
import { privatePage } from "~/platform/private-page";

// /payment/decline (spec 2, payment-accept layout): where the card provider sends the shopper back.
export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [result, t] = await Promise.all([paymentResult(request, locale, "declined"), i18nServer.getFixedT(locale)]);
  if (!result) throw notFound(request);
  return { ...result, title: t("payment.declined.title") };
}

export default function PaymentReturnPage() {
  const result = useLoaderData<typeof loader>();
  return <PaymentResult {...result} />;
}
