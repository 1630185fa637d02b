import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEYS, startFakeProcessors, type FakeProcessors, type FakeServer, testPayment } from "../../../../tests/fakes/payment-processors";
import { ProcessorUnavailable, WebhookRejected, type PaymentProcessor, type StartPayment } from "~/models/payments/provider";
import { paypalProcessor } from "./paypal.server";

let fake: FakeProcessors & FakeServer;
let paypal: PaymentProcessor;

beforeAll(async () => {
  fake = await startFakeProcessors();
  paypal = paypalProcessor({ ...FAKE_KEYS.paypal, apiBase: fake.apiBase.paypal });
});
afterAll(() => fake.close());

const payment = (fields: Partial<StartPayment> = {}) => testPayment("paypal", "lv", { email: null, ...fields });

/** An order the buyer has approved and the shop has captured. */
async function paidOrder(p = payment()) {
  const { processorRef } = await paypal.start(p);
  fake.paypal.approve(processorRef);
  const answer = await paypal.confirm(processorRef, p.reference);
  return { p, processorRef, answer };
}

function signed(event: object, options: Parameters<FakeProcessors["paypal"]["sign"]>[1] = {}) {
  const rawBody = JSON.stringify(event);
  return { rawBody, headers: new Headers(fake.paypal.sign(rawBody, options)) };
}

describe("paypal start", () => {
  it("creates an order to capture, approved by redirect", async () => {
    const p = payment();
    const started = await paypal.start(p);
    const order = fake.paypal.order(started.processorRef);
    expect(order).toMatchObject({
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: [
        { reference_id: p.reference, custom_id: p.reference, description: "Order MP123", amount: { currency_code: "EUR", value: "12.34" } },
      ],
    });
    expect(fake.paypal.experience(started.processorRef)).toMatchObject({
      return_url: p.returnUrl,
      cancel_url: p.cancelUrl,
      user_action: "PAY_NOW",
      locale: "lv-LV",
    });
    expect(started.redirectUrl).toBe(order.links.find((l) => l.rel === "payer-action")?.href);
  });

  it("gives a retried start the same order", async () => {
    const p = payment();
    const [first, second] = [await paypal.start(p), await paypal.start(p)];
    expect(second.processorRef).toBe(first.processorRef);
  });

  it("reports refused credentials and an unreachable PayPal as unavailable", async () => {
    const wrong = paypalProcessor({ ...FAKE_KEYS.paypal, clientSecret: "wrong", apiBase: fake.apiBase.paypal });
    await expect(wrong.start(payment())).rejects.toBeInstanceOf(ProcessorUnavailable);
    const down = paypalProcessor({ ...FAKE_KEYS.paypal, apiBase: "http://127.0.0.1:1" });
    await expect(down.start(payment())).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("paypal confirm", () => {
  it("is pending until approved, then captures once and says paid with the capture's amount and id", async () => {
    const p = payment();
    const { processorRef } = await paypal.start(p);
    expect(await paypal.confirm(processorRef, p.reference)).toEqual({ status: "pending", amountMinor: 1234, currency: "EUR" });
    fake.paypal.approve(processorRef);
    const answer = await paypal.confirm(processorRef, p.reference);
    const captures = fake.paypal.order(processorRef).purchase_units[0]?.payments?.captures ?? [];
    expect(captures).toHaveLength(1);
    expect(answer).toEqual({ status: "paid", amountMinor: 1234, currency: "EUR", transactionId: captures[0]?.id });
    expect(await paypal.confirm(processorRef, p.reference)).toEqual(answer);
    expect(fake.paypal.order(processorRef).purchase_units[0]?.payments?.captures).toHaveLength(1);
  });

  it("approves through the fake's hosted page as a browser would", async () => {
    const p = payment();
    const { processorRef, redirectUrl } = await paypal.start(p);
    expect((await fetch(redirectUrl)).status).toBe(200);
    const back = await fetch(redirectUrl, { method: "POST", body: new URLSearchParams({ action: "approve" }), redirect: "manual" });
    expect(back.headers.get("location")).toBe(`${p.returnUrl}?token=${processorRef}&PayerID=FAKEPAYER`);
    expect((await paypal.confirm(processorRef, p.reference)).status).toBe("paid");
  });

  it("says declined when the funding is refused at capture, either way PayPal says it", async () => {
    for (const how of ["capture", "instrument"] as const) {
      const p = payment();
      const { processorRef } = await paypal.start(p);
      fake.paypal.decline(processorRef, how);
      expect(await paypal.confirm(processorRef, p.reference)).toMatchObject({ status: "declined", amountMinor: 1234, currency: "EUR" });
    }
  });

  it("says failed for a voided order", async () => {
    const p = payment();
    const { processorRef } = await paypal.start(p);
    fake.paypal.void(processorRef);
    expect((await paypal.confirm(processorRef, p.reference)).status).toBe("failed");
  });

  it("reports an unknown order as unavailable", async () => {
    await expect(paypal.confirm("NOSUCHORDER", "x")).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("paypal refund", () => {
  it("refunds the capture once per idempotency key", async () => {
    const { processorRef, answer } = await paidOrder();
    const captureId = answer.transactionId ?? "";
    const first = await paypal.refund(processorRef, 500, "EUR", "refund-1");
    expect(await paypal.refund(processorRef, 500, "EUR", "refund-1")).toEqual(first);
    expect(fake.paypal.refunds(captureId)).toEqual([
      expect.objectContaining({ id: first.refundRef, amount: { currency_code: "EUR", value: "5.00" } }),
    ]);
    await paypal.refund(processorRef, 734, "EUR", "refund-2");
    expect(fake.paypal.refunds(captureId).map((r) => r.amount.value)).toEqual(["5.00", "7.34"]);
    // Refunded since, the order was still paid.
    expect((await paypal.confirm(processorRef, "")).status).toBe("paid");
  });

  it("refuses to refund an order never captured, or more than was paid", async () => {
    const { processorRef } = await paypal.start(payment());
    await expect(paypal.refund(processorRef, 100, "EUR", "refund-none")).rejects.toThrow(/no capture/);
    const paid = await paidOrder();
    await expect(paypal.refund(paid.processorRef, 1235, "EUR", "refund-too-much")).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("paypal webhooks", () => {
  it("maps a genuine PAYMENT.CAPTURE.COMPLETED to a paid event", async () => {
    const { p, processorRef, answer } = await paidOrder();
    const { rawBody, headers } = signed(fake.paypal.event("PAYMENT.CAPTURE.COMPLETED", processorRef, "WH-COMPLETED"));
    expect(await paypal.verifyWebhook(rawBody, headers)).toEqual({
      eventId: "WH-COMPLETED",
      processorRef,
      reference: p.reference,
      status: "paid",
      amountMinor: 1234,
      currency: "EUR",
      transactionId: answer.transactionId,
    });
  });

  it("maps an approved order to pending and a declined capture to declined, and ignores the rest", async () => {
    const p = payment();
    const { processorRef } = await paypal.start(p);
    fake.paypal.approve(processorRef);
    const approved = signed(fake.paypal.event("CHECKOUT.ORDER.APPROVED", processorRef, "WH-APPROVED"));
    expect(await paypal.verifyWebhook(approved.rawBody, approved.headers)).toEqual({
      eventId: "WH-APPROVED",
      processorRef,
      reference: p.reference,
      status: "pending",
      amountMinor: 1234,
      currency: "EUR",
    });

    const declined = payment();
    const order = await paypal.start(declined);
    fake.paypal.decline(order.processorRef);
    await paypal.confirm(order.processorRef, declined.reference);
    const event = signed(fake.paypal.event("PAYMENT.CAPTURE.DECLINED", order.processorRef));
    expect(await paypal.verifyWebhook(event.rawBody, event.headers)).toMatchObject({
      status: "declined",
      processorRef: order.processorRef,
      reference: declined.reference,
    });

    const other = signed({ ...fake.paypal.event("CHECKOUT.ORDER.APPROVED", processorRef), event_type: "PAYMENT.CAPTURE.PENDING" });
    expect(await paypal.verifyWebhook(other.rawBody, other.headers)).toBeNull();
  });

  it("rejects a forged, altered or expired webhook, and one for another webhook id", async () => {
    const { processorRef } = await paidOrder();
    const event = fake.paypal.event("PAYMENT.CAPTURE.COMPLETED", processorRef);
    const genuine = signed(event);

    const forged = new Headers(genuine.headers);
    forged.set("paypal-transmission-sig", "c2lnbmVkIGJ5IG5vYm9keQ==");
    await expect(paypal.verifyWebhook(genuine.rawBody, forged)).rejects.toBeInstanceOf(WebhookRejected);

    const altered = genuine.rawBody.replace('"value":"12.34"', '"value":"0.01"');
    expect(altered).not.toBe(genuine.rawBody);
    await expect(paypal.verifyWebhook(altered, genuine.headers)).rejects.toBeInstanceOf(WebhookRejected);

    const expired = signed(event, { time: new Date(Date.now() - 301_000) });
    await expect(paypal.verifyWebhook(expired.rawBody, expired.headers)).rejects.toBeInstanceOf(WebhookRejected);

    const elsewhere = signed(event, { webhookId: "WH-ANOTHER-SHOP" });
    await expect(paypal.verifyWebhook(elsewhere.rawBody, elsewhere.headers)).rejects.toBeInstanceOf(WebhookRejected);
  });

  it("rejects a webhook without its transmission headers before asking PayPal anything", async () => {
    // Pointed at nothing: a call would fail as unavailable, not as rejected.
    const offline = paypalProcessor({ ...FAKE_KEYS.paypal, apiBase: "http://127.0.0.1:1" });
    const { processorRef } = await paidOrder();
    const { rawBody, headers } = signed(fake.paypal.event("PAYMENT.CAPTURE.COMPLETED", processorRef));
    headers.delete("paypal-transmission-sig");
    await expect(offline.verifyWebhook(rawBody, headers)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(offline.verifyWebhook(rawBody, new Headers())).rejects.toBeInstanceOf(WebhookRejected);
  });
});
