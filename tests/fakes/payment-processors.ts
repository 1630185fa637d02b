import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { StartPayment } from "../../app/models/payments/provider";

// A local stand-in for the HTTP APIs of Stripe, PayPal and Montonio: exactly
// the endpoints the shop's adapters call (app/models/payments/processors),
// with state in memory, plus the hosted pages a shopper is sent to. Tests move
// a payment as the buyer would, either through a helper (fake.stripe.complete)
// or by pressing a button on the fake's hosted page in a browser.
//
// Paths: Stripe's SDK takes an origin only, so its /v1/... sits at the root;
// PayPal's API is under /paypal and Montonio's under /montonio (see apiBase).
// No dependencies: Montonio's JWTs are signed and checked with node:crypto.

export const FAKE_KEYS = {
  stripe: { secretKey: "sk_test_fake_processors", webhookSecret: "whsec_fake_processors" },
  paypal: {
    clientId: "fake-paypal-client",
    clientSecret: "fake-paypal-secret",
    webhookId: "WH-FAKE-PROCESSORS",
    signingSecret: "fake-paypal-signing",
  },
  montonio: { accessKey: "fake-montonio-access", secretKey: "fake-montonio-secret-key-0123456789abcdef" },
};

export type FakeKeys = { [P in keyof typeof FAKE_KEYS]: { [K in keyof (typeof FAKE_KEYS)[P]]: string } };

type Json = Record<string, unknown>;
type Reply = { status: number; json?: unknown; html?: string; location?: string };
type Call = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; raw: string };
type Route = { method: string; pattern: RegExp; handle: (call: Call, params: string[]) => Reply | Promise<Reply> };

// ---------- Stripe ----------

export type StripeSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  created: number;
  livemode: false;
};

export type StripeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
};

// ---------- PayPal ----------

type Money = { currency_code: string; value: string };

export type PaypalCapture = {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  custom_id: string | null;
  final_capture: true;
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
};

export type PaypalOrder = {
  id: string;
  intent: "CAPTURE";
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  purchase_units: {
    reference_id: string | null;
    custom_id: string | null;
    description: string | null;
    amount: Money;
    payments?: { captures: PaypalCapture[] };
  }[];
  links: { href: string; rel: string; method: "GET" | "POST" }[];
  create_time: string;
  update_time: string;
};

export type PaypalRefund = { id: string; status: "COMPLETED"; amount: Money; capture_id: string };

// ---------- Montonio ----------

export type MontonioStatus = "PENDING" | "PAID" | "VOIDED" | "ABANDONED" | "PARTIALLY_REFUNDED" | "REFUNDED";

export type MontonioOrder = {
  uuid: string;
  paymentStatus: MontonioStatus;
  locale: string;
  merchantReference: string;
  merchantReferenceDisplay: string | null;
  merchantReturnUrl: string;
  merchantNotificationUrl: string | null;
  grandTotal: string;
  currency: string;
  paymentMethodType: string;
  availableForRefund: number;
  lineItems: unknown[];
  billingAddress: unknown;
  createdAt: string;
  paymentUrl: string;
};

export type MontonioRefund = {
  uuid: string;
  orderUuid: string;
  amount: number;
  currency: string;
  status: "SUCCESSFUL";
  idempotencyKey: string;
  createdAt: string;
};

export type FakeServer = {
  url: string;
  /** What each adapter takes as apiBase. */
  apiBase: { stripe: string; paypal: string; montonio: string };
  close(): Promise<void>;
};

export function createFakeProcessors(keys: FakeKeys = FAKE_KEYS) {
  let origin = "http://127.0.0.1";
  const now = () => new Date().toISOString();

  // Stripe
  const sessions = new Map<string, StripeSession>();
  const stripeRefunds: StripeRefund[] = [];
  // PayPal
  const orders = new Map<string, PaypalOrder>();
  const experiences = new Map<string, Json & { return_url: string; cancel_url: string }>();
  const declineAtCapture = new Map<string, "capture" | "instrument">();
  const paypalRefunds: PaypalRefund[] = [];
  const paypalTokens = new Set<string>();
  // Montonio
  const montonioOrders = new Map<string, MontonioOrder>();
  const montonioRefunds: MontonioRefund[] = [];
  // Answers kept by idempotency key (Stripe's Idempotency-Key, PayPal-Request-Id, Montonio's idempotencyKey).
  const replays = new Map<string, Reply>();

  function once(key: string | null, produce: () => Reply): Reply {
    if (!key) return produce();
    const kept = replays.get(key);
    if (kept) return kept;
    const reply = produce();
    if (reply.status < 500) replays.set(key, reply);
    return reply;
  }

  // ----- Stripe -----

  const stripeError = (status: number, message: string, code?: string): Reply => ({
    status,
    json: { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } },
  });

  function session(id: string): StripeSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`No Checkout Session ${id} at the fake`);
    return found;
  }

  const stripe = {
    session,
    /** The buyer paid ("paid"), or chose a bank debit that is still on its way ("unpaid"). */
    complete(id: string, paymentStatus: "paid" | "unpaid" = "paid") {
      const s = session(id);
      Object.assign(s, {
        status: "complete",
        payment_status: paymentStatus,
        url: null,
        payment_intent: s.payment_intent ?? `pi_${token()}`,
      });
      return s;
    },
    /** A debit that was on its way arrived. (One that bounces leaves the session as it is: complete, unpaid.) */
    settleAsync(id: string) {
      const s = session(id);
      s.payment_status = "paid";
      return s;
    },
    expire(id: string) {
      const s = session(id);
      Object.assign(s, { status: "expired", url: null });
      return s;
    },
    refunds(paymentIntent?: string) {
      return stripeRefunds.filter((r) => !paymentIntent || r.payment_intent === paymentIntent);
    },
    /** A webhook event about a session as it now stands, to be signed with stripe.webhooks.generateTestHeaderString. */
    event(type: string, id: string, eventId = `evt_${token()}`) {
      return {
        id: eventId,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: { ...session(id) } },
      };
    },
  };

  function stripeAuthorized(call: Call) {
    return call.headers.authorization === `Bearer ${keys.stripe.secretKey}`;
  }

  const stripeRoutes: Route[] = [
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      handle(call) {
        if (!stripeAuthorized(call)) return stripeError(401, "Invalid API Key provided");
        return once(idempotency("stripe", call.headers["idempotency-key"]), () => {
          const form = parseForm(call.raw);
          const item = at(form, "line_items", "0");
          const price = at(item, "price_data");
          const amount = Number(price.unit_amount);
          const quantity = Number(item.quantity ?? 1);
          if (form.mode !== "payment" || !Number.isSafeInteger(amount) || amount <= 0 || typeof price.currency !== "string") {
            return stripeError(400, "A payment session needs one priced line item");
          }
          if (typeof form.success_url !== "string" || typeof form.cancel_url !== "string") {
            return stripeError(400, "success_url and cancel_url are required");
          }
          const id = `cs_test_${token()}`;
          const created: StripeSession = {
            id,
            object: "checkout.session",
            mode: "payment",
            status: "open",
            payment_status: "unpaid",
            amount_total: amount * quantity,
            currency: price.currency,
            client_reference_id: str(form.client_reference_id),
            customer_email: str(form.customer_email),
            locale: str(form.locale),
            metadata: Object.fromEntries(Object.entries(at(form, "metadata")).map(([k, v]) => [k, String(v)])),
            success_url: form.success_url,
            cancel_url: form.cancel_url,
            url: `${origin}/stripe/pay/${id}`,
            payment_intent: null,
            created: Math.floor(Date.now() / 1000),
            livemode: false,
          };
          sessions.set(id, created);
          return { status: 200, json: created };
        });
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle(call, [id = ""]) {
        if (!stripeAuthorized(call)) return stripeError(401, "Invalid API Key provided");
        const found = sessions.get(id);
        return found ? { status: 200, json: found } : stripeError(404, `No such checkout.session: '${id}'`, "resource_missing");
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      handle(call) {
        if (!stripeAuthorized(call)) return stripeError(401, "Invalid API Key provided");
        return once(idempotency("stripe", call.headers["idempotency-key"]), () => {
          const form = parseForm(call.raw);
          const paid = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === form.payment_intent);
          if (!paid || paid.payment_status !== "paid") return stripeError(400, "No charge to refund on this PaymentIntent");
          const refunded = stripe.refunds(paid.payment_intent ?? "").reduce((total, r) => total + r.amount, 0);
          const amount = form.amount === undefined ? paid.amount_total - refunded : Number(form.amount);
          if (!Number.isSafeInteger(amount) || amount <= 0 || amount > paid.amount_total - refunded) {
            return stripeError(400, "Refund amount exceeds what was paid");
          }
          const refund: StripeRefund = {
            id: `re_${token()}`,
            object: "refund",
            amount,
            currency: paid.currency,
            payment_intent: paid.payment_intent ?? "",
            status: "succeeded",
            created: Math.floor(Date.now() / 1000),
          };
          stripeRefunds.push(refund);
          return { status: 200, json: refund };
        });
      },
    },
    {
      method: "GET",
      pattern: /^\/stripe\/pay\/([^/]+)$/,
      handle(_call, [id = ""]) {
        const s = sessions.get(id);
        if (!s || s.status !== "open") return { status: 404, html: page("Fake Stripe Checkout", "This session is no longer open.", []) };
        return {
          status: 200,
          html: page("Fake Stripe Checkout", `${money(s.amount_total, s.currency)} for ${s.client_reference_id ?? "?"}`, ["pay", "cancel"]),
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/stripe\/pay\/([^/]+)$/,
      handle(call, [id = ""]) {
        const s = sessions.get(id);
        if (!s || s.status !== "open") return { status: 404, html: page("Fake Stripe Checkout", "This session is no longer open.", []) };
        // Like Checkout, cancelling leaves the session open: the shopper may come back to it.
        if (new URLSearchParams(call.raw).get("action") !== "pay") return { status: 303, location: s.cancel_url };
        stripe.complete(id);
        return { status: 303, location: s.success_url.replace("{CHECKOUT_SESSION_ID}", id) };
      },
    },
  ];

  // ----- PayPal -----

  const paypalError = (status: number, name: string, issue?: string): Reply => ({
    status,
    json: { name, message: name, debug_id: token(), details: issue ? [{ issue, description: issue }] : [] },
  });

  function order(id: string): PaypalOrder {
    const found = orders.get(id);
    if (!found) throw new Error(`No PayPal order ${id} at the fake`);
    return found;
  }

  function paypalSignature(transmissionId: string, time: string, webhookId: string, event: unknown) {
    const digest = createHash("sha256").update(JSON.stringify(event)).digest("hex");
    return createHmac("sha256", keys.paypal.signingSecret).update(`${transmissionId}|${time}|${webhookId}|${digest}`).digest("base64");
  }

  const paypal = {
    order,
    approve(id: string) {
      const o = order(id);
      if (o.status !== "PAYER_ACTION_REQUIRED") throw new Error(`PayPal order ${id} is ${o.status}, not waiting for the buyer`);
      Object.assign(o, { status: "APPROVED", update_time: now() });
      return o;
    },
    /** The buyer approved, but the funding is refused at capture: as a DECLINED capture, or as PayPal's 422 INSTRUMENT_DECLINED. */
    decline(id: string, how: "capture" | "instrument" = "capture") {
      paypal.approve(id);
      declineAtCapture.set(id, how);
      return order(id);
    },
    void(id: string) {
      Object.assign(order(id), { status: "VOIDED", update_time: now() });
      return order(id);
    },
    refunds(captureId?: string) {
      return paypalRefunds.filter((r) => !captureId || r.capture_id === captureId);
    },
    /** A webhook event about an order as it now stands. */
    /** The experience_context the order was created with (return and cancel URLs, locale, user action). */
    experience(id: string) {
      order(id);
      return experiences.get(id);
    },
    /** A webhook event about an order as it now stands: PAYMENT.CAPTURE.COMPLETED, PAYMENT.CAPTURE.DECLINED, CHECKOUT.ORDER.APPROVED… */
    event(type: string, id: string, eventId = `WH-${token()}`) {
      const o = order(id);
      const capture = o.purchase_units[0]?.payments?.captures.at(-1);
      const resource = type.startsWith("PAYMENT.CAPTURE.") ? capture : o;
      if (!resource) throw new Error(`PayPal order ${id} has no capture for ${type}`);
      return {
        id: eventId,
        event_version: "1.0",
        create_time: now(),
        resource_type: type.startsWith("PAYMENT.CAPTURE.") ? "capture" : "checkout-order",
        event_type: type,
        summary: type,
        resource,
      };
    },
    /**
     * The transmission headers PayPal would send with this body. The fake's
     * verify-webhook-signature answers SUCCESS only for a signature made with
     * keys.paypal.signingSecret over this very event, webhook id and time.
     */
    sign(body: string, options: { time?: Date; webhookId?: string; transmissionId?: string } = {}) {
      const transmissionId = options.transmissionId ?? randomUUID();
      const time = (options.time ?? new Date()).toISOString();
      return {
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${origin}/paypal/v1/notifications/certs/CERT-FAKE`,
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": paypalSignature(transmissionId, time, options.webhookId ?? keys.paypal.webhookId, JSON.parse(body)),
      };
    },
  };

  function paypalAuthorized(call: Call) {
    const bearer = /^Bearer (.+)$/.exec(call.headers.authorization ?? "");
    return bearer?.[1] !== undefined && paypalTokens.has(bearer[1]);
  }

  function requestId(call: Call) {
    return idempotency(`paypal ${call.path}`, call.headers["paypal-request-id"]);
  }

  function capture(o: PaypalOrder): Reply {
    if (o.status !== "APPROVED") {
      return paypalError(422, "UNPROCESSABLE_ENTITY", o.status === "COMPLETED" ? "ORDER_ALREADY_CAPTURED" : "ORDER_NOT_APPROVED");
    }
    const declined = declineAtCapture.get(o.id);
    if (declined === "instrument") return paypalError(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED");
    const unit = o.purchase_units[0];
    if (!unit) return paypalError(422, "UNPROCESSABLE_ENTITY", "MISSING_PURCHASE_UNIT");
    const captured: PaypalCapture = {
      id: token(17).toUpperCase(),
      status: declined === "capture" ? "DECLINED" : "COMPLETED",
      amount: { ...unit.amount },
      custom_id: unit.custom_id,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: o.id } },
      create_time: now(),
      update_time: now(),
    };
    unit.payments = { captures: [...(unit.payments?.captures ?? []), captured] };
    Object.assign(o, { status: "COMPLETED", update_time: now() });
    return { status: 201, json: o };
  }

  const paypalRoutes: Route[] = [
    {
      method: "POST",
      pattern: /^\/paypal\/v1\/oauth2\/token$/,
      handle(call) {
        const basic = Buffer.from(`${keys.paypal.clientId}:${keys.paypal.clientSecret}`).toString("base64");
        if (call.headers.authorization !== `Basic ${basic}`) {
          return { status: 401, json: { error: "invalid_client", error_description: "Client Authentication failed" } };
        }
        if (new URLSearchParams(call.raw).get("grant_type") !== "client_credentials") {
          return { status: 400, json: { error: "unsupported_grant_type" } };
        }
        const accessToken = `A21AA${token(24)}`;
        paypalTokens.add(accessToken);
        return {
          status: 200,
          json: {
            scope: "https://uri.paypal.com/services/payments/payment",
            access_token: accessToken,
            token_type: "Bearer",
            app_id: "APP-FAKE",
            expires_in: 32400,
            nonce: token(),
          },
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/paypal\/v2\/checkout\/orders$/,
      handle(call) {
        if (!paypalAuthorized(call)) return paypalError(401, "AUTHENTICATION_FAILURE");
        return once(requestId(call), () => {
          const body = parseJson(call.raw);
          const unit = at(body, "purchase_units", "0");
          const amount = at(unit, "amount");
          const context = at(at(at(body, "payment_source"), "paypal"), "experience_context");
          if (
            body.intent !== "CAPTURE" ||
            typeof amount.currency_code !== "string" ||
            typeof amount.value !== "string" ||
            !/^\d+(\.\d{2})?$/.test(amount.value)
          ) {
            return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE");
          }
          if (typeof context.return_url !== "string" || typeof context.cancel_url !== "string") {
            return paypalError(422, "UNPROCESSABLE_ENTITY", "MISSING_RETURN_URL");
          }
          const id = token(17).toUpperCase();
          const created: PaypalOrder = {
            id,
            intent: "CAPTURE",
            status: "PAYER_ACTION_REQUIRED",
            purchase_units: [
              {
                reference_id: str(unit.reference_id),
                custom_id: str(unit.custom_id),
                description: str(unit.description),
                amount: { currency_code: amount.currency_code, value: amount.value },
              },
            ],
            links: [
              { href: `${origin}/paypal/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
              { href: `${origin}/paypal/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
            ],
            create_time: now(),
            update_time: now(),
          };
          orders.set(id, created);
          experiences.set(id, { ...context, return_url: context.return_url, cancel_url: context.cancel_url });
          return { status: 200, json: created };
        });
      },
    },
    {
      method: "GET",
      pattern: /^\/paypal\/v2\/checkout\/orders\/([^/]+)$/,
      handle(call, [id = ""]) {
        if (!paypalAuthorized(call)) return paypalError(401, "AUTHENTICATION_FAILURE");
        const found = orders.get(id);
        return found ? { status: 200, json: found } : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      },
    },
    {
      method: "POST",
      pattern: /^\/paypal\/v2\/checkout\/orders\/([^/]+)\/capture$/,
      handle(call, [id = ""]) {
        if (!paypalAuthorized(call)) return paypalError(401, "AUTHENTICATION_FAILURE");
        return once(requestId(call), () => {
          const found = orders.get(id);
          return found ? capture(found) : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        });
      },
    },
    {
      method: "POST",
      pattern: /^\/paypal\/v2\/payments\/captures\/([^/]+)\/refund$/,
      handle(call, [captureId = ""]) {
        if (!paypalAuthorized(call)) return paypalError(401, "AUTHENTICATION_FAILURE");
        return once(requestId(call), () => {
          const captured = [...orders.values()]
            .flatMap((o) => o.purchase_units[0]?.payments?.captures ?? [])
            .find((c) => c.id === captureId);
          if (!captured || captured.status === "DECLINED") return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
          const paidMinor = minor(captured.amount.value);
          const refundedMinor = paypal.refunds(captureId).reduce((total, r) => total + minor(r.amount.value), 0);
          const requested = at(parseJson(call.raw), "amount");
          const amountMinor = typeof requested.value === "string" ? minor(requested.value) : paidMinor - refundedMinor;
          if (typeof requested.currency_code === "string" && requested.currency_code !== captured.amount.currency_code) {
            return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_CURRENCY_MISMATCH");
          }
          if (!(amountMinor > 0) || amountMinor > paidMinor - refundedMinor) {
            return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
          }
          const refund: PaypalRefund = {
            id: token(17).toUpperCase(),
            status: "COMPLETED",
            amount: { currency_code: captured.amount.currency_code, value: decimal(amountMinor) },
            capture_id: captureId,
          };
          paypalRefunds.push(refund);
          captured.status = refundedMinor + amountMinor === paidMinor ? "REFUNDED" : "PARTIALLY_REFUNDED";
          const { capture_id: _captureId, ...json } = refund;
          return {
            status: 201,
            json: { ...json, links: [{ href: `${origin}/paypal/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" }] },
          };
        });
      },
    },
    {
      method: "POST",
      pattern: /^\/paypal\/v1\/notifications\/verify-webhook-signature$/,
      handle(call) {
        if (!paypalAuthorized(call)) return paypalError(401, "AUTHENTICATION_FAILURE");
        const body = parseJson(call.raw);
        const { transmission_id: id, transmission_time: time, transmission_sig: sig, webhook_id: webhookId, webhook_event: event } = body;
        if (
          typeof id !== "string" ||
          typeof time !== "string" ||
          typeof sig !== "string" ||
          typeof webhookId !== "string" ||
          typeof event !== "object"
        ) {
          return paypalError(400, "VALIDATION_ERROR", "MISSING_REQUIRED_PARAMETER");
        }
        const genuine = webhookId === keys.paypal.webhookId && sameText(sig, paypalSignature(id, time, webhookId, event));
        return { status: 200, json: { verification_status: genuine ? "SUCCESS" : "FAILURE" } };
      },
    },
    {
      method: "GET",
      pattern: /^\/paypal\/checkoutnow$/,
      handle(call) {
        const o = orders.get(call.query.get("token") ?? "");
        if (!o || o.status !== "PAYER_ACTION_REQUIRED") {
          return { status: 404, html: page("Fake PayPal", "This order is not waiting for you.", []) };
        }
        const amount = o.purchase_units[0]?.amount;
        return {
          status: 200,
          html: page("Fake PayPal", `${amount?.currency_code} ${amount?.value}: ${o.purchase_units[0]?.description ?? ""}`, [
            "approve",
            "decline",
            "cancel",
          ]),
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/paypal\/checkoutnow$/,
      handle(call) {
        const id = call.query.get("token") ?? "";
        const o = orders.get(id);
        const urls = experiences.get(id);
        if (!o || !urls || o.status !== "PAYER_ACTION_REQUIRED") {
          return { status: 404, html: page("Fake PayPal", "This order is not waiting for you.", []) };
        }
        const action = new URLSearchParams(call.raw).get("action");
        if (action === "cancel") return { status: 303, location: withQuery(urls.cancel_url, { token: id }) };
        if (action === "decline") paypal.decline(id);
        else paypal.approve(id);
        return { status: 303, location: withQuery(urls.return_url, { token: id, PayerID: "FAKEPAYER" }) };
      },
    },
  ];

  // ----- Montonio -----

  function montonioOrder(uuid: string): MontonioOrder {
    const found = montonioOrders.get(uuid);
    if (!found) throw new Error(`No Montonio order ${uuid} at the fake`);
    return found;
  }

  function moveMontonio(uuid: string, status: MontonioStatus) {
    const o = montonioOrder(uuid);
    if (o.paymentStatus !== "PENDING") throw new Error(`Montonio order ${uuid} is ${o.paymentStatus}, not pending`);
    o.paymentStatus = status;
    if (status === "PAID") o.availableForRefund = Number(o.grandTotal);
    return o;
  }

  const montonio = {
    order: montonioOrder,
    pay: (uuid: string) => moveMontonio(uuid, "PAID"),
    abandon: (uuid: string) => moveMontonio(uuid, "ABANDONED"),
    /** The bank refused the payment. */
    void: (uuid: string) => moveMontonio(uuid, "VOIDED"),
    refunds(uuid?: string) {
      return montonioRefunds.filter((r) => !uuid || r.orderUuid === uuid);
    },
    /** The order token Montonio sends to notificationUrl and appends to returnUrl, signed with the store's secret key. */
    orderToken(uuid: string, options: { expiresInSeconds?: number } = {}) {
      const o = montonioOrder(uuid);
      const iat = Math.floor(Date.now() / 1000);
      return signJwt(
        {
          uuid: o.uuid,
          accessKey: keys.montonio.accessKey,
          merchantReference: o.merchantReference,
          merchantReferenceDisplay: o.merchantReferenceDisplay,
          paymentStatus: o.paymentStatus,
          paymentMethod: o.paymentMethodType,
          grandTotal: Number(o.grandTotal),
          currency: o.currency,
          iat,
          exp: iat + (options.expiresInSeconds ?? 600),
        },
        keys.montonio.secretKey,
      );
    },
    /** Posts the order's current status to its notificationUrl, as Montonio does on every change. */
    async notify(uuid: string) {
      const url = montonioOrder(uuid).merchantNotificationUrl;
      if (!url) throw new Error(`Montonio order ${uuid} has no notificationUrl`);
      return fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderToken: montonio.orderToken(uuid) }),
      });
    },
  };

  const montonioError = (status: number, message: string): Reply => ({ status, json: { statusCode: status, message, error: message } });

  /** A POST's `{ data: JWT }` or a GET's Bearer JWT, signed with the store's secret and naming its access key. */
  function montonioClaims(call: Call): Json | null {
    const jwt = call.method === "GET" ? /^Bearer (.+)$/.exec(call.headers.authorization ?? "")?.[1] : parseJson(call.raw).data;
    if (typeof jwt !== "string") return null;
    const claims = verifyJwt(jwt, keys.montonio.secretKey);
    return claims && claims.accessKey === keys.montonio.accessKey ? claims : null;
  }

  const montonioRoutes: Route[] = [
    {
      method: "POST",
      pattern: /^\/montonio\/orders$/,
      handle(call) {
        const claims = montonioClaims(call);
        if (!claims) return montonioError(401, "Unauthorized");
        const payment = at(claims, "payment");
        const total = claims.grandTotal;
        if (typeof claims.merchantReference !== "string" || typeof claims.returnUrl !== "string" || typeof claims.currency !== "string") {
          return montonioError(400, "merchantReference, returnUrl and currency are required");
        }
        if (
          typeof total !== "number" ||
          !(total > 0) ||
          payment.amount !== total ||
          payment.currency !== claims.currency ||
          payment.method !== "paymentInitiation"
        ) {
          return montonioError(400, "payment must match grandTotal and currency");
        }
        const uuid = randomUUID();
        const created: MontonioOrder = {
          uuid,
          paymentStatus: "PENDING",
          locale: typeof claims.locale === "string" ? claims.locale : "en",
          merchantReference: claims.merchantReference,
          merchantReferenceDisplay: str(claims.merchantReferenceDisplay),
          merchantReturnUrl: claims.returnUrl,
          merchantNotificationUrl: str(claims.notificationUrl),
          grandTotal: total.toFixed(2),
          currency: claims.currency,
          paymentMethodType: "paymentInitiation",
          availableForRefund: 0,
          lineItems: Array.isArray(claims.lineItems) ? claims.lineItems : [],
          billingAddress: claims.billingAddress ?? null,
          createdAt: now(),
          paymentUrl: `${origin}/montonio/pay/${uuid}`,
        };
        montonioOrders.set(uuid, created);
        return { status: 201, json: created };
      },
    },
    {
      method: "GET",
      pattern: /^\/montonio\/orders\/([^/]+)$/,
      handle(call, [uuid = ""]) {
        if (!montonioClaims(call)) return montonioError(401, "Unauthorized");
        const found = montonioOrders.get(uuid);
        return found ? { status: 200, json: found } : montonioError(404, "Order not found");
      },
    },
    {
      method: "POST",
      pattern: /^\/montonio\/refunds$/,
      handle(call) {
        const claims = montonioClaims(call);
        if (!claims) return montonioError(401, "Unauthorized");
        const key = claims.idempotencyKey;
        if (typeof key !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(key)) {
          return montonioError(400, "idempotencyKey must be a UUID v4");
        }
        return once(idempotency("montonio refunds", key), () => {
          const o = montonioOrders.get(typeof claims.orderUuid === "string" ? claims.orderUuid : "");
          if (!o) return montonioError(404, "Order not found");
          const amountMinor = typeof claims.amount === "number" ? minor(String(claims.amount)) : NaN;
          const availableMinor = minor(String(o.availableForRefund));
          if (
            (o.paymentStatus !== "PAID" && o.paymentStatus !== "PARTIALLY_REFUNDED") ||
            !(amountMinor > 0) ||
            amountMinor > availableMinor
          ) {
            return montonioError(400, "Nothing to refund, or more than is available");
          }
          const refund: MontonioRefund = {
            uuid: randomUUID(),
            orderUuid: o.uuid,
            amount: Number(decimal(amountMinor)),
            currency: o.currency,
            status: "SUCCESSFUL",
            idempotencyKey: key,
            createdAt: now(),
          };
          montonioRefunds.push(refund);
          o.availableForRefund = Number(decimal(availableMinor - amountMinor));
          o.paymentStatus = o.availableForRefund === 0 ? "REFUNDED" : "PARTIALLY_REFUNDED";
          return { status: 201, json: refund };
        });
      },
    },
    {
      method: "GET",
      pattern: /^\/montonio\/pay\/([^/]+)$/,
      handle(_call, [uuid = ""]) {
        const o = montonioOrders.get(uuid);
        if (!o || o.paymentStatus !== "PENDING") {
          return { status: 404, html: page("Fake Montonio", "This order is not waiting for payment.", []) };
        }
        return {
          status: 200,
          html: page("Fake Montonio", `${o.currency} ${o.grandTotal}: ${o.merchantReferenceDisplay ?? o.merchantReference}`, [
            "pay",
            "void",
            "abandon",
          ]),
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/montonio\/pay\/([^/]+)$/,
      handle(call, [uuid = ""]) {
        const o = montonioOrders.get(uuid);
        if (!o || o.paymentStatus !== "PENDING") {
          return { status: 404, html: page("Fake Montonio", "This order is not waiting for payment.", []) };
        }
        const action = new URLSearchParams(call.raw).get("action");
        moveMontonio(uuid, action === "pay" ? "PAID" : action === "void" ? "VOIDED" : "ABANDONED");
        // Montonio sends the shopper back to the one returnUrl whatever happened, with the order token appended.
        return { status: 303, location: withQuery(o.merchantReturnUrl, { "order-token": montonio.orderToken(uuid) }) };
      },
    },
  ];

  const routes = [...stripeRoutes, ...paypalRoutes, ...montonioRoutes];

  async function answer(call: Call): Promise<Reply> {
    const matching = routes.filter((r) => r.pattern.test(call.path));
    const route = matching.find((r) => r.method === call.method);
    if (!route)
      return matching.length
        ? { status: 405, json: { error: "method not allowed" } }
        : { status: 404, json: { error: `no fake for ${call.method} ${call.path}` } };
    return route.handle(call, (route.pattern.exec(call.path) ?? []).slice(1));
  }

  /** Listens on 127.0.0.1; port 0 picks a free one. */
  function start(port = 0): Promise<FakeServer> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        // Absolute request targets (from a forward proxy) are read by their path as well.
        const url = new URL(req.url ?? "/", origin);
        const call: Call = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        answer(call)
          .catch((error: unknown): Reply => ({ status: 500, json: { error: error instanceof Error ? error.message : String(error) } }))
          .then((reply) => {
            if (reply.location) res.writeHead(reply.status, { location: reply.location }).end();
            else if (reply.html !== undefined) res.writeHead(reply.status, { "content-type": "text/html; charset=utf-8" }).end(reply.html);
            else res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.json ?? {}));
          });
      });
    });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        resolve({
          url: origin,
          apiBase: { stripe: origin, paypal: `${origin}/paypal`, montonio: `${origin}/montonio` },
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              // The SDKs keep connections alive; a test run should not wait for them to time out.
              server.closeAllConnections();
            }),
        });
      });
    });
  }

  return { keys, stripe, paypal, montonio, start };
}

export type FakeProcessors = ReturnType<typeof createFakeProcessors>;

/** A fake with its server already listening: what most tests want. */
export async function startFakeProcessors(options: { keys?: FakeKeys; port?: number } = {}): Promise<FakeProcessors & FakeServer> {
  const fake = createFakeProcessors(options.keys);
  return { ...fake, ...(await fake.start(options.port)) };
}

// ---------- helpers ----------

function token(bytes = 12) {
  return randomBytes(bytes).toString("base64url").replace(/[-_]/g, "x");
}

function idempotency(scope: string, key: string | string[] | undefined) {
  return typeof key === "string" && key !== "" ? `${scope}:${key}` : null;
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function at(value: unknown, ...path: string[]): Json {
  let node: unknown = value;
  for (const key of path) node = typeof node === "object" && node !== null ? (node as Json)[key] : undefined;
  return typeof node === "object" && node !== null ? (node as Json) : {};
}

function parseJson(raw: string): Json {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as Json) : {};
  } catch {
    return {};
  }
}

/** Stripe's form encoding: `line_items[0][price_data][currency]=eur` into nested objects (arrays stay keyed "0", "1"). */
function parseForm(raw: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\]\[|\[|\]/).filter(Boolean);
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return root;
}

/** "12.34" → 1234, exactly. */
function minor(value: string) {
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

function decimal(amountMinor: number) {
  return `${Math.trunc(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, "0")}`;
}

function money(amountMinor: number, currency: string) {
  return `${currency.toUpperCase()} ${decimal(amountMinor)}`;
}

function withQuery(url: string, params: Record<string, string>) {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function signJwt(payload: Json, secret: string) {
  const head = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${head}.${body}.${createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url")}`;
}

/** An HS256 JWT's claims when its signature holds and it carries an unexpired exp; else null. */
function verifyJwt(jwt: string, secret: string): Json | null {
  const [head, body, signature, ...rest] = jwt.split(".");
  if (!head || !body || !signature || rest.length) return null;
  if (at(parseJson(Buffer.from(head, "base64url").toString("utf8"))).alg !== "HS256") return null;
  if (!sameText(signature, createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url"))) return null;
  const claims = parseJson(Buffer.from(body, "base64url").toString("utf8"));
  return typeof claims.exp === "number" && claims.exp * 1000 > Date.now() ? claims : null;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, summary: string, actions: string[]) {
  const buttons = actions.map((a) => `<button name="action" value="${a}">${a[0]?.toUpperCase()}${a.slice(1)}</button>`).join(" ");
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(summary)}</p>${
    actions.length ? `<form method="post">${buttons}</form>` : ""
  }</html>`;
}

/** A payment to start at a processor in the adapters' tests: a fresh reference, 12.34 EUR, the language's return pages. */
export function testPayment(processor: string, language: string, fields: Partial<StartPayment> = {}): StartPayment {
  return {
    reference: randomUUID().replaceAll("-", ""),
    amountMinor: 1234,
    currency: "EUR",
    description: "Order MP123",
    returnUrl: `https://shop.test/${language}/payment/return`,
    cancelUrl: `https://shop.test/${language}/payment/cancel`,
    webhookUrl: `https://shop.test/api/payments/webhooks/${processor}`,
    language,
    email: "buyer@example.com",
    ...fields,
  };
}
