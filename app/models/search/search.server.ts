import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { additionalFieldId, pageWindow, statsFacetsFrom, type Facet, type Filters, type ListingType, type Sort } from "~/models/catalogue/listing";
import { convertBack, toMinor } from "~/lib/money";
import { searchTokens, suggestQuery } from "~/models/search/search-text";
import { lruPerIndex, type CatalogueIndex } from "~/models/catalogue/catalogue-index";
import { catalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { productCardsByIds, type ProductCard } from "~/models/catalogue/product-cards.server";
import { db } from "~/models/db/db.server";
import { countListing, pageOf, type Counted, type ListingScope, type TextMatch } from "~/models/catalogue/listing-engine";
import { combineTokens, expandTokens, matchTokens, searchVersion, searchWords, type Token } from "./text-match.server";
import { cursorAfter, offsetAfter, parseCursor } from "~/models/catalogue/listing-cursor";

// One place for every product listing: category pages, the marketplace, the
// deal zone, search, the search bar's suggestions and the search API.
// The search words are matched through the database's postings
// (text-match.server.ts); the in-memory catalogue index then filters, counts
// the facets and orders the page (listing-engine.ts); the database reads only
// the page's product cards.

export type ListingQuery = {
  locale: Locale;
  /** The category and its descendants; null for the whole catalogue. */
  categoryIds: number[] | null;
  listingType: ListingType | null;
  text: string;
  filters: Filters;
  sort: Sort;
  page: number;
  /** Exchange rate of the shopper's currency: price filters arrive in it. */
  rate: string;
  /** How many items from where, instead of the page's window (the search API). */
  limit?: number;
  offset?: number;
  /** Where the previous page ended (listing-cursor.ts): the page starts after it, whatever changed since. */
  after?: string | null;
};

export type ListingResult = {
  items: ProductCard[];
  total: number;
  facets: Facet[];
  /** Nothing matched every word, so items matching any word are shown instead. */
  similar: boolean;
  /** Where this page ends, for the next page's `after`; null on the last page. */
  next: string | null;
};

/** The listing's scope and filters in the engine's terms; prices arrive in the shopper's currency. */
function listingScope(query: ListingQuery): Omit<ListingScope, "text"> {
  const { terms, stats } = query.filters;
  const fields = new Map<number, number[]>();
  for (const [key, ids] of Object.entries(terms)) {
    const fieldId = additionalFieldId(key);
    if (fieldId !== null && ids.length) fields.set(fieldId, ids);
  }
  let categories = query.categoryIds;
  const chosen = terms.category_id;
  if (chosen?.length) categories = categories ? categories.filter((id) => chosen.includes(id)) : chosen;
  const price = stats.current_price;
  const discount = stats.discount_percentage;
  return {
    categories,
    offer: query.listingType === null ? null : query.listingType === "o",
    manufacturers: terms.manufacturer?.length ? terms.manufacturer : null,
    flags: terms.flag_ids?.length ? terms.flag_ids : null,
    fields,
    // Prices are stored in EUR; the shopper types them in their currency.
    price: price
      ? {
          min: price.gte === undefined ? undefined : convertBack(toMinor(price.gte), query.rate),
          max: price.lte === undefined ? undefined : convertBack(toMinor(price.lte), query.rate),
        }
      : null,
    discount: discount ? { min: discount.gte, max: discount.lte } : null,
  };
}

/** The engine's counts as the facets a listing shows, named in the shopper's language. */
function facetsOf(index: CatalogueIndex, locale: Locale, result: Counted): Facet[] {
  const { labels } = index;
  const manufacturers = [...result.manufacturers]
    .map(([id, count]) => ({ id, label: labels.manufacturers.get(id) ?? "", count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, MAX_MANUFACTURER_VALUES);

  const fieldNames = labels.fields.get(locale);
  const optionLabels = labels.options.get(locale);
  const byField = new Map<number, { id: number; label: string; count: number; position: number }[]>();
  for (const [id, count] of result.options) {
    const fieldId = index.optionField[id]!;
    const label = optionLabels?.get(id);
    if (label === undefined || !fieldNames?.has(fieldId)) continue;
    const values = byField.get(fieldId) ?? [];
    values.push({ id, label, count, position: labels.optionPosition.get(id) ?? 0 });
    byField.set(fieldId, values);
  }
  const fields = [...byField.entries()]
    .sort(([a], [b]) => a - b)
    .map(([fieldId, values]): Facet => ({
      key: `additional_field_${fieldId}`,
      type: "terms",
      label: fieldNames!.get(fieldId)!,
      values: values.sort((a, b) => a.position - b.position || a.id - b.id).map(({ id, label, count }) => ({ id, label, count })),
    }));

  const flagNames = labels.flags.get(locale);
  const flags = [...result.flags]
    .filter(([id]) => flagNames?.has(id))
    .map(([id, count]) => ({ id, label: flagNames!.get(id)!, count }))
    .sort((a, b) => b.count - a.count || a.id - b.id);

  return [
    { key: "manufacturer", type: "terms", label: "manufacturer", values: manufacturers },
    ...fields,
    { key: "flag_ids", type: "flags", label: "flag_ids", values: flags },
    ...statsFacetsFrom(
      { min: result.price?.min ?? null, max: result.price?.max ?? null },
      { min: result.ratio?.min ?? null, max: result.ratio?.max ?? null },
    ),
  ];
}

/** The manufacturer facet lists the most frequent this many. */
const MAX_MANUFACTURER_VALUES = 50;


type Matched = { counted: Counted; text: TextMatch | null; similar: boolean };

/**
 * Listings counted lately, per catalogue index: the next page, another sort
 * or a return to a listing counts nothing again. Each holds a bit per
 * product: at a million products, 125 KB each, 8 MB in all.
 */
const COUNTED_LISTINGS = 64;
const countedListings = lruPerIndex<Promise<Matched>>(COUNTED_LISTINGS);

type Searched = { tokens: Token[]; index: CatalogueIndex; version: string };

/** The search words with their close words, the catalogue index, and the postings' version when there are words. */
async function searched(locale: Locale, text: string): Promise<Searched> {
  const asks = searchTokens(text).length > 0;
  const [index, words, version] = await Promise.all([catalogueIndex(), searchWords(text), asks ? searchVersion() : ""]);
  return { tokens: await expandTokens(locale, version, words), index, version };
}

/**
 * What a listing matches and its facet counts: every word of the text, or
 * any of them when nothing matches every word (similar results).
 */
function matchListing({ index, version, tokens }: Searched, locale: Locale, scope: Omit<ListingScope, "text">) {
  const key = JSON.stringify([tokens.length ? [locale, version] : "", tokens, { ...scope, fields: [...scope.fields] }]);
  return countedListings(index, key, async () => {
    const matches = tokens.length ? await matchTokens(index, version, locale, tokens) : null;
    const run = (mode: "all" | "any") => {
      const text = matches ? combineTokens(matches, mode) : null;
      return { counted: countListing(index, { ...scope, text }), text };
    };
    const all = run("all");
    if (all.counted.total > 0 || tokens.length < 2) return { ...all, similar: false };
    const any = run("any");
    return { ...any, similar: any.counted.total > 0 };
  });
}

/** A page of a listing, its total and its facets. */
export async function searchListing(query: ListingQuery, options: { facets?: boolean } = {}): Promise<ListingResult> {
  const search = await searched(query.locale, query.text);
  const { index } = search;
  const { counted, text, similar } = await matchListing(search, query.locale, listingScope(query));
  const window = pageWindow(query.page);
  // A cursor belongs to the page after another: a first page (a new sort, filter or search) starts at the top.
  const cursor = query.page > 1 ? parseCursor(query.after, query.sort, text) : null;
  const offset = cursor ? offsetAfter(index, counted, text, query.sort, cursor) : query.limit ? (query.offset ?? 0) : window.offset;
  const ids = pageOf(index, counted, text, query.sort, offset, query.limit ?? window.limit);
  const items = await productCardsByIds(query.locale, ids);
  const facets = (options.facets ?? true) ? facetsOf(index, query.locale, counted) : [];
  const next = ids.length && offset + ids.length < counted.total ? cursorAfter(index, text, query.sort, ids.at(-1)!) : null;
  return { items, total: counted.total, facets, similar, next };
}

export type SuggestedCategory = { id: number; path: string; name: string; count: number };

export type Suggestions = {
  items: ProductCard[];
  /** The categories holding most of the matches, each with how many. */
  categories: SuggestedCategory[];
  /** What the results page for the same text counts. */
  total: number;
  similar: boolean;
};

const NO_SUGGESTIONS: Suggestions = { items: [], categories: [], total: 0, similar: false };

/** The categories holding most matches, largest first, named in the language. */
async function topCategories(locale: Locale, counts: Map<number, number>, limit: number): Promise<SuggestedCategory[]> {
  if (counts.size === 0) return [];
  const rows = await db()
    .selectFrom("categories as k")
    .leftJoin("category_translations as ct", (join) =>
      join.onRef("ct.category_id", "=", "k.id").on("ct.language_id", "=", sql<number>`(select id from languages where iso_code = ${locale})`),
    )
    .select(["k.id", "k.path", "k.slug", "ct.name"])
    .where("k.id", "in", [...counts.keys()])
    .execute();
  return rows
    .map((row) => ({ id: row.id, path: row.path, name: row.name ?? row.slug ?? "", count: counts.get(row.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id)
    .slice(0, limit);
}

/**
 * What the search bar suggests while the shopper types: the first products
 * of the results page for the same text (same words, prefixes, misspellings,
 * relevance order and fallback to any word), the categories most of them are
 * in, and the results page's total.
 */
export async function searchSuggestions(locale: Locale, text: string, limits = { items: 6, categories: 3 }): Promise<Suggestions> {
  if (suggestQuery(text) === null) return NO_SUGGESTIONS;
  const search = await searched(locale, text);
  const { index } = search;
  const scope = { ...listingScope({ ...SUGGEST_SCOPE, locale, text }), countCategories: true };
  const { counted, text: match, similar } = await matchListing(search, locale, scope);
  const [items, categories] = await Promise.all([
    productCardsByIds(locale, pageOf(index, counted, match, "relevance", 0, limits.items)),
    topCategories(locale, counted.categories, limits.categories),
  ]);
  return { items, categories, total: counted.total, similar };
}

/** Suggestions look through the whole catalogue, unfiltered. */
const SUGGEST_SCOPE: Omit<ListingQuery, "locale" | "text"> = {
  categoryIds: null,
  listingType: null,
  filters: { terms: {}, stats: {} },
  sort: "relevance",
  page: 1,
  rate: "1",
};

