import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { localePath, type Locale } from "~/lib/i18n";
import { getSessionUser } from "~/models/accounts/sessions.server";
import { db } from "~/models/db/db.server";
import type { PaymentStatus } from "~/models/db/schema";
import { orderNumber } from "~/models/orders/orders";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/platform/locale-param";
import { notFound } from "~/platform/not-found";
import { billPage } from "./bills.server";
import { processorFor } from "./processors.server";
import { settlePayment } from "./settle.server";

// The return pages (spec 2: /payment/accept, /payment/fail, /payment/decline,
// payment-accept guard). The shopper's return is one of the three ways a
// payment's outcome arrives: the page asks the processor, settles what it
// hears (once, with the webhook and reconciliation), and shows the page that
// fits; a payment shown on the wrong page is sent to its own.

export type ReturnPage = "accept" | "fail" | "decline";
export type PaymentOutcome = "paid" | "pending" | "review" | "failed" | "declined";

const PAGE_OF: Record<PaymentStatus, ReturnPage> = { paid: "accept", pending: "accept", review: "accept", failed: "fail", abandoned: "fail", declined: "decline" };

async function findPayment(token: string) {
  if (!/^[\w-]{16,64}$/.test(token)) return null;
  return (
    (await db()
      .selectFrom("payments as p")
      .leftJoin("orders as o", "o.id", "p.order_id")
      .select(["p.id", "p.token", "p.status", "p.purpose", "p.processor", "p.processor_ref", "p.amount_minor", "p.balance_hold_minor", "p.balance_released", "p.provider", "o.id as order_id", "o.slug as order_slug", "o.kind", "o.source_id"])
      .where("p.token", "=", token)
      .executeTakeFirst()) ?? null
  );
}

/** Asks the processor about a payment still pending and settles what it says; returns the status after. */
export async function confirmPayment(token: string): Promise<PaymentStatus | null> {
  const payment = await findPayment(token);
  if (!payment) return null;
  if (payment.status !== "pending" || !payment.processor_ref) return payment.status;
  const processor = processorFor(payment.processor);
  if (!processor) return payment.status;
  const answer = await processor.confirm(payment.processor_ref, payment.token);
  return (await settlePayment(Number(payment.id), answer)) ?? payment.status;
}

export async function paymentResult(request: Request, locale: Locale, page: ReturnPage) {
  const token = new URL(request.url).searchParams.get("payment") ?? "";
  const status = await confirmPayment(token).catch(() => null);
  const payment = status ? await findPayment(token) : null;
  if (!payment) return null;
  if (PAGE_OF[payment.status] !== page) throw redirect(`${localePath(locale, `/payment/${PAGE_OF[payment.status]}`)}?payment=${payment.token}`);
  const user = await getSessionUser(request);
  const outcome: PaymentOutcome = payment.status === "abandoned" ? "failed" : payment.status;
  return {
    outcome,
    token: payment.token,
    purpose: payment.purpose,
    kind: payment.kind,
    amount: Number(payment.amount_minor) + Number(payment.balance_hold_minor),
    number: payment.order_id ? orderNumber(payment.kind!, Number(payment.source_id ?? payment.order_id)) : null,
    orderSlug: payment.order_slug,
    orderPage: payment.order_slug ? await billPage({ slug: payment.order_slug, kind: payment.kind!, source_id: payment.source_id }) : null,
    provider: payment.provider,
    balanceReturned: payment.balance_released && Number(payment.balance_hold_minor) > 0,
    signedIn: user !== null,
  };
}

export type PaymentResultData = NonNullable<Awaited<ReturnType<typeof paymentResult>>>;

/** A return page's loader: the payment by the `payment` in the query, or the 404 (the payment-accept guard). */
export async function paymentResultPage(request: Request, params: Params, page: ReturnPage) {
  const locale = localeParam(params);
  const [result, t] = await Promise.all([paymentResult(request, locale, page), i18nServer.getFixedT(locale)]);
  if (!result) throw notFound(request);
  return { result, retryRefused: new URL(request.url).searchParams.has("retry_refused"), title: t(`payment.${result.outcome}.title`) };
}
