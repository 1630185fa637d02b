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

const RETURN_PAGES: readonly ReturnPage[] = ["accept", "decline", "fail"];

/** A return page's loader: the payment by the `payment` in the query, or the 404 (the payment-accept guard). Which page it is, the address's last part says. */
export async function paymentResultPage(request: Request, params: Params) {
  const locale = localeParam(params);
  const url = new URL(request.url);
  const page = RETURN_PAGES.find((name) => url.pathname.replace(/\/$/, "").endsWith(`/payment/${name}`));
  if (!page) throw notFound(request);
  const [payment, user, t] = await Promise.all([paymentResult(url.searchParams.get("payment") ?? ""), getSessionUser(request), i18nServer.getFixedT(locale)]);
  if (!payment) throw notFound(request);
  const { page: itsPage, ...shown } = payment;
  if (itsPage !== page) throw redirect(`${localePath(locale, `/payment/${itsPage}`)}?payment=${payment.token}`);
  const result = { ...shown, signedIn: user !== null };
  return { result, retryRefused: url.searchParams.has("retry_refused"), title: t(`payment.${result.outcome}.title`) };
}

export type PaymentResultData = Awaited<ReturnType<typeof paymentResultPage>>["result"];
