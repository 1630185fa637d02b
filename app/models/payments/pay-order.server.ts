import { data, redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { sql } from "kysely";
import { localePath, type Locale } from "~/lib/i18n";
import { parseExactMinor } from "~/lib/money";
import { getSessionUser } from "~/models/accounts/sessions.server";
import { siteForRequest } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/platform/locale-param";
import { notFound } from "~/platform/not-found";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { billPage } from "./bills.server";
import { methodViews, paymentMethods } from "./methods.server";
import { paymentPage, startOrderPayment, type PayLaterOutcome } from "./start.server";

// Paying later (payment-pay, /payment/{order slug}): an unpaid order of the
// signed-in customer — a marketplace order, a quote or a forward request —
// with what is left to pay and the ways to pay it.

export async function payableOrder(slug: string, userId: number, siteId: number, locale: Locale) {
  const order = await db()
    .selectFrom("orders as o")
    .select([
      "o.id",
      "o.slug",
      "o.kind",
      "o.source_id",
      "o.status",
      "o.total_minor",
      "o.payment_fee_minor",
      "o.balance_minor",
      sql<string | null>`(select q.slug from quotes q where o.kind = 'quote' and q.id = o.source_id)`.as("quote_slug"),
      // The balance part of an attempt still pending comes back when a new attempt starts.
      sql<number>`(select coalesce(sum(p.balance_hold_minor), 0) from payments p where p.order_id = o.id and p.status = 'pending' and not p.balance_released)`.as("pending_hold"),
    ])
    .where("o.slug", "=", slug)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!order) return null;
  const [methods, user] = await Promise.all([
    paymentMethods(siteId, locale),
    db().selectFrom("users").select("balance_minor").where("id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  const keptFromBalance = Number(order.balance_minor) - Number(order.pending_hold);
  return {
    slug: order.slug,
    number: orderNumber(order.kind, Number(order.source_id ?? order.id)),
    /** A quote's bill: the quote whose payment steps the page records (spec 3). */
    quote: order.quote_slug ? { slug: order.quote_slug, id: Number(order.source_id) } : null,
    status: order.status,
    due: Number(order.total_minor) - Number(order.payment_fee_minor) - keptFromBalance,
    methods: methodViews(methods),
    availableBalance: Number(user.balance_minor) + Number(order.pending_hold),
  };
}

export type PayableOrder = NonNullable<Awaited<ReturnType<typeof payableOrder>>>;

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

export type PayOrderAnswer = { error: string; field: string | null; values: Record<string, string> };

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
  const balance = (form.balance ?? "").trim() === "" ? 0 : parseExactMinor(form.balance!);
  if (balance === null || balance < 0) return refuse(t("checkout.errors.balanceAmount"), "balance");
  const outcome = await startOrderPayment(params.slug ?? "", user.id, site.id, locale, { provider: provider as 1 | 2 | 3 | 4, balanceMinor: balance });
  if (!outcome.ok) return refuse(t(PAY_ORDER_ERROR[outcome.error]), outcome.error === "balance_too_high" ? "balance" : null);
  if (outcome.paid) throw redirect(localePath(locale, await billPage(outcome.order)), 303);
  throw redirect(await paymentPage(outcome.token, request, locale), 303);
}
