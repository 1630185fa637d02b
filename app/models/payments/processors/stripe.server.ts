import Stripe from "stripe";
import { ProcessorUnavailable, WebhookRejected, type PaymentProcessor, type ProcessorAnswer, type ProcessorEvent, type ProcessorStatus } from "~/models/payments/provider";
import { callProcessor } from "./calls.server";

// Card payments through Stripe Checkout: the shopper types the card on
// Stripe's hosted page, so no card number ever reaches the shop. One Checkout
// Session is one payment of ours; its id is the processorRef.

export type StripeProcessorConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Another origin for the API, such as a local fake: "http://127.0.0.1:4010". Origin only; Stripe's SDK takes no path prefix. */
  apiBase?: string;
};

/** Stripe signs every delivery afresh, retries included, so an older signature is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Our languages Checkout speaks; anything else lets Stripe pick from the browser. */
const CHECKOUT_LOCALES = new Set(["en", "lt", "lv", "et"]);

export function stripeProcessor(config: StripeProcessorConfig): PaymentProcessor {
  const stripe = new Stripe(config.secretKey, apiBaseOptions(config.apiBase));

  return {
    key: "stripe",
    displayName: "Stripe",

    async start(payment) {
      const session = await call("creating a Checkout Session", () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: payment.currency.toLowerCase(),
                  unit_amount: payment.amountMinor,
                  product_data: { name: payment.description },
                },
              },
            ],
            client_reference_id: payment.reference,
            metadata: { reference: payment.reference },
            success_url: payment.returnUrl,
            cancel_url: payment.cancelUrl,
            locale: CHECKOUT_LOCALES.has(payment.language) ? (payment.language as Stripe.Checkout.SessionCreateParams.Locale) : "auto",
            ...(payment.email ? { customer_email: payment.email } : {}),
          },
          // A retried start (a timeout, a double submit) gets the same session back.
          { idempotencyKey: `checkout-${payment.reference}` },
        ),
      );
      if (!session.url) throw new ProcessorUnavailable(`Stripe returned Checkout Session ${session.id} without a URL`);
      return { processorRef: session.id, redirectUrl: session.url };
    },

    async confirm(sessionId) {
      const session = await call("reading a Checkout Session", () => stripe.checkout.sessions.retrieve(sessionId));
      return answerOf(session, sessionStatus(session));
    },

    async refund(sessionId, amountMinor, currency, idempotencyKey) {
      const session = await call("reading a Checkout Session", () => stripe.checkout.sessions.retrieve(sessionId));
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error(`Checkout Session ${sessionId} has no payment to refund`);
      if (session.currency && session.currency.toUpperCase() !== currency.toUpperCase()) {
        throw new Error(`Checkout Session ${sessionId} was paid in ${session.currency.toUpperCase()}, not ${currency}`);
      }
      const refund = await call("creating a refund", () =>
        stripe.refunds.create({ payment_intent: paymentIntent, amount: amountMinor }, { idempotencyKey }),
      );
      return { refundRef: refund.id };
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookRejected("Stripe webhook without a Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookRejected(`Stripe webhook signature check failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object;
          return eventOf(event.id, session, session.payment_status === "paid" ? "paid" : "pending");
        }
        case "checkout.session.async_payment_succeeded":
          return eventOf(event.id, event.data.object, "paid");
        case "checkout.session.async_payment_failed":
          return eventOf(event.id, event.data.object, "declined");
        case "checkout.session.expired":
          return eventOf(event.id, event.data.object, "failed");
        default:
          return null;
      }
    },
  };
}

function apiBaseOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** Where a session stands. "complete" but unpaid is an async method (a bank debit) still on its way. */
function sessionStatus(session: Stripe.Checkout.Session): ProcessorStatus {
  if (session.status === "expired") return "failed";
  const settled = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if (session.status === "complete" && settled) return "paid";
  return "pending";
}

function answerOf(session: Stripe.Checkout.Session, status: ProcessorStatus): ProcessorAnswer {
  return {
    status,
    amountMinor: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    transactionId: idOf(session.payment_intent),
  };
}

function eventOf(eventId: string, session: Stripe.Checkout.Session, status: ProcessorStatus): ProcessorEvent {
  return { ...answerOf(session, status), eventId, processorRef: session.id, reference: session.client_reference_id ?? null };
}

/** An expandable field is an id, or the object when expanded. */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === "string" ? field : field.id;
}

function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  return callProcessor("Stripe", what, run);
}
