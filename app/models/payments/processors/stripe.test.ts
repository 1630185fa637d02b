import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEYS, startFakeProcessors, type FakeProcessors, type FakeServer, testPayment } from "../../../../tests/fakes/payment-processors";
import { ProcessorUnavailable, WebhookRejected, type PaymentProcessor, type StartPayment } from "~/models/payments/provider";
import { stripeProcessor } from "./stripe.server";

let fake: FakeProcessors & FakeServer;
let stripe: PaymentProcessor;
// Only for signing test webhooks: constructing it sends nothing.
const signer = new Stripe(FAKE_KEYS.stripe.secretKey);

beforeAll(async () => {
  fake = await startFakeProcessors();
  stripe = stripeProcessor({ ...FAKE_KEYS.stripe, apiBase: fake.apiBase.stripe });
});
afterAll(() => fake.close());

const payment = (fields: Partial<StartPayment> = {}) => testPayment("stripe", "lt", fields);

function signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const rawBody = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload: rawBody,
    secret: options.secret ?? FAKE_KEYS.stripe.webhookSecret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { rawBody, headers: new Headers({ "stripe-signature": header }) };
}

describe("stripe start", () => {
  it("creates a hosted Checkout Session for the payment", async () => {
    const p = payment();
    const started = await stripe.start(p);
    const session = fake.stripe.session(started.processorRef);
    expect(started.redirectUrl).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      status: "open",
      amount_total: 1234,
      currency: "eur",
      client_reference_id: p.reference,
      metadata: { reference: p.reference },
      success_url: p.returnUrl,
      cancel_url: p.cancelUrl,
      locale: "lt",
      customer_email: "buyer@example.com",
    });
  });

  it("lets Stripe pick the language it does not share with us, and sends no email when there is none", async () => {
    const started = await stripe.start(payment({ language: "ru", email: null }));
    expect(fake.stripe.session(started.processorRef)).toMatchObject({ locale: "auto", customer_email: null });
  });

  it("gives a retried start the same session", async () => {
    const p = payment();
    const [first, second] = [await stripe.start(p), await stripe.start(p)];
    expect(second.processorRef).toBe(first.processorRef);
  });

  it("reports an unreachable Stripe as unavailable", async () => {
    const down = stripeProcessor({ ...FAKE_KEYS.stripe, apiBase: "http://127.0.0.1:1" });
    await expect(down.start(payment())).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("stripe confirm", () => {
  it("is pending until the buyer pays, then paid with the amount, currency and PaymentIntent", async () => {
    const { processorRef } = await stripe.start(payment());
    expect(await stripe.confirm(processorRef, "")).toMatchObject({ status: "pending", amountMinor: 1234, currency: "EUR" });
    const session = fake.stripe.complete(processorRef);
    expect(await stripe.confirm(processorRef, "")).toEqual({
      status: "paid",
      amountMinor: 1234,
      currency: "EUR",
      transactionId: session.payment_intent,
    });
  });

  it("pays through the fake's hosted page as a browser would", async () => {
    const p = payment();
    const { processorRef, redirectUrl } = await stripe.start(p);
    expect((await fetch(redirectUrl)).status).toBe(200);
    const back = await fetch(redirectUrl, { method: "POST", body: new URLSearchParams({ action: "pay" }), redirect: "manual" });
    expect(back.headers.get("location")).toBe(p.returnUrl);
    expect((await stripe.confirm(processorRef, "")).status).toBe("paid");
  });

  it("stays pending while a bank debit is on its way", async () => {
    const { processorRef } = await stripe.start(payment());
    fake.stripe.complete(processorRef, "unpaid");
    expect((await stripe.confirm(processorRef, "")).status).toBe("pending");
  });

  it("says failed for an expired session", async () => {
    const { processorRef } = await stripe.start(payment());
    fake.stripe.expire(processorRef);
    expect(await stripe.confirm(processorRef, "")).toMatchObject({ status: "failed", transactionId: null });
  });

  it("reports an unknown session as unavailable", async () => {
    await expect(stripe.confirm("cs_test_missing", "")).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("stripe refund", () => {
  it("refunds once per idempotency key", async () => {
    const { processorRef } = await stripe.start(payment());
    const paymentIntent = fake.stripe.complete(processorRef).payment_intent ?? "";
    const first = await stripe.refund(processorRef, 500, "EUR", "refund-1");
    const again = await stripe.refund(processorRef, 500, "EUR", "refund-1");
    expect(again).toEqual(first);
    expect(fake.stripe.refunds(paymentIntent)).toEqual([expect.objectContaining({ id: first.refundRef, amount: 500 })]);
    await stripe.refund(processorRef, 734, "EUR", "refund-2");
    expect(fake.stripe.refunds(paymentIntent).map((r) => r.amount)).toEqual([500, 734]);
  });

  it("refuses a refund beyond what was paid, in another currency, or of an unpaid session", async () => {
    const { processorRef } = await stripe.start(payment());
    await expect(stripe.refund(processorRef, 100, "EUR", "refund-unpaid")).rejects.toThrow(/no payment/);
    fake.stripe.complete(processorRef);
    await expect(stripe.refund(processorRef, 100, "USD", "refund-usd")).rejects.toThrow(/paid in EUR/);
    await expect(stripe.refund(processorRef, 1235, "EUR", "refund-too-much")).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("stripe webhooks", () => {
  it("maps a genuine checkout.session.completed to a paid event", async () => {
    const p = payment();
    const { processorRef } = await stripe.start(p);
    const session = fake.stripe.complete(processorRef);
    const { rawBody, headers } = signed(fake.stripe.event("checkout.session.completed", processorRef, "evt_completed"));
    expect(await stripe.verifyWebhook(rawBody, headers)).toEqual({
      eventId: "evt_completed",
      processorRef,
      reference: p.reference,
      status: "paid",
      amountMinor: 1234,
      currency: "EUR",
      transactionId: session.payment_intent,
    });
  });

  it("maps the async and expiry events, and ignores the rest", async () => {
    const { processorRef } = await stripe.start(payment());
    fake.stripe.complete(processorRef, "unpaid");
    const verify = async (type: string) => {
      const { rawBody, headers } = signed(fake.stripe.event(type, processorRef));
      return (await stripe.verifyWebhook(rawBody, headers))?.status;
    };
    expect(await verify("checkout.session.completed")).toBe("pending");
    expect(await verify("checkout.session.async_payment_failed")).toBe("declined");
    expect(await verify("checkout.session.expired")).toBe("failed");
    fake.stripe.settleAsync(processorRef);
    expect(await verify("checkout.session.async_payment_succeeded")).toBe("paid");
    expect(await verify("payment_intent.succeeded")).toBeUndefined();
  });

  it("rejects a forged, altered, expired or unsigned webhook", async () => {
    const { processorRef } = await stripe.start(payment());
    fake.stripe.complete(processorRef);
    const event = fake.stripe.event("checkout.session.completed", processorRef);

    const forged = signed(event, { secret: "whsec_someone_else" });
    await expect(stripe.verifyWebhook(forged.rawBody, forged.headers)).rejects.toBeInstanceOf(WebhookRejected);

    const genuine = signed(event);
    const altered = genuine.rawBody.replace('"amount_total":1234', '"amount_total":1');
    expect(altered).not.toBe(genuine.rawBody);
    await expect(stripe.verifyWebhook(altered, genuine.headers)).rejects.toBeInstanceOf(WebhookRejected);

    const expired = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    await expect(stripe.verifyWebhook(expired.rawBody, expired.headers)).rejects.toBeInstanceOf(WebhookRejected);

    await expect(stripe.verifyWebhook(genuine.rawBody, new Headers())).rejects.toBeInstanceOf(WebhookRejected);
  });
});
