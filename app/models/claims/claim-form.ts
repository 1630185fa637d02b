// The claim form's rules, shared by the page and the model: the reasons and
// statuses a claim can have, the limits on what is sent, the numbers a
// customer quotes, and the reading of a posted form into what it asks for.
// Safe in the browser; no I/O here.

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

/** What the form sends besides the files, kept as typed so that a refusal can show it again. */
export type ClaimValues = {
  /** The signed-in customer's order, by its slug. */
  order: string;
  /** The guest's order number and email. */
  number: string;
  email: string;
  /** Checked lines, and the quantity typed for each line. */
  lines: string[];
  quantities: Record<string, string>;
  reason: string;
  description: string;
};

export const EMPTY_VALUES: ClaimValues = { order: "", number: "", email: "", lines: [], quantities: {}, reason: "", description: "" };

const text = (form: FormData, name: string, max = FIELD_MAX) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

/** The posted form's values; quantities are read for the lines the order has, as qty-<line key>. */
export function readClaimValues(form: FormData): ClaimValues {
  const lines = [...new Set(form.getAll("line").filter((v): v is string => typeof v === "string" && isLineKey(v)))].slice(0, 200);
  const quantities: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || !name.startsWith("qty-")) continue;
    const key = name.slice(4);
    if (isLineKey(key) && Object.keys(quantities).length < 200) quantities[key] = value.slice(0, 10);
  }
  return {
    order: text(form, "order"),
    number: text(form, "number"),
    email: text(form, "email"),
    lines,
    quantities,
    reason: text(form, "reason"),
    description: text(form, "description", DESCRIPTION_MAX + 1),
  };
}

export type ClaimField = "order" | "lines" | "reason" | "description" | "files";

/**
 * What is wrong with the claim's own fields (not the order or the files),
 * as translation keys by field; empty when nothing is. `available` maps
 * each line of the chosen order to the quantity bought.
 */
export function checkClaimFields(values: ClaimValues, available: ReadonlyMap<string, number>): Partial<Record<ClaimField, string>> {
  const errors: Partial<Record<ClaimField, string>> = {};
  if (values.lines.length === 0) errors.lines = "claims.errors.noLines";
  for (const key of values.lines) {
    const most = available.get(key);
    const quantity = Number(values.quantities[key] ?? "1");
    if (most === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > most) errors.lines = "claims.errors.quantity";
  }
  if (!(CLAIM_REASONS as readonly string[]).includes(values.reason)) errors.reason = "claims.errors.reason";
  const length = values.description.trim().length;
  if (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX) errors.description = "claims.errors.description";
  return errors;
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

/** The form's answer to a post that did not file a claim. */
export type ClaimReply = {
  errors: Partial<Record<ClaimField | "form", string>>;
  values: ClaimValues;
  order: ClaimOrderView | null;
  /** Files were chosen: the browser forgets them, so the message says to choose them again. */
  filesAgain: boolean;
};
