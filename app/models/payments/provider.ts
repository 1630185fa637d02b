// One interface for every payment processor the shop talks to (decision
// 026). A processor is the company behind a payment method of spec 3 (card
// 1, online wallet 2, bank link 3): Stripe, PayPal, Montonio, or the shop's
// own sandbox. The internal balance (4) is not a processor: it is the ledger.
//
// Amounts are integer minor units (decision 003); currencies are ISO 4217
// codes in capitals ("EUR").

export const PROCESSORS = ["sandbox", "stripe", "paypal", "montonio"] as const;
export type ProcessorKey = (typeof PROCESSORS)[number];

/** Where a payment stands at its processor. */
export type ProcessorStatus = "pending" | "paid" | "failed" | "declined";

export type StartPayment = {
  /** Our payment's token: unique, kept by the processor as its reference, and in every return URL. */
  reference: string;
  amountMinor: number;
  currency: string;
  /** What the shopper sees at the processor: "Order MP123" or "Balance top-up". */
  description: string;
  /** Absolute URL the processor sends the shopper back to when paid or pending. */
  returnUrl: string;
  /** Absolute URL for a shopper who gave up or was refused. */
  cancelUrl: string;
  /** Absolute URL of our webhook for this processor, for those that take it per payment. */
  webhookUrl: string;
  /** Two-letter language of the page the shopper came from: en, lt, lv, et. */
  language: string;
  email?: string | null;
};

export type StartedPayment = {
  /** The processor's id of this payment (a Checkout Session, a PayPal order, a Montonio order). */
  processorRef: string;
  /** Where to send the shopper to pay: the processor's hosted page. */
  redirectUrl: string;
};

/** What the processor says of a payment now. */
export type ProcessorAnswer = {
  status: ProcessorStatus;
  /** What was (or is to be) paid, as the processor states it; null when it does not say. */
  amountMinor: number | null;
  currency: string | null;
  /** The processor's id of the money movement, for the ledger (a PaymentIntent, a capture id); defaults to processorRef. */
  transactionId?: string | null;
};

/** A webhook whose signature held, reduced to what settles a payment. */
export type ProcessorEvent = ProcessorAnswer & {
  /** Unique per event at this processor: an event applied once is never applied again. */
  eventId: string;
  processorRef: string | null;
  /** Our token, where the processor echoes it. */
  reference: string | null;
};

export type Refunded = { refundRef: string };

export interface PaymentProcessor {
  readonly key: ProcessorKey;
  /** The name the balance history shows for a top-up (spec 3 payment_processor_name). */
  readonly displayName: string;
  /** Creates the payment at the processor; the shopper pays on its hosted page. */
  start(payment: StartPayment): Promise<StartedPayment>;
  /**
   * Reads the payment's status, and completes it where the processor waits
   * for the merchant (a PayPal order the buyer approved is captured here).
   * Safe to call any number of times.
   */
  confirm(processorRef: string, reference: string): Promise<ProcessorAnswer>;
  /** Gives money back to the payer; `idempotencyKey` makes a retried call refund once. */
  refund(processorRef: string, amountMinor: number, currency: string, idempotencyKey: string): Promise<Refunded>;
  /**
   * Checks a webhook's signature before anything in it is read, and returns
   * what it says; null for a genuine event that says nothing about a
   * payment's outcome. Throws WebhookRejected for a forged, altered or
   * expired one.
   */
  verifyWebhook(rawBody: string, headers: Headers): Promise<ProcessorEvent | null>;
}

/** A webhook that failed its signature check: answered 400, nothing read. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "WebhookRejected";
  }
}

/** The processor refused or could not be reached: the shopper is told to try again. */
export class ProcessorUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProcessorUnavailable";
  }
}
