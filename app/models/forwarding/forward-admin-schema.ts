import * as v from "valibot";
import type { ForwardRequestStatus } from "~/models/db/schema";
import { parseTypedMinor } from "~/lib/money";
import { normalizeTrackingNumber } from "~/models/tracking/tracking-number";

// The back office's forms on a forward request (price, ship, deliver, ask):
// each carries what the page saw of the request (`seen`, the stale-edit
// rule). Messages are translation keys.

const required = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"));
const seen = v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(40, "validation.required"));

export const QUESTION_MAX = 2000;

/** Every status a forward request can have, in the order it moves through them. */
export const FORWARD_STATUSES: readonly ForwardRequestStatus[] = ["requested", "info_needed", "priced", "paid", "shipped", "delivered", "cancelled"];

export const ForwardStepSchema = v.variant("intent", [
  v.object({
    intent: v.literal("price"),
    seen,
    shipping: v.pipe(required, v.transform(parseTypedMinor), v.number("admin.forwarding.amountFormat"), v.minValue(0, "admin.forwarding.amountFormat")),
  }),
  v.object({
    intent: v.literal("ship"),
    seen,
    carrier: v.pipe(required, v.maxLength(60, "validation.tooLong")),
    trackingNumber: v.pipe(
      required,
      v.transform((text) => normalizeTrackingNumber(text) ?? ""),
      v.nonEmpty("admin.orders.trackingFormat"),
      v.regex(/^[A-Z0-9-]{4,40}$/, "admin.orders.trackingFormat"),
    ),
  }),
  v.object({ intent: v.literal("deliver"), seen }),
  v.object({ intent: v.literal("ask"), seen, question: v.pipe(required, v.maxLength(QUESTION_MAX, "validation.tooLong")) }),
]);
