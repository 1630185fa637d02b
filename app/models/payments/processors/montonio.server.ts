import { createHash } from "node:crypto";
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { parseExactMinor, toDecimalString } from "~/lib/money";
import { ProcessorUnavailable, WebhookRejected, type PaymentProcessor, type ProcessorStatus } from "~/models/payments/provider";
import { askProcessor } from "./calls.server";

// Baltic bank links through Montonio's Stargate API (v2): we create an order,
// the shopper picks a bank on Montonio's page and pays there. Every request
// and every notice is a JWT signed with the store's secret key (HS256). The
// Montonio order's uuid is the processorRef.

export type MontonioProcessorConfig = {
  accessKey: string;
  secretKey: string;
  live?: boolean;
  /** Another host for the API, such as a local fake: "http://127.0.0.1:4010/montonio". */
  apiBase?: string;
};

const API_BASE = { live: "https://stargate.montonio.com/api", sandbox: "https://sandbox-stargate.montonio.com/api" };
/** Montonio's pages speak more; these are ours. */
const LOCALES = new Set(["en", "lt", "lv", "et"]);
/** Leeway for the clocks of Montonio and this server when checking a notice's expiry. */
const CLOCK_TOLERANCE_SECONDS = 60;

type MontonioStatus = "PENDING" | "PAID" | "VOIDED" | "ABANDONED" | "AUTHORIZED" | "PARTIALLY_REFUNDED" | "REFUNDED";

type MontonioOrder = {
  uuid?: string;
  paymentStatus?: MontonioStatus;
  merchantReference?: string;
  grandTotal?: number | string;
  currency?: string;
  paymentUrl?: string;
};

/** A refund changes nothing a payment settles on; neither does an order's status we do not know. */
const WEBHOOK_STATUS: Partial<Record<string, ProcessorStatus>> = {
  PAID: "paid",
  ABANDONED: "failed",
  VOIDED: "declined",
  PENDING: "pending",
  AUTHORIZED: "pending",
};

/** What confirm() says: an order refunded since was paid (the refund is the ledger's business). */
const ORDER_STATUS: Partial<Record<string, ProcessorStatus>> = { ...WEBHOOK_STATUS, PARTIALLY_REFUNDED: "paid", REFUNDED: "paid" };

export function montonioProcessor(config: MontonioProcessorConfig): PaymentProcessor {
  const base = (config.apiBase ?? (config.live ? API_BASE.live : API_BASE.sandbox)).replace(/\/+$/, "");
  const secret = new TextEncoder().encode(config.secretKey);

  function sign(payload: JWTPayload, expiresIn: string) {
    return new SignJWT({ accessKey: config.accessKey, ...payload })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(secret);
  }

  async function send<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body === undefined) headers.authorization = `Bearer ${await sign({}, "1h")}`;
    else headers["content-type"] = "application/json";
    return askProcessor<T>("Montonio", `${method} ${path}`, `${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  return {
    key: "montonio",
    displayName: "Montonio",

    async start(payment) {
      // Montonio takes amounts as JSON numbers; a two-decimal string read as one is exact enough to print back.
      const total = Number(toDecimalString(payment.amountMinor));
      const data = await sign(
        {
          merchantReference: payment.reference,
          merchantReferenceDisplay: payment.description,
          // Montonio has one return address, for paid and given-up alike; cancelUrl has no place here.
          returnUrl: payment.returnUrl,
          notificationUrl: payment.webhookUrl,
          currency: payment.currency,
          grandTotal: total,
          locale: LOCALES.has(payment.language) ? payment.language : "en",
          payment: {
            method: "paymentInitiation",
            amount: total,
            currency: payment.currency,
            methodOptions: { paymentDescription: payment.description },
          },
          lineItems: [{ name: payment.description, quantity: 1, finalPrice: total }],
          ...(payment.email ? { billingAddress: { email: payment.email } } : {}),
        },
        "10m",
      );
      const order = await send<MontonioOrder>("POST", "/orders", { data });
      if (!order.uuid || !order.paymentUrl) throw new ProcessorUnavailable("Montonio returned an order without a uuid or a payment URL");
      return { processorRef: order.uuid, redirectUrl: order.paymentUrl };
    },

    async confirm(uuid) {
      const order = await send<MontonioOrder>("GET", `/orders/${encodeURIComponent(uuid)}`);
      return { status: ORDER_STATUS[order.paymentStatus ?? ""] ?? "pending", ...moneyOf(order) };
    },

    // Montonio refunds in the order's own currency, so the currency argument has nothing to add.
    async refund(uuid, amountMinor, _currency, idempotencyKey) {
      const data = await sign(
        { orderUuid: uuid, amount: Number(toDecimalString(amountMinor)), idempotencyKey: asUuid(idempotencyKey) },
        "10m",
      );
      const refund = await send<{ uuid?: string }>("POST", "/refunds", { data });
      if (!refund.uuid) throw new ProcessorUnavailable(`Montonio returned a refund of order ${uuid} without a uuid`);
      return { refundRef: refund.uuid };
    },

    async verifyWebhook(rawBody) {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected("Montonio webhook body is not JSON");
      }
      const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
      const token = record.orderToken ?? record.refundToken;
      if (typeof token !== "string") throw new WebhookRejected("Montonio webhook without an orderToken or refundToken");
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, secret, {
          algorithms: ["HS256"],
          requiredClaims: ["exp"],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        throw new WebhookRejected(`Montonio webhook token refused: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (payload.accessKey !== config.accessKey) throw new WebhookRejected("Montonio webhook for another store");
      // Refund notices settle no payment.
      if (typeof record.orderToken !== "string") return null;
      const order = payload as JWTPayload & MontonioOrder;
      if (typeof order.uuid !== "string" || typeof order.paymentStatus !== "string") {
        throw new WebhookRejected("Montonio order token without uuid or status");
      }
      const status = WEBHOOK_STATUS[order.paymentStatus];
      if (!status) return null;
      return {
        // Montonio sends no event id: one status of one order is one event.
        eventId: `${order.uuid}:${order.paymentStatus}`,
        processorRef: order.uuid,
        reference: typeof order.merchantReference === "string" ? order.merchantReference : null,
        status,
        ...moneyOf(order),
      };
    },
  };
}

/** grandTotal comes as a number or a decimal string; either is read exactly into minor units. */
function moneyOf(order: MontonioOrder) {
  const total = order.grandTotal;
  return {
    amountMinor: typeof total === "number" || typeof total === "string" ? parseExactMinor(String(total)) : null,
    currency: typeof order.currency === "string" ? order.currency.toUpperCase() : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Montonio wants a UUID as a refund's idempotency key; any other key becomes one derived from it, so a retry still names the same refund. */
function asUuid(key: string): string {
  if (UUID.test(key)) return key;
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
