import { data, redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { localePath } from "~/lib/i18n";
import { parseTypedMinor } from "~/lib/money";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { billPage } from "~/models/payments/bill-sources.server";
import { payableOrder, type PayableOrder } from "~/models/payments/payable-order.server";
import { startOrderPayment, type PayLaterOutcome } from "~/models/payments/start.server";
import { paymentPage } from "~/web/payments/payment-page.server";

// Paying later (payment-pay, /payment/{order slug}): the page and its form.

export type { PayableOrder };

/** The loader of /payment/{slug} when the slug is the signed-in customer's order; null otherwise (then it is a checkout's). */
export async function payOrderPage(request: Request, params: Params) {
  const user = await getSessionUser(request);
  if (!user) return null;
  const locale = localeParam(params);
  const [site, t] = await Promise.all([siteForRequest(request), i18nServer.getFixedT(locale)]);
  const order = await payableOrder(params.slug ?? "", user.id, site.id, locale);
  if (!order) return null;
  return { payOrder: order, title: t("payment.payOrder.title", { number: order.number }) };
}

type PayOrderAnswer = { error: string; field: string | null; values: Record<string, string> };

const PAY_ORDER_ERROR: Record<Exclude<PayLaterOutcome, { ok: true }>["error"], string> = {
  not_found: "checkout.errors.notFound",
  already_paid: "payment.payOrder.alreadyPaid",
  unknown_payment_method: "checkout.errors.unknownPaymentMethod",
  balance_too_high: "checkout.errors.balanceTooHigh",
  balance_guest: "checkout.errors.balanceGuest",
};

/** "Pay" on /payment/{order slug}: a new payment, then the processor's page (or the order, paid from the balance). */
export async function payOrderAction(request: Request, params: Params, form: Record<string, string>) {
  const locale = localeParam(params);
  const [user, site, t] = await Promise.all([getSessionUser(request), siteForRequest(request), i18nServer.getFixedT(locale)]);
  const refuse = (error: string, field: string | null) => data({ error, field, values: form } satisfies PayOrderAnswer, { status: 400 });
  if (!user) throw notFound(request);
  const provider = Number(form.payment);
  if (![1, 2, 3, 4].includes(provider)) return refuse(t("checkout.errors.unknownPaymentMethod"), "payment");
  const balance = (form.balance ?? "").trim() === "" ? 0 : parseTypedMinor(form.balance!);
  if (balance === null || balance < 0) return refuse(t("checkout.errors.balanceAmount"), "balance");
  const outcome = await startOrderPayment(params.slug ?? "", user.id, site.id, locale, { provider: provider as 1 | 2 | 3 | 4, balanceMinor: balance });
  if (!outcome.ok) return refuse(t(PAY_ORDER_ERROR[outcome.error]), outcome.error === "balance_too_high" ? "balance" : null);
  if (outcome.paid) throw redirect(localePath(locale, await billPage(outcome.order)), 303);
  throw redirect(await paymentPage(outcome.token, request, locale), 303);
}
