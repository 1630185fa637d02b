import type { QuoteStatus } from "~/models/db/schema";

/** A quote's life once paid, in order: it only moves forward (admin quote status). */
export const AFTER_PAYMENT_STATUSES: readonly QuoteStatus[] = ["paid", "ordered", "at_warehouse", "shipped", "delivered"];
