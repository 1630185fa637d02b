import { BALANCE_REL_TYPE, BALANCE_TYPE, isKnownBalanceKind, type BalanceEntryView, type BalanceRelType, type BalanceType } from "~/models/balance/balance-entry";
import { sql } from "kysely";
import type { Minor } from "~/lib/money";
import { db, type DB } from "~/models/db/db.server";

// The stored balance (docs/decisions/011-balance-ledger.md): an append-only
// ledger in integer minor units of EUR. Every movement is one row of
// balance_entries whose starting balance is the previous row's end balance;
// users.balance_minor is the last end balance. Only recordBalanceEntry writes
// either, and only while it holds the user's row locked.

export type BalanceErrorReason = "invalid-amount" | "invalid-entry" | "insufficient-balance" | "unknown-user";

/** A movement the ledger refuses; nothing has been written when it is thrown. */
export class BalanceError extends Error {
  override readonly name = "BalanceError";
  constructor(
    readonly reason: BalanceErrorReason,
    message: string,
    /** For insufficient-balance: the balance the movement found, in minor units. */
    readonly balanceMinor?: Minor,
  ) {
    super(message);
  }
}

export type NewBalanceEntry = {
  userId: number;
  relType: BalanceRelType;
  type: BalanceType;
  /** Always positive; `type` says which way it moves the balance. */
  amountMinor: Minor;
  /** The quote, forward request or misc invoice the movement belongs to. */
  relId?: number | null;
  /** Quotes only: the slug their page is found by. */
  quoteSlug?: string | null;
  /** Top-ups only: who took the payment and their id for it. */
  processorName?: string | null;
  transactionId?: string | null;
  /** Manual movements only: why staff made it, for staff (at most 500 characters). */
  reason?: string | null;
};

export type BalanceEntry = BalanceEntryView & {
  created_at: Date;
  amount_minor: Minor;
  starting_balance_minor: Minor;
  end_balance_minor: Minor;
};

const ENTRY_COLUMNS = [
  "id",
  "rel_type",
  "type",
  "rel_id",
  "quote_slug",
  "payment_processor_name",
  "payment_processor_transaction_id",
  "created_at",
  "amount_minor",
  "starting_balance_minor",
  "end_balance_minor",
] as const;

export const BALANCE_PAGE_SIZE = 20;
export const BALANCE_MAX_PAGE_SIZE = 100;

const isPositiveId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const present = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/** Refuses a malformed movement before any lock is taken. */
function checkEntry(entry: NewBalanceEntry) {
  const invalid = (message: string) => new BalanceError("invalid-entry", message);
  if (!Number.isSafeInteger(entry.amountMinor) || entry.amountMinor <= 0) {
    throw new BalanceError("invalid-amount", `The amount must be a positive whole number of cents, got ${entry.amountMinor}`);
  }
  if (!isPositiveId(entry.userId)) throw invalid(`Not a user id: ${entry.userId}`);
  if (!isKnownBalanceKind(entry.relType, entry.type)) {
    throw invalid(`The ledger has no movement of related type ${entry.relType} and type ${entry.type}`);
  }
  const { quote, forwardRequest, miscInvoice, topUp, marketplaceOrder, listingFee } = BALANCE_REL_TYPE;
  const needsRelId =
    entry.relType === quote || entry.relType === forwardRequest || entry.relType === miscInvoice || entry.relType === marketplaceOrder || entry.relType === listingFee;
  if (needsRelId && !isPositiveId(entry.relId)) throw invalid("A quote, forward request, misc invoice or order movement needs the id it relates to");
  if (!needsRelId && entry.relId != null) throw invalid("Only quotes, forward requests and misc invoices carry a related id");
  if (entry.relType !== quote && entry.quoteSlug != null) throw invalid("Only quote movements carry a quote slug");
  if (entry.relType === topUp && !(present(entry.processorName) && present(entry.transactionId))) {
    throw invalid("A top-up needs the payment processor's name and transaction id");
  }
  if (entry.relType !== topUp && (entry.processorName != null || entry.transactionId != null)) {
    throw invalid("Only top-ups carry a payment processor");
  }
  if (entry.reason != null && (entry.relType !== BALANCE_REL_TYPE.manualByAdmin || !present(entry.reason) || entry.reason.trim().length > 500)) {
    throw invalid("Only a manual movement carries a reason, of 1 to 500 characters");
  }
}

async function writeEntry(trx: DB, entry: NewBalanceEntry): Promise<BalanceEntry> {
  // The row lock makes every movement of one user's balance wait for the
  // one before it to commit, so each reads the balance the last one left.
  const user = await trx.selectFrom("users").select("balance_minor").where("id", "=", entry.userId).forUpdate().executeTakeFirst();
  if (!user) throw new BalanceError("unknown-user", `There is no user ${entry.userId}`);
  const start = Number(user.balance_minor);
  const end = entry.type === BALANCE_TYPE.addition ? start + entry.amountMinor : start - entry.amountMinor;
  if (end < 0) {
    throw new BalanceError("insufficient-balance", `The balance of ${start} cents does not cover ${entry.amountMinor} cents`, start);
  }
  if (!Number.isSafeInteger(end)) throw new BalanceError("invalid-amount", "The balance would grow beyond what can be stored exactly");

  const row = await trx
    .insertInto("balance_entries")
    .values({
      user_id: entry.userId,
      rel_type: entry.relType,
      type: entry.type,
      rel_id: entry.relId ?? null,
      quote_slug: entry.quoteSlug ?? null,
      payment_processor_name: entry.processorName?.trim() ?? null,
      payment_processor_transaction_id: entry.transactionId?.trim() ?? null,
      reason: entry.reason?.trim() ?? null,
      amount_minor: entry.amountMinor,
      starting_balance_minor: start,
      end_balance_minor: end,
    })
    .returning(ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
  await trx.updateTable("users").set({ balance_minor: end }).where("id", "=", entry.userId).execute();
  return toEntry(row);
}

/**
 * Adds or deducts an amount and returns the new entry. Refuses, with a
 * BalanceError and nothing written, an amount that is not a positive whole
 * number of cents, a movement the spec does not know, an unknown user, and a
 * deduction larger than the balance.
 *
 * Given a transaction (`database.transaction().execute((trx) => …)`), the
 * movement becomes part of it: payment code can spend the balance and create
 * its order atomically, and the user's row stays locked until that
 * transaction ends. Otherwise it runs in a transaction of its own.
 */
export async function recordBalanceEntry(entry: NewBalanceEntry, database: DB = db()): Promise<BalanceEntry> {
  checkEntry(entry);
  if (database.isTransaction) return writeEntry(database, entry);
  return database.transaction().execute((trx) => writeEntry(trx, entry));
}

/** A misc invoice's own number, which the entry's related id alone cannot give. */
const invoiceNumber = sql<string | null>`(select i.number from invoices i where balance_entries.rel_type = ${BALANCE_REL_TYPE.miscInvoice} and i.id = balance_entries.rel_id)`.as(
  "invoice_number",
);

function toEntry(row: Record<(typeof ENTRY_COLUMNS)[number], unknown> & { invoice_number?: string | null }): BalanceEntry {
  return {
    invoice_number: row.invoice_number ?? null,
    id: Number(row.id),
    rel_type: Number(row.rel_type),
    type: Number(row.type),
    rel_id: row.rel_id === null ? null : Number(row.rel_id),
    quote_slug: row.quote_slug as string | null,
    payment_processor_name: row.payment_processor_name as string | null,
    payment_processor_transaction_id: row.payment_processor_transaction_id as string | null,
    created_at: new Date(row.created_at as Date | string),
    amount_minor: Number(row.amount_minor),
    starting_balance_minor: Number(row.starting_balance_minor),
    end_balance_minor: Number(row.end_balance_minor),
  };
}

export type BalanceHistory = {
  balance_minor: Minor;
  items: BalanceEntry[];
  total: number;
  page: number;
  per_page: number;
  /** How many pages the history fills; 0 when it is empty. */
  pages: number;
};

/**
 * One page of a user's history, newest first, with the balance. Read in one
 * snapshot, so the balance is always the newest entry's end balance.
 */
export async function listBalanceHistory(
  userId: number,
  { page = 1, perPage = BALANCE_PAGE_SIZE }: { page?: number; perPage?: number } = {},
  database: DB = db(),
): Promise<BalanceHistory> {
  const size = Math.min(Math.max(Math.trunc(perPage), 1), BALANCE_MAX_PAGE_SIZE);
  const current = Math.max(Math.trunc(page), 1);
  return database
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const user = await trx.selectFrom("users").select("balance_minor").where("id", "=", userId).executeTakeFirst();
      const { total } = await trx
        .selectFrom("balance_entries")
        .select((eb) => eb.fn.countAll<string | number>().as("total"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      const rows = await trx
        .selectFrom("balance_entries")
        .select(ENTRY_COLUMNS)
        .select(invoiceNumber)
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      const count = Number(total);
      return {
        balance_minor: Number(user?.balance_minor ?? 0),
        items: rows.map(toEntry),
        total: count,
        page: current,
        per_page: size,
        pages: Math.ceil(count / size),
      };
    });
}

/** One entry, for its owner only: another user's entry is as absent as one that never existed. */
export async function getBalanceEntry(userId: number, entryId: number, database: DB = db()): Promise<BalanceEntry | null> {
  if (!isPositiveId(entryId)) return null;
  const row = await database
    .selectFrom("balance_entries")
    .select(ENTRY_COLUMNS)
    .select(invoiceNumber)
    .where("id", "=", entryId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** A user's balance in minor units; null for an unknown user. */
export async function getBalance(userId: number, database: DB = db()): Promise<Minor | null> {
  const user = await database.selectFrom("users").select("balance_minor").where("id", "=", userId).executeTakeFirst();
  return user ? Number(user.balance_minor) : null;
}

/** The account an operator names by e-mail (any case), with its balance. */
export async function findBalanceAccount(email: string, database: DB = db()) {
  const user = await database
    .selectFrom("users")
    .select(["id", "email", "balance_minor"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  return user ? { id: Number(user.id), email: user.email, balance_minor: Number(user.balance_minor) } : null;
}
