import { randomUUID } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEYS, startFakeProcessors, type FakeProcessors, type FakeServer, testPayment } from "../../../../tests/fakes/payment-processors";
import { ProcessorUnavailable, WebhookRejected, type PaymentProcessor, type StartPayment } from "~/models/payments/provider";
import { montonioProcessor } from "./montonio.server";

let fake: FakeProcessors & FakeServer;
let montonio: PaymentProcessor;
const { accessKey, secretKey } = FAKE_KEYS.montonio;

beforeAll(async () => {
  fake = await startFakeProcessors();
  montonio = montonioProcessor({ ...FAKE_KEYS.montonio, apiBase: fake.apiBase.montonio });
});
afterAll(() => fake.close());

const payment = (fields: Partial<StartPayment> = {}) => testPayment("montonio", "et", fields);

/** An order token as Montonio signs it: HS256 with the store's secret key. */
function orderToken(claims: JWTPayload, options: { secret?: string; expiresAt?: number | null } = {}) {
  const jwt = new SignJWT({ accessKey, ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt();
  if (options.expiresAt !== null) jwt.setExpirationTime(options.expiresAt ?? "10m");
  return jwt.sign(new TextEncoder().encode(options.secret ?? secretKey));
}

const body = (token: string) => JSON.stringify({ orderToken: token });
const noHeaders = new Headers();

describe("montonio start", () => {
  it("creates a bank-link order for the payment", async () => {
    const p = payment();
    const started = await montonio.start(p);
    const order = fake.montonio.order(started.processorRef);
    expect(started.redirectUrl).toBe(order.paymentUrl);
    expect(order).toMatchObject({
      paymentStatus: "PENDING",
      merchantReference: p.reference,
      merchantReturnUrl: p.returnUrl,
      merchantNotificationUrl: p.webhookUrl,
      grandTotal: "12.34",
      currency: "EUR",
      locale: "et",
      paymentMethodType: "paymentInitiation",
      lineItems: [{ name: "Order MP123", quantity: 1, finalPrice: 12.34 }],
      billingAddress: { email: "buyer@example.com" },
    });
  });

  it("reports a wrong secret key and an unreachable Montonio as unavailable", async () => {
    const wrong = montonioProcessor({ accessKey, secretKey: "not-the-store-secret", apiBase: fake.apiBase.montonio });
    await expect(wrong.start(payment())).rejects.toBeInstanceOf(ProcessorUnavailable);
    const down = montonioProcessor({ ...FAKE_KEYS.montonio, apiBase: "http://127.0.0.1:1" });
    await expect(down.start(payment())).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("montonio confirm", () => {
  it("is pending until the buyer pays, then paid with the exact amount", async () => {
    for (const amountMinor of [1234, 7, 29, 100_005, 1_999_999]) {
      const { processorRef } = await montonio.start(payment({ amountMinor }));
      expect(await montonio.confirm(processorRef, "")).toEqual({ status: "pending", amountMinor, currency: "EUR" });
      fake.montonio.pay(processorRef);
      expect(await montonio.confirm(processorRef, "")).toEqual({ status: "paid", amountMinor, currency: "EUR" });
    }
  });

  it("pays through the fake's hosted page as a browser would", async () => {
    const p = payment();
    const { processorRef, redirectUrl } = await montonio.start(p);
    expect((await fetch(redirectUrl)).status).toBe(200);
    const back = await fetch(redirectUrl, { method: "POST", body: new URLSearchParams({ action: "pay" }), redirect: "manual" });
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(p.returnUrl);
    expect(location.searchParams.get("order-token")).toBeTruthy();
    expect((await montonio.confirm(processorRef, "")).status).toBe("paid");
  });

  it("says failed for an abandoned order and declined for a voided one", async () => {
    const abandoned = await montonio.start(payment());
    fake.montonio.abandon(abandoned.processorRef);
    expect((await montonio.confirm(abandoned.processorRef, "")).status).toBe("failed");
    const voided = await montonio.start(payment());
    fake.montonio.void(voided.processorRef);
    expect((await montonio.confirm(voided.processorRef, "")).status).toBe("declined");
  });

  it("reports an unknown order as unavailable", async () => {
    await expect(montonio.confirm(randomUUID(), "")).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("montonio refund", () => {
  it("refunds once per idempotency key, whatever the key's shape", async () => {
    const { processorRef } = await montonio.start(payment());
    fake.montonio.pay(processorRef);
    const first = await montonio.refund(processorRef, 500, "EUR", "refund-1");
    expect(await montonio.refund(processorRef, 500, "EUR", "refund-1")).toEqual(first);
    expect(fake.montonio.refunds(processorRef)).toEqual([expect.objectContaining({ uuid: first.refundRef, amount: 5 })]);
    const key = randomUUID();
    await montonio.refund(processorRef, 734, "EUR", key);
    expect(fake.montonio.refunds(processorRef).map((r) => r.amount)).toEqual([5, 7.34]);
    expect(fake.montonio.refunds(processorRef)[1]?.idempotencyKey).toBe(key);
    expect(fake.montonio.order(processorRef).paymentStatus).toBe("REFUNDED");
    // Refunded since, the order was still paid.
    expect((await montonio.confirm(processorRef, "")).status).toBe("paid");
  });

  it("reports a refund Montonio refuses as unavailable", async () => {
    const { processorRef } = await montonio.start(payment());
    await expect(montonio.refund(processorRef, 100, "EUR", "refund-unpaid")).rejects.toBeInstanceOf(ProcessorUnavailable);
  });
});

describe("montonio webhooks", () => {
  it("maps a genuine paid order token", async () => {
    const uuid = randomUUID();
    const token = await orderToken({
      uuid,
      paymentStatus: "PAID",
      merchantReference: "ref-1",
      merchantReferenceDisplay: "Order MP123",
      grandTotal: 12.34,
      currency: "EUR",
    });
    expect(await montonio.verifyWebhook(body(token), noHeaders)).toEqual({
      eventId: `${uuid}:PAID`,
      processorRef: uuid,
      reference: "ref-1",
      status: "paid",
      amountMinor: 1234,
      currency: "EUR",
    });
  });

  it("maps each status, and says nothing of refunds", async () => {
    const uuid = randomUUID();
    const status = async (paymentStatus: string) =>
      (
        await montonio.verifyWebhook(
          body(await orderToken({ uuid, paymentStatus, merchantReference: "r", grandTotal: "0.29", currency: "EUR" })),
          noHeaders,
        )
      )?.status;
    expect(await status("PENDING")).toBe("pending");
    expect(await status("ABANDONED")).toBe("failed");
    expect(await status("VOIDED")).toBe("declined");
    expect(await status("PARTIALLY_REFUNDED")).toBeUndefined();
    expect(await status("REFUNDED")).toBeUndefined();
    const refundToken = await orderToken({ refundUuid: randomUUID(), refundStatus: "SUCCESSFUL", orderUuid: uuid });
    expect(await montonio.verifyWebhook(JSON.stringify({ refundToken }), noHeaders)).toBeNull();
  });

  it("accepts the token the fake sends as Montonio", async () => {
    const p = payment();
    const { processorRef } = await montonio.start(p);
    fake.montonio.pay(processorRef);
    expect(await montonio.verifyWebhook(body(fake.montonio.orderToken(processorRef)), noHeaders)).toMatchObject({
      processorRef,
      reference: p.reference,
      status: "paid",
      amountMinor: 1234,
    });
  });

  it("rejects a forged, altered, expired or never-expiring token, and another store's", async () => {
    const claims = { uuid: randomUUID(), paymentStatus: "PAID", merchantReference: "r", grandTotal: 12.34, currency: "EUR" };
    const reject = async (rawBody: string) => expect(montonio.verifyWebhook(rawBody, noHeaders)).rejects.toBeInstanceOf(WebhookRejected);

    await reject(body(await orderToken(claims, { secret: "someone-else's-secret" })));

    const [head, , signature] = (await orderToken(claims)).split(".");
    const cheaper = Buffer.from(
      JSON.stringify({ accessKey, ...claims, grandTotal: 0.01, exp: Math.floor(Date.now() / 1000) + 600 }),
    ).toString("base64url");
    await reject(body(`${head}.${cheaper}.${signature}`));

    await reject(body(await orderToken(claims, { expiresAt: Math.floor(Date.now() / 1000) - 3600 })));
    await reject(body(await orderToken(claims, { expiresAt: null })));
    await reject(body(await orderToken({ ...claims, accessKey: "another-store" })));
    await reject(JSON.stringify({ something: "else" }));
    await reject("not json");
  });
});
