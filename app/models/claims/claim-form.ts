// The claim form's rules, shared by the page and the model: the reasons and
// statuses a claim can have, the limits on what is sent, the numbers a
// customer quotes, and the form's schemas, used by conform in the browser
// and by the action on the server. Safe in the browser; no I/O here.

import * as v from "valibot";
import type { ClaimReason, ClaimStatus } from "~/models/db/schema";
import { orderNumberParts } from "~/models/orders/orders";

export type { ClaimReason, ClaimStatus };

export const CLAIM_REASONS = ["defective", "damaged_in_transport", "wrong_item", "missing_parts", "other"] as const satisfies readonly ClaimReason[];
export const CLAIM_STATUSES = ["received", "in_review", "approved", "rejected"] as const satisfies readonly ClaimStatus[];

export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const MAX_CLAIM_FILES = 5;
/** The guest's order number and email, as typed: nobody's is longer. */
const FIELD_MAX = 254;

/** Which form it is: a warranty claim for a marketplace or quote order, or a marketplace claim (/claim-form-pro). */
export type ClaimKind = "warranty" | "marketplace";
export const ORDER_KINDS_FOR: Record<ClaimKind, ReadonlyArray<"marketplace" | "quote">> = {
  warranty: ["marketplace", "quote"],
  marketplace: ["marketplace"],
};

/** The number a customer quotes: CL plus the claim's id. */
export function claimNumber(id: number) {
  return `CL${id}`;
}

/** The claim's id from its number (CL12, cl12 or 12), or null. */
export function parseClaimNumber(text: string): number | null {
  const match = /^(?:cl)?(\d{1,15})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An order number as the customer sees it (MP12, QU5), split into its kind and id; null for anything else. */
export function parseOrderNumber(text: string): { kind: "marketplace" | "quote"; id: number } | null {
  // Only what a claim can be about: a marketplace order or a quote.
  const parts = orderNumberParts(text);
  return parts && (parts.kind === "marketplace" || parts.kind === "quote") ? { kind: parts.kind, id: parts.id } : null;
}

/** A line of an order as the form names it: "i" plus the order item's id, or "q" plus the quote line's. */
export type LineKey = `i${number}` | `q${number}`;
export function isLineKey(value: string): value is LineKey {
  return /^[iq]\d{1,15}$/.test(value);
}

/** How many lines and quantities of a post are read: no order has more. */
const MOST_LINES = 200;

// No default: conform reads an empty field as absent, and a default would skip the pipe's checks.
const typed = v.optional(v.pipe(v.string(), v.maxLength(FIELD_MAX, "claims.errors.notFound")));

/** The guest's search for their order (intent "find"): its number and email as typed. */
export const ClaimOrderSchema = v.object({
  intent: v.literal("find"),
  number: typed,
  email: typed,
});

/**
 * The claim itself, with the order it is about (a signed-in customer's by
 * its slug, a guest's by number and email), the lines checked and the
 * reason. Each line's quantity comes as qty-<line key>; whether it is
 * within what was bought, and whether the files are what they claim to
 * be, only the server can tell (checkClaimLines, and the files' content).
 */
export const ClaimSchema = v.looseObject({
  order: typed,
  number: typed,
  email: typed,
  line: v.pipe(
    v.optional(v.array(v.string()), []),
    v.transform((keys) => [...new Set(keys.filter(isLineKey))].slice(0, MOST_LINES)),
    v.minLength(1, "claims.errors.noLines"),
  ),
  reason: v.picklist(CLAIM_REASONS, "claims.errors.reason"),
  description: v.pipe(
    v.string("claims.errors.description"),
    v.trim(),
    v.minLength(DESCRIPTION_MIN, "claims.errors.description"),
    v.maxLength(DESCRIPTION_MAX, "claims.errors.description"),
  ),
  files: v.optional(v.array(v.file()), []),
});

export type ClaimValues = v.InferOutput<typeof ClaimSchema>;

/** The quantity typed for each line, posted as qty-<line key>. */
export function claimQuantities(posted: Record<string, unknown>): Record<string, string> {
  const quantities: Record<string, string> = {};
  for (const [name, value] of Object.entries(posted)) {
    const key = name.slice(4);
    if (typeof value !== "string" || !name.startsWith("qty-") || !isLineKey(key)) continue;
    if (Object.keys(quantities).length < MOST_LINES) quantities[key] = value.slice(0, 10);
  }
  return quantities;
}

/**
 * What is wrong with the lines checked: a translation key, or null. A line
 * not typed a quantity for is claimed once; `available` maps each line of
 * the chosen order to the quantity bought.
 */
export function checkClaimLines(lines: readonly string[], quantities: Record<string, string>, available: ReadonlyMap<string, number>): string | null {
  for (const key of lines) {
    const most = available.get(key);
    const quantity = Number(quantities[key] ?? "1");
    if (most === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > most) return "claims.errors.quantity";
  }
  return null;
}

export type ClaimOrderLine = { key: LineKey; name: string; quantity: number };
export type ClaimOrderView = { slug: string; number: string; date: string; lines: ClaimOrderLine[] };

/** What the form's page shows. */
export type ClaimFormPage = {
  kind: ClaimKind;
  signedIn: boolean;
  /** The signed-in customer's orders: slug, and number with date. */
  orders: Array<{ slug: string; label: string }>;
  order: ClaimOrderView | null;
  /** The number of the claim just filed (after the redirect). */
  sent: string | null;
};

/** What the form's answer carries besides conform's reply: the order found, and whether files were chosen (the browser forgets them, so the message says to choose them again). */
export type ClaimReplyExtras = { order: ClaimOrderView | null; filesAgain: boolean };
