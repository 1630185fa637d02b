import { formatDateTime } from "~/lib/format";
import type { Minor } from "~/lib/money";
import type { Selectable } from "kysely";
import type { BalanceEntriesTable } from "~/models/db/schema";

// How a balance history entry is shown (spec 3, "Balance history entry").
// Shared by the page, the API and the ledger, so nothing here touches the
// database.

/** Spec 3: what a balance movement relates to. */
export const BALANCE_REL_TYPE = {
  quote: 0,
  forwardRequest: 1,
  manualByAdmin: 2,
  topUp: 3,
  miscInvoice: 4,
  /** Beyond spec 3's five: a marketplace order paid from the balance (decision 020). */
  marketplaceOrder: 5,
  /** A pro seller's listing fee (decision 030); the related id is the listing's product. */
  listingFee: 6,
} as const;
export type BalanceRelType = (typeof BALANCE_REL_TYPE)[keyof typeof BALANCE_REL_TYPE];

/** Spec 3: whether money came onto the balance or left it. */
export const BALANCE_TYPE = { addition: 1, deduction: 2 } as const;
export type BalanceType = (typeof BALANCE_TYPE)[keyof typeof BALANCE_TYPE];

/** The fields of an entry that decide how it is shown. */
export type BalanceEntryView = Pick<
  Selectable<BalanceEntriesTable>,
  "id" | "rel_type" | "type" | "rel_id" | "quote_slug" | "payment_processor_name" | "payment_processor_transaction_id"
> & {
  /** Misc invoices: the invoice's own number, as printed on it. */
  invoice_number?: string | null;
};

/**
 * The label of every movement the spec names, keyed "rel_type:type". A pair
 * not in this list (a top-up taken away, a misc invoice refunded) is never
 * written by the ledger.
 */
const LABELS = {
  "0:1": "balance.kinds.quoteRefund",
  "1:1": "balance.kinds.forwardRequestRefund",
  "4:2": "balance.kinds.miscInvoicePaid",
  "0:2": "balance.kinds.quotePaid",
  "1:2": "balance.kinds.forwardRequestPaid",
  "2:1": "balance.kinds.manualTopUp",
  "2:2": "balance.kinds.manualDeduction",
  "3:1": "balance.kinds.topUp",
  "5:2": "balance.kinds.orderPaid",
  "5:1": "balance.kinds.orderRefund",
  "6:2": "pro.balance.feePaid",
  "6:1": "pro.balance.feeRefund",
} as const;

export type BalanceLabelKey = (typeof LABELS)[keyof typeof LABELS] | "balance.kinds.other";

/** Whether the ledger knows this pair of related type and transaction type. */
export function isKnownBalanceKind(relType: number, type: number) {
  return Object.hasOwn(LABELS, `${relType}:${type}`);
}

/** The translation key of an entry's label; an unknown pair reads as a plain "balance change". */
export function balanceEntryLabelKey(entry: Pick<BalanceEntryView, "rel_type" | "type">): BalanceLabelKey {
  const key = `${entry.rel_type}:${entry.type}`;
  return Object.hasOwn(LABELS, key) ? LABELS[key as keyof typeof LABELS] : "balance.kinds.other";
}

/** The letters before the related id in the number of an entry about a quote, a forward request, a marketplace order or a listing fee. */
const NUMBER_PREFIX: Partial<Record<number, string>> = {
  [BALANCE_REL_TYPE.quote]: "QU",
  [BALANCE_REL_TYPE.forwardRequest]: "FR",
  [BALANCE_REL_TYPE.marketplaceOrder]: "MP",
  [BALANCE_REL_TYPE.listingFee]: "LF",
};

/** 'QU'+rel_id for quotes, 'FR'+rel_id for forward requests, 'MP'+rel_id for marketplace orders, 'LF'+rel_id for listing fees, the invoice's number, the processor's transaction id for top-ups, else none. */
export function balanceEntryOrderNumber(entry: BalanceEntryView): string | null {
  if (entry.rel_type === BALANCE_REL_TYPE.topUp) return entry.payment_processor_transaction_id || null;
  if (entry.rel_type === BALANCE_REL_TYPE.miscInvoice) return entry.invoice_number || null;
  const prefix = NUMBER_PREFIX[entry.rel_type];
  return prefix && entry.rel_id !== null ? `${prefix}${entry.rel_id}` : null;
}

/** Quotes link to their page by slug, misc invoices to theirs by id; nothing else links. */
function balanceEntryHref(entry: BalanceEntryView): string | null {
  if (entry.rel_type === BALANCE_REL_TYPE.miscInvoice) return entry.invoice_number && entry.rel_id !== null ? `/invoice/${entry.rel_id}` : null;
  if (entry.rel_type !== BALANCE_REL_TYPE.quote || !entry.quote_slug) return null;
  return `/quotes/${encodeURIComponent(entry.quote_slug)}`;
}

/** The payment processor's name is shown only for top-ups. */
function balanceEntryProcessorName(entry: BalanceEntryView): string | null {
  return entry.rel_type === BALANCE_REL_TYPE.topUp ? entry.payment_processor_name || null : null;
}

/** 'ID' plus the entry's id. */
export function balanceEntryDisplayId(entry: Pick<BalanceEntryView, "id">) {
  return `ID${entry.id}`;
}

/** Date with time, yyyy-MM-dd HH:mm (spec 9). */
function balanceEntryDate(createdAt: Date | string) {
  return formatDateTime(createdAt);
}

/** The amount with its direction: positive for an addition, negative for a deduction. */
function signedBalanceAmount(entry: { type: number; amount_minor: Minor }): Minor {
  return entry.type === BALANCE_TYPE.deduction ? -entry.amount_minor : entry.amount_minor;
}

/** An entry as the balance pages show it, worked out in one place for the row, the card and the entry's own page. */
export type BalanceEntryShown = {
  labelKey: BalanceLabelKey;
  /** The number of what the entry is about; null when it has none to show. */
  orderNumber: string | null;
  /** Where that number links to; null when it does not link. */
  href: string | null;
  /** The payment processor, for top-ups only. */
  processor: string | null;
  displayId: string;
  date: string;
  /** Positive for an addition, negative for a deduction. */
  signedAmount: Minor;
};

export function showBalanceEntry(entry: BalanceEntryView & { created_at: Date | string; amount_minor: Minor }): BalanceEntryShown {
  return {
    labelKey: balanceEntryLabelKey(entry),
    orderNumber: balanceEntryOrderNumber(entry),
    href: balanceEntryHref(entry),
    processor: balanceEntryProcessorName(entry),
    displayId: balanceEntryDisplayId(entry),
    date: balanceEntryDate(entry.created_at),
    signedAmount: signedBalanceAmount(entry),
  };
}
