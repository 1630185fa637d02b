import { auditTrail } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { QuoteStatus } from "~/models/db/schema";
import { quoteNumber } from "./quotes.server";

// Quotes as staff see them (docs/back-office.md): the queue of requests to
// price, oldest first, and one quote with its lines as the customer sent
// them, ready to price.

export const STAFF_QUOTES_PAGE_SIZE = 50;

export async function staffQuotes(filter: { status?: QuoteStatus; page?: number }) {
  let query = db()
    .selectFrom("quotes")
    .innerJoin("users", "users.id", "quotes.user_id")
    .select(["quotes.id", "quotes.status", "quotes.created_at", "quotes.priced_at", "users.email"])
    .select((eb) => eb.selectFrom("quote_lines").select((inner) => inner.fn.countAll<number>().as("n")).whereRef("quote_lines.quote_id", "=", "quotes.id").as("lines"));
  if (filter.status) query = query.where("quotes.status", "=", filter.status);
  // The queue to price is served oldest first; any other list newest first.
  const { rows, page, hasMore } = await pageOf(
    (filter.status === "requested" ? query.orderBy("quotes.id", "asc") : query.orderBy("quotes.id", "desc")),
    filter.page,
    STAFF_QUOTES_PAGE_SIZE,
  );
  return {
    quotes: rows.map((row) => ({ ...row, number: quoteNumber(row.id), lines: Number(row.lines) })),
    page,
    hasMore,
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
