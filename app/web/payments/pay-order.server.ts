import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { localePath } from "~/lib/i18n";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { billPage } from "~/models/payments/bill-sources.server";
import { payableOrder, type PayableOrder } from "~/models/payments/payable-order.server";
import { startOrderPayment, type PayLaterOutcome } from "~/models/payments/start.server";
import { PayOrderSchema } from "~/models/checkout/pay-order";
import { parseForm, replyWith } from "~/web/form-reply.server";
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

const PAY_ORDER_ERROR: Record<Exclude<PayLaterOutcome, { ok: true }>["error"], string> = {
  not_found: "checkout.errors.notFound",
  already_paid: "payment.payOrder.alreadyPaid",
  unknown_payment_method: "checkout.errors.unknownPaymentMethod",
  balance_too_high: "checkout.errors.balanceTooHigh",
  balance_guest: "checkout.errors.balanceGuest",
};

/** The field each refusal belongs to; the rest are the form's. */
const PAY_ORDER_FIELD: Partial<Record<Exclude<PayLaterOutcome, { ok: true }>["error"], string>> = {
  unknown_payment_method: "payment",
  balance_too_high: "balance",
};

/** "Pay" on /payment/{order slug}: a new payment, then the processor's page (or the order, paid from the balance). */
export async function payOrderAction(request: Request, params: Params, formData: FormData) {
  const locale = localeParam(params);
  const [user, site] = await Promise.all([getSessionUser(request), siteForRequest(request)]);
  if (!user) throw notFound(request);
  const { submission, value, failure } = parseForm(formData, PayOrderSchema);
  if (failure) return failure;
  const outcome = await startOrderPayment(params.slug ?? "", user.id, site.id, locale, { provider: value.payment, balanceMinor: value.balance });
  if (!outcome.ok) {
    const field = PAY_ORDER_FIELD[outcome.error];
    const message = [PAY_ORDER_ERROR[outcome.error]];
    return replyWith(submission, 400, field ? { fields: { [field]: message } } : message);
  }
  if (outcome.paid) throw redirect(localePath(locale, await billPage(outcome.order)), 303);
  throw redirect(await paymentPage(outcome.token, request, locale), 303);
}
