import { randomBytes } from "node:crypto";
import { localePath, type Locale } from "~/lib/i18n";
import { BALANCE_TYPE } from "~/models/balance/balance-entry";
import { BalanceError, recordBalanceEntry } from "~/models/balance/balance.server";
import { paymentMethodFee } from "./fee";
import { db, type DB } from "~/models/db/db.server";
import type { PaymentProcessorKey } from "~/models/db/schema";
import { isDatabaseUnavailable } from "~/models/db/errors";
import { orderNumber, type OrderKind } from "~/models/orders/orders";
import { logger } from "~/platform/logger.server";
import { paymentMethods } from "./methods.server";
import { processorFor } from "./processors.server";
import { ProcessorUnavailable } from "./provider";
import { ledgerRef, markSourcePaid } from "./bill-sources.server";
import { lockPayment, releaseHold } from "./settle.server";
import { TOP_UP_LIMITS } from "./top-up";

// Starting a payment: the row that records it (made in the caller's
// transaction, with the balance part taken at once), then the processor's
// hosted page the shopper is sent to.

export const newPaymentToken = () => randomBytes(18).toString("base64url");

export type Redirection = { redirectUrl: string } | { failed: true };

/**
 * Creates the payment at its processor and returns the hosted page to send
 * the shopper to. Asked twice for one payment (a double click, a reload),
 * it returns the page the first call made. A processor that cannot be
 * reached fails the payment, which gives its balance part back.
 */
export async function sendToProcessor(token: string, origin: string, locale: Locale): Promise<Redirection | null> {
  const payment = await db()
    .selectFrom("payments as p")
    .leftJoin("orders as o", "o.id", "p.order_id")
    .select(["p.id", "p.status", "p.redirect_url", "p.processor", "p.amount_minor", "p.currency", "p.purpose", "p.order_id", "o.kind", "o.source_id", "o.email"])
    .where("p.token", "=", token)
    .executeTakeFirst();
  if (!payment) return null;
  if (payment.status !== "pending") return { failed: true };
  if (payment.redirect_url) return { redirectUrl: payment.redirect_url };
  const processor = processorFor(payment.processor);
  const back = (path: string) => `${origin}${localePath(locale, path)}?payment=${token}`;
  try {
    if (!processor) throw new ProcessorUnavailable(`No keys for ${payment.processor}`);
    const started = await processor.start({
      reference: token,
      amountMinor: Number(payment.amount_minor),
      currency: payment.currency,
      description: payment.purpose === "order" ? orderNumber(payment.kind!, Number(payment.source_id ?? payment.order_id)) : "Balance top-up",
      returnUrl: back("/payment/accept"),
      cancelUrl: back("/payment/fail"),
      webhookUrl: `${origin}/api/payments/webhooks/${payment.processor}`,
      language: locale === "ee" ? "et" : locale,
      email: payment.email,
    });
    const stored = await db()
      .updateTable("payments")
      .set({ processor_ref: started.processorRef, redirect_url: started.redirectUrl })
      .where("id", "=", payment.id)
      .where("redirect_url", "is", null)
      .returning("redirect_url")
      .executeTakeFirst();
    if (stored) return { redirectUrl: started.redirectUrl };
    // Another request started it meanwhile: the shopper goes where that one went.
    const first = await db().selectFrom("payments").select("redirect_url").where("id", "=", payment.id).executeTakeFirstOrThrow();
    return { redirectUrl: first.redirect_url! };
  } catch (err) {
    // The shop's own database gone away (the sandbox keeps its payments there
    // too) is not the processor failing: the shopper is asked to try again,
    // and the payment stays pending for that retry.
    if (isDatabaseUnavailable(err)) throw err;
    logger.error({ err, payment: payment.id, processor: payment.processor }, "A payment could not be started at its processor");
    await db()
      .transaction()
      .execute(async (trx) => {
        const locked = await lockPayment(trx, Number(payment.id));
        if (locked?.status !== "pending" || locked.processor_ref) return;
        await trx.updateTable("payments").set({ status: "failed", settled_at: new Date() }).where("id", "=", locked.id).execute();
        await releaseHold(trx, locked);
      });
    return { failed: true };
  }
}

/** Gives up an order's payments still pending, so a new attempt can start; their balance parts come back. */
export async function abandonPending(trx: DB, orderId: number) {
  const pending = await trx.selectFrom("payments").select("id").where("order_id", "=", orderId).where("status", "=", "pending").execute();
  for (const { id } of pending) {
    const payment = await lockPayment(trx, Number(id));
    if (payment?.status !== "pending") continue;
    await trx.updateTable("payments").set({ status: "abandoned", settled_at: new Date() }).where("id", "=", payment.id).execute();
    await releaseHold(trx, payment);
  }
}

/**
 * The same payment again, after it failed, was declined or was given up
 * (the return page's "Try again"): a new payment with the same method and
 * the same balance part, taken from the balance again. Whoever holds the
 * last payment's token may ask, as its return page does, so a guest can
 * retry too. Null when the order is paid or the balance no longer covers its part.
 */
export async function retryPayment(token: string): Promise<string | null> {
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const last = await trx.selectFrom("payments").select(["id", "order_id"]).where("token", "=", token).executeTakeFirst();
        if (!last?.order_id) return null;
        const order = await trx.selectFrom("orders").select(["id", "kind", "source_id", "status", "user_id"]).where("id", "=", last.order_id).forUpdate().executeTakeFirstOrThrow();
        if (order.status !== "unpaid") return null;
        const previous = await lockPayment(trx, Number(last.id));
        if (!previous || previous.status === "pending" || previous.status === "paid" || previous.status === "review") return null;
        await abandonPending(trx, Number(order.id));
        const hold = previous.balance_released ? previous.balance_hold_minor : 0;
        if (hold > 0) {
          await recordBalanceEntry(
            { userId: Number(order.user_id), ...(await ledgerRef(trx, order)), type: BALANCE_TYPE.deduction, amountMinor: hold },
            trx,
          );
          await trx.updateTable("orders").set((eb) => ({ balance_minor: eb("balance_minor", "+", hold) })).where("id", "=", order.id).execute();
        }
        const next = newPaymentToken();
        await trx
          .insertInto("payments")
          .values({
            token: next,
            order_id: order.id,
            user_id: order.user_id,
            provider: previous.provider,
            processor: previous.processor,
            amount_minor: previous.amount_minor,
            balance_hold_minor: hold,
          })
          .execute();
        return next;
      });
  } catch (error) {
    if (error instanceof BalanceError && error.reason === "insufficient-balance") return null;
    throw error;
  }
}

export type PayLaterChoice = { provider: 1 | 2 | 3 | 4; balanceMinor: number };
export type PayLaterOutcome =
  | { ok: true; paid: true; order: { slug: string; kind: OrderKind; source_id: number | null } }
  | { ok: true; paid: false; token: string }
  | { ok: false; error: "not_found" | "already_paid" | "unknown_payment_method" | "balance_too_high" | "balance_guest" };

/**
 * A new payment for an unpaid order (payment-pay: /payment/{order slug}): the
 * order's amount before any payment fee, less what the balance pays, plus
 * the chosen method's fee. Paying it all from the balance pays the order at
 * once. Earlier attempts still pending are given up first.
 */
export async function startOrderPayment(orderSlug: string, userId: number, siteId: number, locale: Locale, choice: PayLaterChoice): Promise<PayLaterOutcome> {
  const methods = await paymentMethods(siteId, locale);
  const method = methods.find((m) => m.id === choice.provider);
  if (!method) return { ok: false, error: "unknown_payment_method" };
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<PayLaterOutcome> => {
        const order = await trx.selectFrom("orders").selectAll().where("slug", "=", orderSlug).where("user_id", "=", userId).forUpdate().executeTakeFirst();
        if (!order) return { ok: false, error: "not_found" };
        if (order.status !== "unpaid") return { ok: false, error: "already_paid" };
        await abandonPending(trx, Number(order.id));
        const released = await trx.selectFrom("orders").select("balance_minor").where("id", "=", order.id).executeTakeFirstOrThrow();
        // What is due before any fee: the order's total without its fee, less a balance part still spent on it.
        const due = Number(order.total_minor) - Number(order.payment_fee_minor) - Number(released.balance_minor);
        const fromBalance = method.processor === "balance" ? due : Math.min(choice.balanceMinor, due);
        const rest = due - fromBalance;
        const fee = method.processor === "balance" ? 0 : paymentMethodFee(rest, method);
        if (fromBalance > 0) {
          await recordBalanceEntry(
            { userId, ...(await ledgerRef(trx, order)), type: BALANCE_TYPE.deduction, amountMinor: fromBalance },
            trx,
          );
        }
        const paidNow = rest === 0;
        await trx
          .updateTable("orders")
          .set((eb) => ({
            balance_minor: eb("balance_minor", "+", fromBalance),
            payment_fee_minor: fee,
            total_minor: Number(order.total_minor) - Number(order.payment_fee_minor) + fee,
            payment_provider: method.id,
            ...(paidNow ? { status: "paid" as const, paid_at: new Date() } : {}),
          }))
          .where("id", "=", order.id)
          .execute();
        if (paidNow) {
          if (!(await markSourcePaid(trx, order, new Date()))) throw new Error(`Order ${order.id} bills something no longer payable`);
          return { ok: true, paid: true, order };
        }
        const token = newPaymentToken();
        await trx
          .insertInto("payments")
          .values({
            token,
            order_id: order.id,
            user_id: userId,
            provider: method.id,
            processor: method.processor as PaymentProcessorKey,
            amount_minor: rest + fee,
            balance_hold_minor: fromBalance,
          })
          .execute();
        return { ok: true, paid: false, token };
      });
  } catch (error) {
    if (error instanceof BalanceError && error.reason === "insufficient-balance") return { ok: false, error: "balance_too_high" };
    throw error;
  }
}

export type TopUpOutcome = { ok: true; token: string } | { ok: false; error: "unknown_payment_method" | "amount" };

/**
 * A balance top-up (balance/pay): the processor takes the amount and the
 * balance gains it, with no method fee (decision 026: a fee would leave the
 * balance short of what the customer chose to add).
 */
export async function startTopUp(userId: number, siteId: number, locale: Locale, provider: number, amountMinor: number): Promise<TopUpOutcome> {
  const method = (await paymentMethods(siteId, locale)).find((m) => m.id === provider && m.processor !== "balance");
  if (!method) return { ok: false, error: "unknown_payment_method" };
  if (!Number.isSafeInteger(amountMinor) || amountMinor < TOP_UP_LIMITS.min || amountMinor > TOP_UP_LIMITS.max) return { ok: false, error: "amount" };
  const token = newPaymentToken();
  await db()
    .insertInto("payments")
    .values({ token, purpose: "top-up", user_id: userId, provider: method.id, processor: method.processor as PaymentProcessorKey, amount_minor: amountMinor })
    .execute();
  return { ok: true, token };
}
