import { auditTrail } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import type { QuoteStatus } from "~/models/db/schema";
import { quoteNumber } from "./quotes.server";

// Quotes as staff see them (docs/back-office.md): the queue of requests to
// price, oldest first, and one quote with its lines as the customer sent
// them, ready to price.

export const STAFF_QUOTES_PAGE_SIZE = 50;

export async function staffQuotes(filter: { status?: QuoteStatus; page?: number }) {
  const page = Math.max(1, Math.min(filter.page ?? 1, 2000));
  let query = db()
    .selectFrom("quotes")
    .innerJoin("users", "users.id", "quotes.user_id")
    .select(["quotes.id", "quotes.status", "quotes.created_at", "quotes.priced_at", "users.email"])
    .select((eb) => eb.selectFrom("quote_lines").select((inner) => inner.fn.countAll<number>().as("n")).whereRef("quote_lines.quote_id", "=", "quotes.id").as("lines"));
  if (filter.status) query = query.where("quotes.status", "=", filter.status);
  // The queue to price is served oldest first; any other list newest first.
  const rows = await (filter.status === "requested" ? query.orderBy("quotes.id", "asc") : query.orderBy("quotes.id", "desc"))
    .limit(STAFF_QUOTES_PAGE_SIZE + 1)
    .offset((page - 1) * STAFF_QUOTES_PAGE_SIZE)
    .execute();
  return {
    quotes: rows.slice(0, STAFF_QUOTES_PAGE_SIZE).map((row) => ({ ...row, number: quoteNumber(row.id), lines: Number(row.lines) })),
    page,
    hasMore: rows.length > STAFF_QUOTES_PAGE_SIZE,
  };
}

export async function staffQuote(quoteId: number) {
  const quote = await db()
    .selectFrom("quotes")
    .innerJoin("users", "users.id", "quotes.user_id")
    .selectAll("quotes")
    .select(["users.email"])
    .where("quotes.id", "=", quoteId)
    .executeTakeFirst();
  if (!quote) return null;
  const [lines, trail] = await Promise.all([
    db()
      .selectFrom("quote_lines")
      .select(["id", "position", "url", "quantity", "options", "note", "seen_price_minor", "price_minor", "title"])
      .where("quote_id", "=", quoteId)
      .orderBy("position")
      .execute(),
    auditTrail("quote", quoteId),
  ]);
  return { quote: { ...quote, number: quoteNumber(quote.id) }, lines, trail };
}
