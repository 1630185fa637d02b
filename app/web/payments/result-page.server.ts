import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { localePath } from "~/lib/i18n";
import { paymentResult, type ReturnPage } from "~/models/payments/payment-result.server";
import { i18nServer } from "~/platform/i18n.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";

// The return pages' loader: the payment named in the query, shown on the
// page that fits its outcome; one shown on the wrong page is sent to its own.

/** A return page's loader: the payment by the `payment` in the query, or the 404 (the payment-accept guard). */
export async function paymentResultPage(request: Request, params: Params, page: ReturnPage) {
  const locale = localeParam(params);
  const url = new URL(request.url);
  const [payment, user, t] = await Promise.all([paymentResult(url.searchParams.get("payment") ?? ""), getSessionUser(request), i18nServer.getFixedT(locale)]);
  if (!payment) throw notFound(request);
  const { page: itsPage, ...shown } = payment;
  if (itsPage !== page) throw redirect(`${localePath(locale, `/payment/${itsPage}`)}?payment=${payment.token}`);
  const result = { ...shown, signedIn: user !== null };
  return { result, retryRefused: url.searchParams.has("retry_refused"), title: t(`payment.${result.outcome}.title`) };
}

export type PaymentResultData = Awaited<ReturnType<typeof paymentResultPage>>["result"];
