import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/models/db/db.server";
import type { SandboxOutcome } from "~/models/payments/processors/sandbox";
import { decideSandboxPayment, sandboxProcessor, signSandboxWebhook } from "~/models/payments/processors/sandbox.server";
import { resolveIncident } from "~/models/payments/incidents.server";
import { reconcilePayments } from "~/models/payments/reconcile.server";
import { refundOrder } from "~/models/payments/refunds.server";
import { auditTrail, COMMAND_LINE } from "~/models/audit/audit.server";
import { confirmPayment } from "~/models/payments/payment-result.server";
import { retryPayment, sendToProcessor, startOrderPayment, startTopUp } from "~/models/payments/start.server";
import { ProcessorUnavailable } from "~/models/payments/provider";
import { action as webhook } from "~/routes/api/payments/webhooks";
import { action as topUpAction } from "~/routes/account/balance-top-up";
import { makeCustomer, makeOrders, sessionCookie } from "./factories";

// Payments settle exactly once (decision 026), whichever of the shopper's
// return, the processor's webhook (late, twice, out of order) and
// reconciliation comes first, and the ledger stays one unbroken chain.

const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const ORIGIN = "http://shop.test";
const START_BALANCE = 10_000;
const HOLD = 500;

async function siteId() {
  return Number((await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
}

/** A customer with a balance and an unpaid order of 22.90 €, paid by the card with 5.00 € from the balance. */
async function orderBeingPaid() {
  const customer = await makeCustomer({ balance: START_BALANCE });
  const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "unpaid", placedNow: true }]);
  const started = await startOrderPayment(order!.slug, customer.id, await siteId(), "en", { provider: 1, balanceMinor: HOLD });
  if (!started.ok || started.paid) throw new Error(`the payment did not start: ${JSON.stringify(started)}`);
  const sent = await sendToProcessor(started.token, ORIGIN, "en");
  if (!sent || !("redirectUrl" in sent)) throw new Error("the sandbox did not take the payment");
  const payment = await db().selectFrom("payments").selectAll().where("token", "=", started.token).executeTakeFirstOrThrow();
  return { customer, orderId: Number(order!.id), orderSlug: order!.slug, token: started.token, ref: payment.processor_ref!, payment };
}

/** The sandbox's webhook for a payment's state, as it would post it. */
async function signedEvent(ref: string, override: Partial<{ status: string; amount_minor: number }> = {}, timestamp?: number) {
  const row = await db().selectFrom("sandbox_payments").selectAll().where("ref", "=", ref).executeTakeFirstOrThrow();
  const status = override.status ?? row.status;
  const body = JSON.stringify({
    id: `evt_${ref}_${status}${override.amount_minor ? "_odd" : ""}`,
    type: "payment.updated",
    data: { ref, reference: row.reference, status, amount_minor: override.amount_minor ?? Number(row.amount_minor), currency: row.currency },
  });
  return { body, signature: signSandboxWebhook(body, undefined, timestamp) };
}

const post = (body: string, signature: string) =>
  webhook({
    request: new Request(`${ORIGIN}/api/payments/webhooks/sandbox`, { method: "POST", headers: { "content-type": "application/json", "sandbox-signature": signature }, body }),
    params: { processor: "sandbox" },
    context: {},
  });

/** The refused webhooks waiting for staff (0045), per processor, reason and day. */
function openRefusals() {
  return db().selectFrom("payment_incidents").select(["detail", "occurrences"]).where("kind", "=", "webhook_refused").where("processor", "=", "sandbox").where("resolved_at", "is", null).execute();
}

async function ledgerOf(userId: number) {
  return db().selectFrom("balance_entries").select(["type", "rel_type", "amount_minor", "end_balance_minor"]).where("user_id", "=", userId).orderBy("id").execute();
}

/** Entries that do not start where their owner's previous one ended (decision 011's audit): none, ever. */
async function brokenChains() {
  const { rows } = await sql<{ id: number }>`
    select id from (
      select id, starting_balance_minor, lag(end_balance_minor, 1, 0::bigint) over (partition by user_id order by id) as previous_end
      from balance_entries) chain
    where starting_balance_minor <> previous_end`.execute(db());
  return rows;
}

function shuffle<T>(items: T[], random: () => number) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A small seeded generator, so a failing interleaving can be run again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("settling a payment", () => {
  it(
    `${onPostgres ? 500 : 40} random interleavings of the return, duplicated and reordered webhooks and reconciliation settle each payment once`,
    { timeout: 240_000 },
    async () => {
      const count = onPostgres ? 500 : 40;
      const seed = Date.now() % 100_000;
      const random = seeded(seed);
      const outcomes: SandboxOutcome[] = ["paid", "paid", "paid", "declined", "failed"];
      const cases: Array<Awaited<ReturnType<typeof orderBeingPaid>> & { outcome: SandboxOutcome }> = [];
      for (let i = 0; i < count; i++) cases.push({ ...(await orderBeingPaid()), outcome: outcomes[Math.floor(random() * outcomes.length)]! });

      const batch = 25;
      for (let start = 0; start < cases.length; start += batch) {
        await Promise.all(
          cases.slice(start, start + batch).map(async (c) => {
            const pendingNotice = await signedEvent(c.ref);
            await decideSandboxPayment(c.ref, c.outcome, "never");
            const notice = await signedEvent(c.ref);
            const steps: Array<() => Promise<unknown>> = [
              () => confirmPayment(c.token),
              () => post(notice.body, notice.signature),
              () => post(notice.body, notice.signature),
              // An older "still pending" notice arriving after the outcome changes nothing.
              () => post(pendingNotice.body, pendingNotice.signature),
              () => reconcilePayments(new Date(Date.now() + 10 * 60_000)),
            ];
            if (random() < 0.5) steps.push(() => post(notice.body, notice.signature));
            if (random() < 0.5) steps.push(() => confirmPayment(c.token));
            await Promise.all(shuffle(steps, random).map((step) => step()));
          }),
        );
      }

      for (const c of cases) {
        const context = `seed ${seed}, order ${c.orderId}, ${c.outcome}`;
        const order = await db().selectFrom("orders").select(["status", "balance_minor"]).where("id", "=", c.orderId).executeTakeFirstOrThrow();
        const payments = await db().selectFrom("payments").select(["status", "balance_released"]).where("order_id", "=", c.orderId).execute();
        const ledger = await ledgerOf(c.customer.id);
        const balance = await db().selectFrom("users").select("balance_minor").where("id", "=", c.customer.id).executeTakeFirstOrThrow();
        if (c.outcome === "paid") {
          expect(order.status, context).toBe("paid");
          expect(payments, context).toEqual([{ status: "paid", balance_released: false }]);
          expect(balance.balance_minor, context).toBe(START_BALANCE - HOLD);
          expect(ledger.map((e) => e.type), context).toEqual([1, 2]);
        } else {
          expect(order.status, context).toBe("unpaid");
          expect(payments, context).toEqual([{ status: c.outcome, balance_released: true }]);
          // The held part came back exactly once.
          expect(balance.balance_minor, context).toBe(START_BALANCE);
          expect(ledger.map((e) => e.type), context).toEqual([1, 2, 1]);
          expect(order.balance_minor, context).toBe(0);
        }
      }
      expect(await brokenChains()).toEqual([]);
    },
  );

  it("a webhook replayed 50 times at once has one effect: one top-up in the ledger", async () => {
    const customer = await makeCustomer();
    const started = await startTopUp(customer.id, await siteId(), "en", 3, 2_500);
    if (!started.ok) throw new Error("the top-up did not start");
    await sendToProcessor(started.token, ORIGIN, "en");
    const payment = await db().selectFrom("payments").selectAll().where("token", "=", started.token).executeTakeFirstOrThrow();
    await decideSandboxPayment(payment.processor_ref!, "paid", "never");
    const notice = await signedEvent(payment.processor_ref!);

    const answers = await Promise.all(Array.from({ length: 50 }, () => post(notice.body, notice.signature)));

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const ledger = await db().selectFrom("balance_entries").selectAll().where("user_id", "=", customer.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ rel_type: 3, type: 1, amount_minor: 2_500, payment_processor_name: "Sandbox", payment_processor_transaction_id: payment.processor_ref });
    expect(await db().selectFrom("payment_events").select("event_id").where("payment_id", "=", payment.id).execute()).toHaveLength(1);
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(2_500);
  });

  it("the top-up form reads an amount typed with a decimal comma, without scripts", async () => {
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    const submit = (amount: string) =>
      topUpAction({
        request: new Request(`${ORIGIN}/lt/balance/pay`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: new URLSearchParams({ amount, payment: "3" }) }),
        params: { locale: "lt" },
        context: {},
      }).catch((thrown: unknown) => thrown);

    const refused = (await submit("0,50")) as unknown as { data: { error: Record<string, string[]>; initialValue: { amount: string } }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.initialValue.amount).toBe("0,50");
    expect(refused.data.error).toEqual({ amount: ["payment.topUp.range"] });

    const sent = await submit("25,50");
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).status).toBe(303);
    const payments = await db().selectFrom("payments").select(["purpose", "amount_minor"]).where("user_id", "=", customer.id).execute();
    expect(payments.map((p) => ({ purpose: p.purpose, amount: Number(p.amount_minor) }))).toEqual([{ purpose: "top-up", amount: 2_550 }]);
  });

  it("a forged, altered or expired signature gets 400 and changes nothing", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    const notice = await signedEvent(c.ref);
    const forged = signSandboxWebhook(notice.body, "not-the-shops-secret-at-all");
    const expired = await signedEvent(c.ref, {}, Math.floor(Date.now() / 1000) - 301);
    const altered = notice.body.replace(`"amount_minor":${c.payment.amount_minor}`, `"amount_minor":1`);
    const before = await openRefusals();

    expect((await post(notice.body, forged)).status).toBe(400);
    expect((await post(expired.body, expired.signature)).status).toBe(400);
    expect((await post(altered, notice.signature)).status).toBe(400);
    expect((await post(notice.body, "")).status).toBe(400);
    // Counted for the back office, one row a day per processor and reason: the two bad signatures are one row of two.
    const refusals = await openRefusals();
    expect(refusals.reduce((sum, row) => sum + row.occurrences, 0) - before.reduce((sum, row) => sum + row.occurrences, 0)).toBe(4);

    expect(await db().selectFrom("payments").select("status").where("id", "=", c.payment.id).executeTakeFirstOrThrow()).toEqual({ status: "pending" });
    expect(await db().selectFrom("payment_events").select("event_id").where("payment_id", "=", c.payment.id).execute()).toEqual([]);
    expect((await db().selectFrom("orders").select("status").where("id", "=", c.orderId).executeTakeFirstOrThrow()).status).toBe("unpaid");
  });

  it("a body nested thousands of levels deep gets 400 before any processor reads it, signed or not, and is counted", async () => {
    const before = await openRefusals();
    for (const levels of [5_000, 12_000]) {
      // Written by hand: JSON.stringify itself overflows at this depth.
      const body = `{"id":"evt_deep","type":"payment.updated","data":${"[".repeat(levels)}${"]".repeat(levels)}}`;
      expect((await post(body, signSandboxWebhook(body))).status, `${levels} levels, signed`).toBe(400);
      expect((await post(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`, "")).status, `${levels} levels`).toBe(400);
    }
    const refusals = await openRefusals();
    expect(refusals.find((row) => row.detail === "Webhook body nested too deeply")?.occurrences).toBe(4);
    expect(refusals.reduce((sum, row) => sum + row.occurrences, 0) - before.reduce((sum, row) => sum + row.occurrences, 0)).toBe(4);
  });

  it("a payment of another amount is flagged for an operator, not marked paid, and its balance part stays held", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    const odd = await signedEvent(c.ref, { amount_minor: Number(c.payment.amount_minor) - 1 });

    expect((await post(odd.body, odd.signature)).status).toBe(200);

    const payment = await db().selectFrom("payments").select(["status", "review_reason", "balance_released"]).where("id", "=", c.payment.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe("review");
    expect(payment.review_reason).toContain(`asked ${c.payment.amount_minor} EUR`);
    expect(payment.balance_released).toBe(false);
    expect((await db().selectFrom("orders").select("status").where("id", "=", c.orderId).executeTakeFirstOrThrow()).status).toBe("unpaid");
    // The genuine notice arriving later does not undo the flag.
    const genuine = await signedEvent(c.ref);
    await post(genuine.body, genuine.signature);
    expect((await db().selectFrom("payments").select("status").where("id", "=", c.payment.id).executeTakeFirstOrThrow()).status).toBe("review");
  });
});

describe("starting a payment at its processor", () => {
  /** A customer's unpaid order with a payment started, HOLD of it from the balance, not yet at the processor. */
  async function started() {
    const customer = await makeCustomer({ balance: START_BALANCE });
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "unpaid", placedNow: true }]);
    const payment = await startOrderPayment(order!.slug, customer.id, await siteId(), "en", { provider: 1, balanceMinor: HOLD });
    if (!payment.ok || payment.paid) throw new Error(`the payment did not start: ${JSON.stringify(payment)}`);
    const state = async () => ({
      status: (await db().selectFrom("payments").select("status").where("token", "=", payment.token).executeTakeFirstOrThrow()).status,
      balance: Number((await db().selectFrom("users").select("balance_minor").where("id", "=", customer.id).executeTakeFirstOrThrow()).balance_minor),
    });
    return { token: payment.token, state };
  }

  it("a processor that cannot be reached fails the payment and gives its balance part back", async () => {
    const { token, state } = await started();
    const start = vi.spyOn(sandboxProcessor, "start").mockRejectedValueOnce(new ProcessorUnavailable("The processor did not answer"));
    try {
      expect(await sendToProcessor(token, ORIGIN, "en")).toEqual({ failed: true });
    } finally {
      start.mockRestore();
    }
    expect(await state()).toEqual({ status: "failed", balance: START_BALANCE });
  });

  it("the shop's database going away meanwhile is a 'try again', not a failed payment: the retry reaches the processor", async () => {
    const { token, state } = await started();
    const start = vi.spyOn(sandboxProcessor, "start").mockRejectedValueOnce(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
    try {
      await expect(sendToProcessor(token, ORIGIN, "en")).rejects.toThrow("Connection terminated");
    } finally {
      start.mockRestore();
    }
    expect(await state()).toEqual({ status: "pending", balance: START_BALANCE - HOLD });
    expect(await sendToProcessor(token, ORIGIN, "en")).toEqual({ redirectUrl: expect.stringContaining("/en/payment/sandbox/") });
  });
});

describe("reconciliation", () => {
  it("completes a payment whose webhook was lost and gives up one never paid, returning its balance part", async () => {
    const lost = await orderBeingPaid();
    const neverPaid = await orderBeingPaid();
    await decideSandboxPayment(lost.ref, "paid", "never");

    // Too soon: both are left for their webhooks.
    await reconcilePayments(new Date());
    expect((await db().selectFrom("orders").select("status").where("id", "=", lost.orderId).executeTakeFirstOrThrow()).status).toBe("unpaid");

    const report = await reconcilePayments(new Date(Date.now() + 2 * 3_600_000));
    expect(report.skipped).toBeUndefined();
    expect((await db().selectFrom("orders").select("status").where("id", "=", lost.orderId).executeTakeFirstOrThrow()).status).toBe("paid");
    expect(await db().selectFrom("payments").select(["status", "balance_released"]).where("id", "=", neverPaid.payment.id).executeTakeFirstOrThrow()).toEqual({
      status: "abandoned",
      balance_released: true,
    });
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", neverPaid.customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(START_BALANCE);
    // Its processor had it: staff are asked to look into it, once, however often reconciliation runs.
    await reconcilePayments(new Date(Date.now() + 3 * 3_600_000));
    const givenUp = await db().selectFrom("payment_incidents").select(["kind", "processor"]).where("payment_id", "=", neverPaid.payment.id).execute();
    expect(givenUp).toEqual([{ kind: "gave_up", processor: "sandbox" }]);
    const incident = await db().selectFrom("payment_incidents").select("id").where("payment_id", "=", neverPaid.payment.id).executeTakeFirstOrThrow();
    expect(await resolveIncident(COMMAND_LINE, incident.id)).toEqual({ ok: true });
    expect(await resolveIncident(COMMAND_LINE, incident.id)).toEqual({ ok: false, error: "already_resolved" });
    expect((await auditTrail("payment_incident", incident.id)).map((entry) => entry.action)).toEqual(["payment_incident.resolve"]);

    // The shopper who comes back and pays after all is flagged, not paid twice or lost.
    await decideSandboxPayment(neverPaid.ref, "paid", "never");
    expect(await confirmPayment(neverPaid.token)).toBe("abandoned");
    const late = await signedEvent(neverPaid.ref);
    await post(late.body, late.signature);
    expect((await db().selectFrom("payments").select("status").where("id", "=", neverPaid.payment.id).executeTakeFirstOrThrow()).status).toBe("review");
  });
});

describe("paying again and refunds", () => {
  it("a declined payment can be tried again with the same balance part, and paying it refunds once to the balance", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "declined", "never");
    expect(await confirmPayment(c.token)).toBe("declined");
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", c.customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(START_BALANCE);

    const next = await retryPayment(c.token);
    expect(next).not.toBeNull();
    expect(await retryPayment(c.token)).not.toBeNull(); // a second "try again" gives up the first retry's attempt
    const attempts = await db().selectFrom("payments").select(["token", "status", "balance_hold_minor"]).where("order_id", "=", c.orderId).orderBy("id").execute();
    expect(attempts.map((a) => a.status)).toEqual(["declined", "abandoned", "pending"]);
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", c.customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(START_BALANCE - HOLD);

    const last = attempts.at(-1)!;
    await sendToProcessor(last.token, ORIGIN, "en");
    const ref = (await db().selectFrom("payments").select("processor_ref").where("token", "=", last.token).executeTakeFirstOrThrow()).processor_ref!;
    await decideSandboxPayment(ref, "paid", "never");
    expect(await confirmPayment(last.token)).toBe("paid");
    const total = Number((await db().selectFrom("orders").select("total_minor").where("id", "=", c.orderId).executeTakeFirstOrThrow()).total_minor);

    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "balance" })).toMatchObject({ ok: true, toBalance: total, toProcessor: 0, whole: true });
    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "balance" })).toEqual({ ok: false, error: "already_refunded" });
    expect((await db().selectFrom("orders").select("status").where("id", "=", c.orderId).executeTakeFirstOrThrow()).status).toBe("refunded");
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", c.customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(
      START_BALANCE - HOLD + total,
    );
    expect(await brokenChains()).toEqual([]);
  });

  it("a refund to the processor returns its part there and the balance part to the balance", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    expect(await confirmPayment(c.token)).toBe("paid");

    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "processor" })).toMatchObject({ ok: true, toBalance: HOLD, toProcessor: Number(c.payment.amount_minor), whole: true });
    expect((await db().selectFrom("sandbox_payments").select("refunded_minor").where("ref", "=", c.ref).executeTakeFirstOrThrow()).refunded_minor).toBe(
      Number(c.payment.amount_minor),
    );
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", c.customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(START_BALANCE);
  });

  it("paying later all from the balance pays the order at once, with no fee", async () => {
    const customer = await makeCustomer({ balance: START_BALANCE });
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "unpaid", placedNow: true }]);
    expect(await startOrderPayment(order!.slug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 })).toMatchObject({ ok: true, paid: true });
    const paid = await db().selectFrom("orders").select(["status", "payment_fee_minor", "balance_minor", "total_minor"]).where("id", "=", order!.id).executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: "paid", payment_fee_minor: 0, balance_minor: 2_290, total_minor: 2_290 });
    expect(await startOrderPayment(order!.slug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 })).toEqual({ ok: false, error: "already_paid" });
  });

  it("20 tabs paying one order later from the balance at once pay it once and spend the balance once", async () => {
    const customer = await makeCustomer({ balance: START_BALANCE });
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "unpaid", placedNow: true }]);
    const site = await siteId();
    const answers = await Promise.all(Array.from({ length: 20 }, () => startOrderPayment(order!.slug, customer.id, site, "en", { provider: 4, balanceMinor: 0 })));

    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual(Array(19).fill({ ok: false, error: "already_paid" }));
    expect(await ledgerOf(customer.id)).toHaveLength(2);
    expect((await db().selectFrom("users").select("balance_minor").where("id", "=", customer.id).executeTakeFirstOrThrow()).balance_minor).toBe(START_BALANCE - 2_290);
    expect(await brokenChains()).toEqual([]);
  });

  it("20 refunds of one order at once give the money back once", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    expect(await confirmPayment(c.token)).toBe("paid");

    const answers = await Promise.all(Array.from({ length: 20 }, () => refundOrder(COMMAND_LINE, c.orderId, { target: "balance" })));

    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.error === "already_refunded")).toBe(true);
    // One refund, one line in the audit log.
    expect((await auditTrail("order", c.orderId)).map((entry) => entry.action)).toEqual(["order.refund"]);
    expect((await ledgerOf(c.customer.id)).map((e) => e.type)).toEqual([1, 2, 1]);
    expect(await brokenChains()).toEqual([]);
  });

  it("a refund in parts: each part is written to the ledger and emailed, and the order is refunded once all of it is back", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    expect(await confirmPayment(c.token)).toBe("paid");
    const total = Number((await db().selectFrom("orders").select("total_minor").where("id", "=", c.orderId).executeTakeFirstOrThrow()).total_minor);
    // Placed on a site, as every shopper's order is: its emails link there.
    await db().updateTable("orders").set({ site_id: await siteId() }).where("id", "=", c.orderId).execute();

    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "balance", amountMinor: 500, reason: "one lamp arrived broken" })).toMatchObject({ ok: true, toBalance: 500, toProcessor: 0, whole: false });
    expect(await db().selectFrom("orders").select(["status", "refunded_minor"]).where("id", "=", c.orderId).executeTakeFirstOrThrow()).toEqual({ status: "paid", refunded_minor: 500 });
    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "balance", amountMinor: total })).toEqual({ ok: false, error: "too_much" });

    // The rest to the card: the processor's part first (all it took), what remains of the balance's part to the balance.
    const rest = total - 500;
    const toProcessor = Math.min(rest, Number(c.payment.amount_minor));
    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "processor" })).toMatchObject({ ok: true, toProcessor, toBalance: rest - toProcessor, whole: true });
    expect(await db().selectFrom("orders").select(["status", "refunded_minor"]).where("id", "=", c.orderId).executeTakeFirstOrThrow()).toEqual({ status: "refunded", refunded_minor: total });
    expect((await db().selectFrom("sandbox_payments").select("refunded_minor").where("ref", "=", c.ref).executeTakeFirstOrThrow()).refunded_minor).toBe(toProcessor);
    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "balance", amountMinor: 1 })).toEqual({ ok: false, error: "already_refunded" });
    expect((await db().selectFrom("refunds").select(["status", "reason"]).where("order_id", "=", c.orderId).orderBy("id").execute())).toEqual([
      { status: "done", reason: "one lamp arrived broken" },
      { status: "done", reason: "" },
    ]);
    expect((await auditTrail("order", c.orderId)).map((entry) => entry.action)).toEqual(["order.refund", "order.refund"]);
    expect((await db().selectFrom("order_emails").select("kind").where("order_id", "=", c.orderId).where("kind", "=", "refunded").execute())).toHaveLength(2);
    expect(await brokenChains()).toEqual([]);
  });

  it("two staff refunding parts of one order at once give back no more than was paid", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    expect(await confirmPayment(c.token)).toBe("paid");
    const order = await db().selectFrom("orders").select(["total_minor", "version"]).where("id", "=", c.orderId).executeTakeFirstOrThrow();
    const part = Math.ceil(Number(order.total_minor) * 0.6);

    // From the same page (the same version): one refund, the other told the order changed.
    const fromPage = await Promise.all([1, 2].map(() => refundOrder(COMMAND_LINE, c.orderId, { target: "balance", amountMinor: part, version: order.version })));
    expect(fromPage.filter((a) => a.ok)).toHaveLength(1);
    expect(fromPage.filter((a) => !a.ok).map((a) => !a.ok && a.error)).toEqual(["stale"]);
    // Without a version (the command line): the second finds too little left.
    const fromCommand = await Promise.all([1, 2].map(() => refundOrder(COMMAND_LINE, c.orderId, { target: "balance", amountMinor: part })));
    expect(fromCommand.map((a) => !a.ok && a.error)).toEqual(["too_much", "too_much"]);
    expect((await db().selectFrom("orders").select("refunded_minor").where("id", "=", c.orderId).executeTakeFirstOrThrow()).refunded_minor).toBe(part);
    expect((await ledgerOf(c.customer.id)).map((e) => e.type)).toEqual([1, 2, 1]);
    expect(await brokenChains()).toEqual([]);
  });

  it("a refund the processor refuses gives nothing back and leaves the order as it was", async () => {
    const c = await orderBeingPaid();
    await decideSandboxPayment(c.ref, "paid", "never");
    expect(await confirmPayment(c.token)).toBe("paid");
    // The processor's books say the money is gone already: it refuses.
    await db().updateTable("sandbox_payments").set({ refunded_minor: Number(c.payment.amount_minor) }).where("ref", "=", c.ref).execute();

    expect(await refundOrder(COMMAND_LINE, c.orderId, { target: "processor", amountMinor: 100 })).toEqual({ ok: false, error: "processor_failed" });
    expect(await db().selectFrom("orders").select(["status", "refunded_minor"]).where("id", "=", c.orderId).executeTakeFirstOrThrow()).toEqual({ status: "paid", refunded_minor: 0 });
    expect((await db().selectFrom("refunds").select("status").where("order_id", "=", c.orderId).execute()).map((r) => r.status)).toEqual(["failed"]);
    expect(await auditTrail("order", c.orderId)).toEqual([]);
    expect((await ledgerOf(c.customer.id)).map((e) => e.type)).toEqual([1, 2]);
  });

  it("the sandbox's answer is read from its own books, not from the shop's", async () => {
    const c = await orderBeingPaid();
    expect(await sandboxProcessor.confirm(c.ref, c.token)).toMatchObject({ status: "pending", amountMinor: Number(c.payment.amount_minor), currency: "EUR" });
  });
});
