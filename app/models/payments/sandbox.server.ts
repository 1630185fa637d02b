import { randomBytes } from "node:crypto";
import { db } from "~/models/db/db.server";

// The sandbox card provider (provider 1 until a real one is configured): a
// hosted page of the shop's own where the shopper's "card" succeeds, fails
// or is declined, so the shop sells with no account anywhere. It settles a
// payment the way a provider's answer will: once, under a lock, and a paid
// payment marks its order paid. The payments issue puts real providers
// behind the same settlement.

export type SandboxOutcome = "paid" | "failed" | "declined";
export const SANDBOX_OUTCOMES: readonly SandboxOutcome[] = ["paid", "failed", "declined"];

/** A pending or settled payment by its token, with what its page shows. */
export async function findPayment(token: string) {
  if (!/^[\w-]{16,64}$/.test(token)) return null;
  return (
    (await db()
      .selectFrom("payments as pay")
      .innerJoin("orders as o", "o.id", "pay.order_id")
      .innerJoin("currencies as c", "c.id", "o.currency_id")
      .select(["pay.id", "pay.token", "pay.status", "pay.amount_minor", "pay.provider", "o.id as order_id", "o.slug as order_slug", "o.checkout_slug", "o.status as order_status"])
      .where("pay.token", "=", token)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Settles a payment once: the first answer counts, a repeated one (a double
 * click, a retried webhook) changes nothing and reads the same status back.
 */
export async function settlePayment(token: string, outcome: SandboxOutcome) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const payment = await trx.selectFrom("payments").select(["id", "order_id", "status"]).where("token", "=", token).forUpdate().executeTakeFirst();
      if (!payment) return null;
      if (payment.status !== "pending") return payment.status;
      await trx.updateTable("payments").set({ status: outcome, settled_at: new Date() }).where("id", "=", payment.id).execute();
      if (outcome === "paid") {
        await trx.updateTable("orders").set({ status: "paid", paid_at: new Date() }).where("id", "=", payment.order_id).where("status", "=", "unpaid").execute();
      }
      return outcome;
    });
}

/** A new attempt for an unpaid order whose last payment failed or was declined. */
export async function retryPayment(token: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const last = await trx.selectFrom("payments").selectAll().where("token", "=", token).forUpdate().executeTakeFirst();
      if (!last || last.status === "pending" || last.status === "paid") return last?.token ?? null;
      const order = await trx.selectFrom("orders").select("status").where("id", "=", last.order_id).executeTakeFirstOrThrow();
      if (order.status !== "unpaid") return null;
      const next = randomBytes(18).toString("base64url");
      await trx.insertInto("payments").values({ token: next, order_id: last.order_id, provider: last.provider, amount_minor: last.amount_minor }).execute();
      return next;
    });
}
