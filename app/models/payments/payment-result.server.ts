import type { PaymentStatus } from "~/models/db/schema";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { billPage } from "./bill-sources.server";
import { processorFor } from "./processors.server";
import { faultPoint } from "~/platform/fault-points.server";
import { settlePayment } from "./settle.server";

// A payment's outcome as the return pages show it (spec 2: /payment/accept,
// /payment/fail, /payment/decline). The shopper's return is one of the
// three ways a payment's outcome arrives: the page asks the processor,
// settles what it hears (once, with the webhook and reconciliation), and
// shows the page that fits.

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
  const settled = await settlePayment(Number(payment.id), answer);
  await faultPoint("payment.after-commit");
  return settled ?? payment.status;
}

/** A payment's outcome after asking its processor, and the return page it belongs on; null for no such payment. */
export async function paymentResult(token: string) {
  const status = await confirmPayment(token).catch(() => null);
  const payment = status ? await findPayment(token) : null;
  if (!payment) return null;
  const outcome: PaymentOutcome = payment.status === "abandoned" ? "failed" : payment.status;
  return {
    page: PAGE_OF[payment.status],
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
  };
}
