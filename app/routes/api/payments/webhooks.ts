import type { ActionFunctionArgs } from "@remix-run/node";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "~/lib/json-depth";
import { isProcessorKey, processorFor } from "~/models/payments/processors.server";
import { recordRefusedWebhook } from "~/models/payments/incidents.server";
import { WebhookRejected } from "~/models/payments/provider";
import { applyProcessorEvent } from "~/models/payments/settle.server";
import { logger } from "~/platform/logger.server";

// POST /api/payments/webhooks/{processor}: a processor's notice of a
// payment. The only POSTs other sites may send (server/same-origin.ts), so
// nothing is read before the signature holds: a forged, altered or expired
// one gets 400 and changes nothing. A genuine one is applied once, however
// often it comes (settle.server.ts); 200 tells the processor to stop sending.

const MAX_BODY = 256 * 1024;

export async function action({ request, params }: ActionFunctionArgs) {
  const key = params.processor ?? "";
  const processor = isProcessorKey(key) ? processorFor(key) : null;
  if (!processor) return new Response(null, { status: 404 });
  const rawBody = await request.text();
  if (rawBody.length > MAX_BODY) return new Response(null, { status: 413 });
  let event;
  try {
    // The request screen lets these bodies through unread (the signature covers their bytes), so the nesting no processor sends is refused here:
    // PayPal's check sends the event back, and writing a body thousands of levels deep overflows the stack (a 500).
    if (nestedDeeperThan(rawBody, MAX_JSON_DEPTH)) throw new WebhookRejected("Webhook body nested too deeply");
    event = await processor.verifyWebhook(rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      logger.warn({ processor: key, reason: error.message }, "A webhook was refused");
      // Counted for the back office: many at once means a forger, or a secret the shop has wrong.
      await recordRefusedWebhook(key, error.message).catch((err: unknown) => logger.error({ err }, "A refused webhook could not be counted"));
      return Response.json({ received: false }, { status: 400 });
    }
    throw error;
  }
  if (event) await applyProcessorEvent(processor.key, event);
  return Response.json({ received: true });
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
