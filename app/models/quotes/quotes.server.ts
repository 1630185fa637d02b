import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { db, type DB } from "~/models/db/db.server";
import type { QuoteStatus } from "~/models/db/schema";
import { orderNumber } from "~/models/orders/orders";
import { cancelBill, lockBill, openBill } from "~/models/payments/bills.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import type { Utm } from "~/models/marketing/utm";
import type { QuoteLineInput } from "./quote-form";
import { storeForUrl, type StoreView } from "./stores";
import { defaultMethod, quoteTotals, type QuotePricing, type ShippingMethod } from "./totals";

// A customer's quotes (spec 2 /order-form, /quotes, /quotes/{slug}): asking
// for one, reading one's own, choosing the way home, accepting and paying
// (through a bill, decision 027), declining. Another customer's quote is
// never found, whatever is asked of it.

export const quoteNumber = (id: number) => orderNumber("quote", id);

/** The quote's currency: the site's euro, in which the balance and the bills are kept; else its first currency. */
export function quoteCurrency(site: Pick<SiteConfig, "currencies">) {
  return site.currencies.find((currency) => currency.iso_code === "EUR") ?? site.currencies[0] ?? { id: 1, iso_code: "EUR" };
}

/** The shops a site buys from (quotes-all-stores), in the operator's order. */
export async function listStores(siteId: number): Promise<StoreView[]> {
  const rows = await db()
    .selectFrom("stores")
    .select(["id", "name", "domain", "logo"])
    .where((eb) => eb.or([eb("site_ids", "is", null), sql<boolean>`${siteId} = any(site_ids)`]))
    .orderBy("position")
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export type NewQuote = {
  userId: number;
  site: Pick<SiteConfig, "id" | "currencies" | "languages">;
  locale: string;
  lines: QuoteLineInput[];
  /** The campaign the customer came from (utm cookie, issue 16). */
  utm?: Utm | null;
};

/** A new quote, status requested, with a random slug; each line knows its store when the directory does. */
export async function createQuote(input: NewQuote) {
  const stores = await listStores(input.site.id);
  const languageId = input.site.languages.find((language) => language.iso_code === input.locale)?.id ?? null;
  return db()
    .transaction()
    .execute(async (trx) => {
      const quote = await trx
        .insertInto("quotes")
        .values({ slug: randomBytes(9).toString("base64url"), user_id: input.userId, site_id: input.site.id, language_id: languageId, currency_id: quoteCurrency(input.site).id, utm: input.utm ? JSON.stringify(input.utm) : null })
        .returning(["id", "slug"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("quote_lines")
        .values(
          input.lines.map((line, index) => ({
            quote_id: quote.id,
            position: index + 1,
            url: line.url,
            store_id: storeForUrl(line.url, stores)?.id ?? null,
            quantity: line.quantity,
            options: line.options,
            note: line.note,
            seen_price_minor: line.seenPriceMinor,
          })),
        )
        .execute();
      return { id: Number(quote.id), slug: quote.slug, number: quoteNumber(Number(quote.id)) };
    });
}

const QUOTE_COLUMNS = [
  "q.id", "q.slug", "q.status", "q.created_at", "q.priced_at", "q.paid_at", "q.shop_shipping_minor", "q.service_fee_minor", "q.air_minor", "q.sea_minor",
  "q.air_days", "q.sea_days", "q.tax_minor", "q.shipping_method", "q.cancel_reason", "c.iso_code as currency",
] as const;

async function linesOf(quoteIds: number[]) {
  if (!quoteIds.length) return [];
  return db()
    .selectFrom("quote_lines as l")
    .leftJoin("stores as s", "s.id", "l.store_id")
    .select(["l.quote_id", "l.position", "l.url", "l.quantity", "l.options", "l.note", "l.seen_price_minor", "l.price_minor", "l.title", "s.name as store_name", "s.logo as store_logo"])
    .where("l.quote_id", "in", quoteIds)
    .orderBy("l.quote_id")
    .orderBy("l.position")
    .execute();
}

type QuoteRow = Awaited<ReturnType<ReturnType<typeof quoteRows>["execute"]>>[number];
function quoteRows(userId: number) {
  return db().selectFrom("quotes as q").innerJoin("currencies as c", "c.id", "q.currency_id").select(QUOTE_COLUMNS).where("q.user_id", "=", userId);
}

function pricingOf(quote: QuoteRow, lines: QuotePricing["lines"]): QuotePricing {
  return { lines, ...quote };
}

/** The signed-in customer's quotes, newest first, each with its total once priced (by the way home chosen, else the first offered). */
export async function customerQuotes(userId: number) {
  const quotes = await quoteRows(userId).orderBy("q.created_at", "desc").orderBy("q.id", "desc").limit(200).execute();
  const lines = await linesOf(quotes.map((quote) => Number(quote.id)));
  return quotes.map((quote) => {
    const own = lines.filter((line) => Number(line.quote_id) === Number(quote.id));
    const method = defaultMethod(quote, quote.shipping_method);
    const totals = method && quote.priced_at ? quoteTotals(pricingOf(quote, own), method) : null;
    return {
      id: Number(quote.id),
      slug: quote.slug,
      number: quoteNumber(Number(quote.id)),
      status: quote.status,
      created_at: quote.created_at,
      currency: quote.currency,
      lineCount: own.length,
      firstStore: own.find((line) => line.store_name)?.store_name ?? null,
      total: totals?.total ?? null,
    };
  });
}

export type QuoteSummary = Awaited<ReturnType<typeof customerQuotes>>[number];

/** One of the customer's quotes with its lines, the ways home and what it comes to by each; null when it is not theirs. */
export async function customerQuote(slug: string, userId: number) {
  if (!/^[\w-]{6,64}$/.test(slug)) return null;
  const quote = await quoteRows(userId).where("q.slug", "=", slug).executeTakeFirst();
  if (!quote) return null;
  const lines = await linesOf([Number(quote.id)]);
  const pricing = pricingOf(quote, lines);
  const bill = await db().selectFrom("orders").select(["slug", "status"]).where("kind", "=", "quote").where("source_id", "=", Number(quote.id)).executeTakeFirst();
  return {
    ...quote,
    id: Number(quote.id),
    number: quoteNumber(Number(quote.id)),
    lines,
    totals: { air: quoteTotals(pricing, "air"), sea: quoteTotals(pricing, "sea") },
    method: defaultMethod(quote, quote.shipping_method),
    bill: bill ?? null,
  };
}

export type QuoteDetail = NonNullable<Awaited<ReturnType<typeof customerQuote>>>;

export type QuoteActionError = "not_found" | "not_priced" | "unknown_method" | "already_paid" | "not_declinable";
export type QuoteOutcome<T = object> = ({ ok: true } & T) | { ok: false; error: QuoteActionError };

/** The customer's quote, locked after its bill, in the order paying takes them (bills.server). */
async function lockOwnQuote(trx: DB, slug: string, userId: number) {
  const found = await trx.selectFrom("quotes").select("id").where("slug", "=", slug).where("user_id", "=", userId).executeTakeFirst();
  if (!found) return undefined;
  await lockBill(trx, "quote", Number(found.id));
  return trx.selectFrom("quotes").selectAll().where("id", "=", found.id).forUpdate().executeTakeFirst();
}

/** The customer's quote while it is priced and not yet paid, locked; or why it cannot be paid. */
async function lockPricedQuote(trx: DB, slug: string, userId: number) {
  const quote = await lockOwnQuote(trx, slug, userId);
  if (!quote) return { ok: false, error: "not_found" } as const;
  if (quote.status !== "priced") return { ok: false, error: quote.status === "requested" ? "not_priced" : "already_paid" } as const;
  return { ok: true, quote } as const;
}

/** Keeps the way home the customer chose for a priced quote. */
async function keepShippingMethod(trx: DB, quoteId: number, method: ShippingMethod) {
  await trx.updateTable("quotes").set({ shipping_method: method, updated_at: new Date() }).where("id", "=", quoteId).execute();
}

/**
 * "Accept and pay": the way home is chosen and the quote's bill opened (or
 * brought up to date); its slug pays it at /payment/{slug}. Only a priced
 * quote can be accepted; one paid already says so.
 */
export async function acceptQuote(slug: string, userId: number, method: string): Promise<QuoteOutcome<{ billSlug: string; number: string; totalMinor: number }>> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const priced = await lockPricedQuote(trx, slug, userId);
      if (!priced.ok) return priced;
      const { quote } = priced;
      if (method !== "air" && method !== "sea") return { ok: false, error: "unknown_method" } as const;
      const lines = await trx.selectFrom("quote_lines").select(["quantity", "price_minor"]).where("quote_id", "=", quote.id).execute();
      const totals = quoteTotals({ ...quote, lines }, method);
      if (!totals) return { ok: false, error: "unknown_method" } as const;
      await keepShippingMethod(trx, quote.id, method);
      const billSlug = await openBill(trx, {
        kind: "quote",
        sourceId: Number(quote.id),
        userId,
        siteId: quote.site_id,
        currencyId: quote.currency_id,
        shippingMethod: method,
        subtotalMinor: totals.subtotal,
        shippingMinor: totals.shipping,
      });
      if (!billSlug) return { ok: false, error: "already_paid" } as const;
      return { ok: true, billSlug, number: quoteNumber(Number(quote.id)), totalMinor: totals.total } as const;
    });
}

/** Choosing the way home before paying (the delivery step of the quote's payment page). */
export async function chooseQuoteShipping(slug: string, userId: number, method: string): Promise<QuoteOutcome<{ method: ShippingMethod }>> {
  if (method !== "air" && method !== "sea") return { ok: false, error: "unknown_method" };
  return db()
    .transaction()
    .execute(async (trx) => {
      const priced = await lockPricedQuote(trx, slug, userId);
      if (!priced.ok) return priced;
      if (priced.quote[`${method}_minor`] === null) return { ok: false, error: "unknown_method" } as const;
      await keepShippingMethod(trx, priced.quote.id, method);
      return { ok: true, method } as const;
    });
}

/** "Decline": a requested or priced quote is declined, and its unpaid bill can no longer be paid. */
export async function declineQuote(slug: string, userId: number): Promise<QuoteOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const quote = await lockOwnQuote(trx, slug, userId);
      if (!quote) return { ok: false, error: "not_found" } as const;
      if (quote.status !== "requested" && quote.status !== "priced") return { ok: false, error: "not_declinable" } as const;
      await trx.updateTable("quotes").set({ status: "declined" satisfies QuoteStatus, updated_at: new Date() }).where("id", "=", quote.id).execute();
      await cancelBill(trx, "quote", Number(quote.id));
      return { ok: true } as const;
    });
}

/** The quote /order-successful names, when it is the signed-in customer's. */
export async function submittedQuote(slug: string, userId: number) {
  if (!/^[\w-]{6,64}$/.test(slug)) return null;
  const quote = await db().selectFrom("quotes").select(["id", "slug"]).where("slug", "=", slug).where("user_id", "=", userId).executeTakeFirst();
  if (!quote) return null;
  const lines = await db().selectFrom("quote_lines").select(["quantity", "seen_price_minor"]).where("quote_id", "=", quote.id).execute();
  return {
    id: Number(quote.id),
    slug: quote.slug,
    number: quoteNumber(Number(quote.id)),
    lineCount: lines.length,
    quantity: lines.reduce((total, line) => total + line.quantity, 0),
    seenValueMinor: lines.reduce((total, line) => total + (line.seen_price_minor ?? 0) * line.quantity, 0),
  };
}
