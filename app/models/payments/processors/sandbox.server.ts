import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { db } from "~/models/db/db.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import type { SandboxDelivery, SandboxOutcome } from "./sandbox";
import { WebhookRejected, type PaymentProcessor, type ProcessorAnswer, type ProcessorEvent } from "../provider";

// The sandbox processor (decision 026): the shop's own stand-in for a card,
// wallet or bank-link company, used for every method whose processor has no
// keys, so the shop installs and sells with no account anywhere. It keeps
// its own books (sandbox_payments), apart from the shop's payments, as a real
// processor does: its hosted page (/payment/sandbox/{ref}) decides there,
// and the shop learns of it the way it learns from any processor — by the
// shopper's return, a signed webhook, or by asking (reconciliation).
//
// Its webhooks are signed as Stripe's are: `sandbox-signature: t=<unix
// seconds>,v1=<hex HMAC-SHA256 of "t.body">`, refused after 300 seconds.

export const SANDBOX_TOLERANCE_SECONDS = 300;

/** A payment paid "after a delay" pays this long after the shopper's choice. */
const DELAY_MS = 5_000;
/** A "late" notice arrives this long after the shopper is back. */
const LATE_MS = 3_000;

export function sandboxWebhookSecret() {
  const { SANDBOX_WEBHOOK_SECRET, SESSION_SECRET } = env();
  return SANDBOX_WEBHOOK_SECRET ?? createHmac("sha256", SESSION_SECRET).update("sandbox-webhooks").digest("hex");
}

export function signSandboxWebhook(body: string, secret = sandboxWebhookSecret(), timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

type SandboxEventBody = {
  id: string;
  type: "payment.updated";
  data: { ref: string; reference: string; status: ProcessorAnswer["status"]; amount_minor: number; currency: string };
};

function verify(rawBody: string, header: string | null, secret: string, now = Date.now()) {
  if (!header) throw new WebhookRejected("no signature");
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isSafeInteger(timestamp) || !parts.v1) throw new WebhookRejected("malformed signature");
  if (Math.abs(now / 1000 - timestamp) > SANDBOX_TOLERANCE_SECONDS) throw new WebhookRejected("signature expired");
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected("signature mismatch");
}

async function books(ref: string) {
  const row = await db().selectFrom("sandbox_payments").selectAll().where("ref", "=", ref).executeTakeFirst();
  if (!row) return null;
  // A delayed payment pays when its time comes, as a bank's would.
  if (row.status === "pending" && row.pays_at && row.pays_at.getTime() <= Date.now()) {
    await db().updateTable("sandbox_payments").set({ status: "paid" }).where("ref", "=", ref).where("status", "=", "pending").execute();
    return { ...row, status: "paid" as const };
  }
  return row;
}

function answer(row: { status: ProcessorAnswer["status"]; amount_minor: number; currency: string; ref: string }): ProcessorAnswer {
  return { status: row.status, amountMinor: Number(row.amount_minor), currency: row.currency, transactionId: row.ref };
}

export const sandboxProcessor: PaymentProcessor = {
  key: "sandbox",
  displayName: "Sandbox",

  async start(payment) {
    const ref = `sbx_${randomBytes(12).toString("base64url")}`;
    await db()
      .insertInto("sandbox_payments")
      .values({
        ref,
        reference: payment.reference,
        amount_minor: payment.amountMinor,
        currency: payment.currency,
        webhook_url: payment.webhookUrl,
        return_url: payment.returnUrl,
        cancel_url: payment.cancelUrl,
      })
      .execute();
    const page = new URL(payment.returnUrl);
    page.pathname = `/${payment.language}/payment/sandbox/${ref}`;
    page.search = "";
    return { processorRef: ref, redirectUrl: page.toString() };
  },

  async confirm(ref) {
    const row = await books(ref);
    if (!row) return { status: "failed", amountMinor: null, currency: null };
    return answer(row);
  },

  async refund(ref, amountMinor) {
    const updated = await db()
      .updateTable("sandbox_payments")
      .set((eb) => ({ refunded_minor: eb("refunded_minor", "+", amountMinor) }))
      .where("ref", "=", ref)
      .where("status", "=", "paid")
      .where((eb) => eb(eb("refunded_minor", "+", amountMinor), "<=", eb.ref("amount_minor")))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error(`The sandbox cannot refund ${amountMinor} of ${ref}`);
    return { refundRef: `sbr_${randomBytes(9).toString("base64url")}` };
  },

  async verifyWebhook(rawBody, headers): Promise<ProcessorEvent | null> {
    verify(rawBody, headers.get("sandbox-signature"), sandboxWebhookSecret());
    const event = JSON.parse(rawBody) as SandboxEventBody;
    return {
      eventId: event.id,
      processorRef: event.data.ref,
      reference: event.data.reference,
      status: event.data.status,
      amountMinor: event.data.amount_minor,
      currency: event.data.currency,
      transactionId: event.data.ref,
    };
  },
};

/** What the hosted page shows of a payment at the sandbox, or null. */
export async function sandboxPayment(ref: string) {
  if (!/^sbx_[\w-]{16}$/.test(ref)) return null;
  return books(ref);
}

/**
 * The shopper's choice on the hosted page: the sandbox's "bank" decides,
 * once, then sends its notice the way asked and tells the page where the
 * shopper goes next. A second choice changes nothing.
 */
export async function decideSandboxPayment(ref: string, outcome: SandboxOutcome, delivery: SandboxDelivery) {
  const status = outcome === "delayed" ? "pending" : outcome;
  const decided = await db()
    .updateTable("sandbox_payments")
    .set({ status, pays_at: outcome === "delayed" ? new Date(Date.now() + DELAY_MS) : null })
    .where("ref", "=", ref)
    .where("status", "=", "pending")
    .where("pays_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  const row = decided ?? (await books(ref));
  if (!row) return null;
  if (decided) {
    // A notice that cannot be sent (the database away) is lost, as a real
    // processor's can be: reconciliation asks the sandbox again later.
    const notice = (delay: number) =>
      setTimeout(() => sendSandboxWebhook(ref).catch((err: unknown) => logger.warn({ err, ref }, "The sandbox's notice could not be sent")), delay).unref();
    const first = outcome === "delayed" ? DELAY_MS + 200 : delivery === "late" ? LATE_MS : 0;
    if (delivery !== "never") notice(first);
    if (delivery === "twice") notice(first + 300);
  }
  return { returnTo: row.status === "failed" || row.status === "declined" ? row.cancel_url : row.return_url };
}

/** Posts the sandbox's signed notice of a payment's state to the shop's webhook. */
export async function sendSandboxWebhook(ref: string) {
  const row = await books(ref);
  if (!row) return;
  const body = JSON.stringify({
    // One event per state: a repeat of the same notice is the same event.
    id: `evt_${row.ref}_${row.status}`,
    type: "payment.updated",
    data: { ref: row.ref, reference: row.reference, status: row.status, amount_minor: Number(row.amount_minor), currency: row.currency },
  } satisfies SandboxEventBody);
  try {
    const response = await fetch(row.webhook_url, { method: "POST", headers: { "content-type": "application/json", "sandbox-signature": signSandboxWebhook(body) }, body });
    if (!response.ok) logger.warn({ ref, status: response.status }, "The sandbox's webhook was refused");
  } catch (err) {
    // A lost notice is what reconciliation is for.
    logger.warn({ err, ref }, "The sandbox's webhook could not be delivered");
  }
}
