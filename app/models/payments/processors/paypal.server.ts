import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  PaypalExperienceUserAction,
  type Order,
  type OrdersCapture,
} from "@paypal/paypal-server-sdk";
import { parseExactMinor, toDecimalString } from "~/lib/money";
import { ProcessorUnavailable, WebhookRejected, type PaymentProcessor, type ProcessorAnswer, type ProcessorEvent, type ProcessorStatus } from "~/models/payments/provider";
import { askProcessor, callProcessor, PROCESSOR_TIMEOUT_MS, processorFailed } from "./calls.server";

// PayPal wallet payments through Orders v2: we create an order, the shopper
// approves it on PayPal's page, and confirm() captures it. The order id is
// the processorRef; the capture id is the transaction the ledger keeps.

export type PaypalProcessorConfig = {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook registered for this shop; its signatures are checked against it. */
  webhookId: string;
  live?: boolean;
  /** Another host for the API, such as a local fake: "http://127.0.0.1:4010/paypal". */
  apiBase?: string;
};

const API_BASE = { live: "https://api-m.paypal.com", sandbox: "https://api-m.sandbox.paypal.com" };

/** PayPal signs each delivery with its own transmission time; an older one is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const PAYPAL_LOCALES: Record<string, string> = { en: "en-US", lt: "lt-LT", lv: "lv-LV", et: "et-EE" };

const TRANSMISSION_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

export function paypalProcessor(config: PaypalProcessorConfig): PaymentProcessor {
  const base = (config.apiBase ?? (config.live ? API_BASE.live : API_BASE.sandbox)).replace(/\/+$/, "");
  const client = new Client({
    environment: config.live ? Environment.Production : Environment.Sandbox,
    clientCredentialsAuthCredentials: { oAuthClientId: config.clientId, oAuthClientSecret: config.clientSecret },
    timeout: PROCESSOR_TIMEOUT_MS,
    // The SDK's host is fixed per environment. unstable_httpClientOptions are
    // axios config overrides: with apiBase set, requests go through axios's
    // fetch adapter with a fetch that swaps PayPal's origin for apiBase.
    // (axios's own `proxy` would tunnel https with CONNECT, and proxySettings
    // need a real proxy, so neither reaches a plain local server.)
    ...(config.apiBase ? { unstable_httpClientOptions: { adapter: "fetch", env: { fetch: rebasedFetch(base) } } } : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  const accessToken = accessTokens(base, config.clientId, config.clientSecret);

  async function getOrder(id: string) {
    return (await call("reading an order", () => orders.getOrder({ id }))).result;
  }

  /** Captures an approved order; a repeat with the same request id captures once and answers the same. */
  async function capture(id: string, reference: string): Promise<Order | "declined"> {
    try {
      return (await orders.captureOrder({ id, paypalRequestId: `capture-${reference}`, prefer: "return=representation" })).result;
    } catch (error) {
      const issue = issueOf(error);
      // The buyer's funding was refused: this order will not be paid.
      if (issue === "INSTRUMENT_DECLINED") return "declined";
      // Captured meanwhile by another path (a webhook, reconciliation): read what it got.
      if (issue === "ORDER_ALREADY_CAPTURED") return getOrder(id);
      throw unavailable("capturing an order", error);
    }
  }

  return {
    key: "paypal",
    displayName: "PayPal",

    async start(payment) {
      const amount = { currencyCode: payment.currency, value: toDecimalString(payment.amountMinor) };
      const { result: order } = await call("creating an order", () =>
        orders.createOrder({
          // A retried start gets the same order back.
          paypalRequestId: `order-${payment.reference}`,
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              { referenceId: payment.reference, customId: payment.reference, description: payment.description.slice(0, 127), amount },
            ],
            paymentSource: {
              paypal: {
                ...(payment.email ? { emailAddress: payment.email } : {}),
                experienceContext: {
                  returnUrl: payment.returnUrl,
                  cancelUrl: payment.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  ...(PAYPAL_LOCALES[payment.language] ? { locale: PAYPAL_LOCALES[payment.language] } : {}),
                },
              },
            },
          },
        }),
      );
      const link = order.links?.find((l) => l.rel === "payer-action") ?? order.links?.find((l) => l.rel === "approve");
      if (!order.id || !link) throw new ProcessorUnavailable("PayPal returned an order without an id or an approval link");
      return { processorRef: order.id, redirectUrl: link.href };
    },

    async confirm(orderId, reference) {
      const order = await getOrder(orderId);
      if (order.status !== OrderStatus.Approved) return answerOf(order);
      const captured = await capture(orderId, reference);
      return captured === "declined" ? { ...answerOf(order), status: "declined" } : answerOf(captured);
    },

    async refund(orderId, amountMinor, currency, idempotencyKey) {
      const refundable = new Set<CaptureStatus | undefined>([CaptureStatus.Completed, CaptureStatus.PartiallyRefunded]);
      const paid = (await getOrder(orderId)).purchaseUnits?.[0]?.payments?.captures?.findLast((c) => refundable.has(c.status));
      if (!paid?.id) throw new Error(`PayPal order ${orderId} has no capture to refund`);
      const captureId = paid.id;
      const { result: refund } = await call("refunding a capture", () =>
        payments.refundCapturedPayment({
          captureId,
          paypalRequestId: idempotencyKey,
          body: { amount: { currencyCode: currency, value: toDecimalString(amountMinor) } },
        }),
      );
      if (!refund.id) throw new ProcessorUnavailable(`PayPal returned a refund of capture ${captureId} without an id`);
      return { refundRef: refund.id };
    },

    async verifyWebhook(rawBody, headers) {
      const transmission = TRANSMISSION_HEADERS.map((name) => headers.get(name));
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = transmission;
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) {
        throw new WebhookRejected("PayPal webhook without its transmission headers");
      }
      const sentAt = Date.parse(transmissionTime);
      if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new WebhookRejected("PayPal webhook transmitted too long ago");
      }
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected("PayPal webhook body is not JSON");
      }
      if (!isRecord(event)) throw new WebhookRejected("PayPal webhook body is not an event");
      // PayPal's documented check: it recomputes the signature over the event we send back.
      const verdict = await postJson<{ verification_status?: string }>(
        `${base}/v1/notifications/verify-webhook-signature`,
        await accessToken(),
        {
          auth_algo: authAlgo,
          cert_url: certUrl,
          transmission_id: transmissionId,
          transmission_sig: transmissionSig,
          transmission_time: transmissionTime,
          webhook_id: config.webhookId,
          webhook_event: event,
        },
      );
      if (verdict.verification_status !== "SUCCESS") {
        throw new WebhookRejected(`PayPal webhook signature check said ${verdict.verification_status ?? "nothing"}`);
      }
      return eventOf(event);
    },
  };
}

/** What an order says of its payment. The last capture is the one that counts: an earlier one may have been declined. */
function answerOf(order: Order): ProcessorAnswer {
  const unit = order.purchaseUnits?.[0];
  const paid = lastCapture(order);
  const amount = paid?.amount ?? unit?.amount;
  const money = { amountMinor: amount ? parseExactMinor(amount.value) : null, currency: amount?.currencyCode ?? null };
  if (order.status === OrderStatus.Voided) return { status: "failed", ...money };
  if (order.status !== OrderStatus.Completed || !paid) return { status: "pending", ...money };
  return { status: captureStatus(paid.status), ...money, transactionId: paid.id ?? null };
}

function captureStatus(status: CaptureStatus | undefined): ProcessorStatus {
  switch (status) {
    case CaptureStatus.Completed:
    case CaptureStatus.PartiallyRefunded:
    case CaptureStatus.Refunded:
      return "paid";
    case CaptureStatus.Declined:
    case CaptureStatus.Failed:
      return "declined";
    default:
      return "pending";
  }
}

function lastCapture(order: Order): OrdersCapture | undefined {
  return order.purchaseUnits?.[0]?.payments?.captures?.at(-1);
}

/** The settling events, from the webhook's JSON (snake_case: the SDK does not map webhooks). */
function eventOf(event: Record<string, unknown>): ProcessorEvent | null {
  if (typeof event.id !== "string") throw new WebhookRejected("PayPal webhook without an event id");
  const resource = isRecord(event.resource) ? event.resource : {};
  const base = { eventId: event.id, reference: str(resource.custom_id) };
  switch (event.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED":
    case "PAYMENT.CAPTURE.DECLINED": {
      const related =
        isRecord(resource.supplementary_data) && isRecord(resource.supplementary_data.related_ids)
          ? resource.supplementary_data.related_ids
          : {};
      return {
        ...base,
        status: event.event_type === "PAYMENT.CAPTURE.COMPLETED" ? "paid" : "declined",
        processorRef: str(related.order_id),
        transactionId: str(resource.id),
        ...moneyOf(resource.amount),
      };
    }
    case "CHECKOUT.ORDER.APPROVED": {
      const unit = Array.isArray(resource.purchase_units) && isRecord(resource.purchase_units[0]) ? resource.purchase_units[0] : {};
      return {
        ...base,
        reference: base.reference ?? str(unit.custom_id),
        status: "pending",
        processorRef: str(resource.id),
        ...moneyOf(unit.amount),
      };
    }
    default:
      return null;
  }
}

function moneyOf(amount: unknown): Pick<ProcessorAnswer, "amountMinor" | "currency"> {
  if (!isRecord(amount)) return { amountMinor: null, currency: null };
  const value = str(amount.value);
  return { amountMinor: value === null ? null : parseExactMinor(value), currency: str(amount.currency_code) };
}

/** OAuth tokens for the calls the SDK does not make, kept until a minute before they expire. */
function accessTokens(base: string, clientId: string, clientSecret: string) {
  let cached: { token: string; until: number } | null = null;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    const answer = await send<{ access_token?: string; expires_in?: number }>(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    if (!answer.access_token) throw new ProcessorUnavailable("PayPal returned no access token");
    cached = { token: answer.access_token, until: Date.now() + Math.max(0, (answer.expires_in ?? 0) - 60) * 1000 };
    return cached.token;
  };
}

function postJson<T>(url: string, token: string, body: unknown): Promise<T> {
  return send<T>(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
}

function send<T>(url: string, init: RequestInit): Promise<T> {
  return askProcessor<T>("PayPal", new URL(url).pathname, url, init);
}

/** A fetch that sends the SDK's requests to apiBase, keeping their path and query. */
function rebasedFetch(base: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return fetch(`${base}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body, signal: request.signal });
  };
}

/** PayPal's error name for a refused call: `details[0].issue` of its JSON body. */
function issueOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.body !== "string") return null;
  try {
    const body: unknown = JSON.parse(error.body);
    const detail = isRecord(body) && Array.isArray(body.details) ? body.details[0] : null;
    return isRecord(detail) ? str(detail.issue) : null;
  } catch {
    return null;
  }
}

function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  return callProcessor("PayPal", what, run, statusOf);
}

function unavailable(what: string, error: unknown) {
  return processorFailed("PayPal", what, error, statusOf(error));
}

/** The status and issue of a refused call, as " (422 INSTRUMENT_DECLINED)"; nothing for any other failure. */
function statusOf(error: unknown) {
  return error instanceof ApiError ? ` (${error.statusCode}${issueOf(error) ? ` ${issueOf(error)}` : ""})` : "";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
