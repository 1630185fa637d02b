import { singleton } from "~/lib/singleton.server";
import { env } from "~/platform/env.server";
import { PROCESSORS, type PaymentProcessor, type ProcessorKey } from "./provider";
import { montonioProcessor } from "./processors/montonio.server";
import { paypalProcessor } from "./processors/paypal.server";
import { sandboxProcessor } from "./processors/sandbox.server";
import { stripeProcessor } from "./processors/stripe.server";

// Which processors this server has keys for (docs/payments.md). A site's
// payment method names its processor (payment_methods.processor); one with no
// keys here is taken by the sandbox instead, so a fresh install sells.

function configured(): Partial<Record<ProcessorKey, PaymentProcessor>> {
  const e = env();
  const found: Partial<Record<ProcessorKey, PaymentProcessor>> = { sandbox: sandboxProcessor };
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    found.stripe = stripeProcessor({ secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE });
  }
  if (e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID) {
    found.paypal = paypalProcessor({
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      live: e.PAYPAL_LIVE,
      apiBase: e.PAYPAL_API_BASE,
    });
  }
  if (e.MONTONIO_ACCESS_KEY && e.MONTONIO_SECRET_KEY) {
    found.montonio = montonioProcessor({ accessKey: e.MONTONIO_ACCESS_KEY, secretKey: e.MONTONIO_SECRET_KEY, live: e.MONTONIO_LIVE, apiBase: e.MONTONIO_API_BASE });
  }
  return found;
}

const processors = () => singleton("payment-processors", configured);

export function isProcessorKey(key: string): key is ProcessorKey {
  return (PROCESSORS as readonly string[]).includes(key);
}

/** The processor that takes a method configured for `wanted`: itself when it has keys, else the sandbox. */
export function effectiveProcessor(wanted: ProcessorKey): ProcessorKey {
  return processors()[wanted] ? wanted : "sandbox";
}

/** The processor a payment was made with; null when this server has no keys for it. */
export function processorFor(key: ProcessorKey): PaymentProcessor | null {
  return processors()[key] ?? null;
}
