import { sql, type RawBuilder } from "kysely";
import type { Locale } from "~/lib/i18n";
import {
  activeFilterCount,
  statsFacetsFrom,
  pageWindow,
  type Facet,
  type Filters,
  type ListingType,
  type Sort,
} from "~/lib/listing";
import { convertBack, toMinor } from "~/lib/money";
import { searchTokens, suggestQuery } from "~/lib/search-text";
import { toProductCard, type ProductCard, type ProductCardRow } from "./catalogue.server";
import { db } from "./db.server";
import { precomputedFacets } from "./facet-counts.server";

// One place for every product listing: category pages, the marketplace, the
// deal zone, search and the search API. Plain SQL over PostgreSQL (or PGlite):
// full-text search with prefix matching, misspelt words matched to the
// catalogue's own words, and facet counts computed in parallel, each without its own filter so a shopper
// sees how many items another choice in the same group would give.

export type ListingQuery = {
  locale: Locale;
  /** The category and its descendants; null for the whole catalogue. */
  categoryIds: number[] | null;
  /** The category itself, whose precomputed counts serve an unfiltered listing. */
  categoryId?: number | null;
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
};

export type ListingResult = {
  items: ProductCard[];
  total: number;
  facets: Facet[];
  /** Nothing matched every word, so items matching any word are shown instead. */
  similar: boolean;
};

type Condition = RawBuilder<unknown>;
const and = (conditions: Condition[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** A search word and the real words it may be a misspelling of. */
type Token = { word: string; alternatives: string[] };

/** Words shorter than this are matched as prefixes only: too short to guess a misspelling. */
const MIN_FUZZY_LENGTH = 4;

/**
 * Finds, for each word the shopper typed, the closest words of the catalogue
 * in that language (trigram similarity over search_words), so a typo still
 * finds the product it meant.
 */
async function expandTokens(locale: Locale, words: string[]): Promise<Token[]> {
  return Promise.all(
    words.map(async (word) => {
      if (word.length < MIN_FUZZY_LENGTH) return { word, alternatives: [] };
      const { rows } = await sql<{ word: string }>`
        select w.word from search_words w
        where w.language_id = (select id from languages where iso_code = ${locale})
          and w.word % sf_unaccent(${word}) and w.word <> sf_unaccent(${word})
        order by similarity(w.word, sf_unaccent(${word})) desc, w.word
        limit 3`.execute(db());
      return { word, alternatives: rows.map((row) => row.word) };
    }),
  );
}

/** The tsquery of one token: the word as a prefix, or any of its close words. */
function tokenQuery(token: Token) {
  const parts = [sql`sf_unaccent(${token.word}) || ':*'`, ...token.alternatives.map((alt) => sql`${alt}`)];
  return sql`to_tsquery('simple', ${sql.join(parts, sql` || ' | ' || `)})`;
}

function textCondition(tokens: Token[], mode: "all" | "any"): Condition {
  const perToken = tokens.map((token) => sql`pt.search_vector @@ ${tokenQuery(token)}`);
  return sql`(${sql.join(perToken, mode === "all" ? sql` and ` : sql` or `)})`;
}

/** Above this many matches the words stay a condition of every query instead of a list of ids. */
const MAX_MATCHED_IDS = 20_000;

/** What the search words matched: found once, then reused by every query of the listing. */
type Match = { tokens: Token[]; mode: "all" | "any"; ids: number[] | null };

async function matchWords(query: ListingQuery, tokens: Token[], mode: "all" | "any"): Promise<Match> {
  if (tokens.length === 0) return { tokens, mode, ids: null };
  const { rows } = await sql<{ id: number }>`
    select pt.product_id as id from product_translations pt
    where pt.language_id = (select id from languages where iso_code = ${query.locale}) and ${textCondition(tokens, mode)}
    limit ${MAX_MATCHED_IDS + 1}`.execute(db());
  return { tokens, mode, ids: rows.length > MAX_MATCHED_IDS ? null : rows.map((row) => row.id) };
}

function scopeConditions(query: ListingQuery, match: Match): Condition[] {
  const conditions: Condition[] = [sql`p.is_active`];
  if (query.listingType) conditions.push(sql`p.listing_type = ${query.listingType}`);
  if (query.categoryIds) conditions.push(sql`p.category_id = any(${query.categoryIds}::int[])`);
  if (match.ids) conditions.push(sql`p.id = any(${match.ids}::bigint[])`);
  else if (match.tokens.length) conditions.push(textCondition(match.tokens, match.mode));
  return conditions;
}

/** The filters as SQL, leaving out one facet's own (disjunctive facet counts). */
function filterConditions(query: ListingQuery, except?: string): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, ids] of Object.entries(query.filters.terms)) {
    if (key === except || ids.length === 0) continue;
    if (key === "manufacturer") conditions.push(sql`p.manufacturer_id = any(${ids}::int[])`);
    else if (key === "category_id") conditions.push(sql`p.category_id = any(${ids}::int[])`);
    else if (key === "flag_ids") {
      conditions.push(sql`exists (select 1 from product_flags f where f.product_id = p.id and f.flag_id = any(${ids}::int[]))`);
    } else {
      const fieldId = Number(key.slice("additional_field_".length));
      conditions.push(
        sql`exists (select 1 from product_additional_values v where v.product_id = p.id and v.field_id = ${fieldId} and v.option_id = any(${ids}::int[]))`,
      );
    }
  }
  const price = query.filters.stats.current_price;
  if (price && except !== "current_price") {
    // Prices are stored in EUR; the shopper types them in their currency.
    if (price.gte !== undefined) conditions.push(sql`p.price_minor >= ${convertBack(toMinor(price.gte), query.rate)}`);
    if (price.lte !== undefined) conditions.push(sql`p.price_minor <= ${convertBack(toMinor(price.lte), query.rate)}`);
  }
  const discount = query.filters.stats.discount_percentage;
  if (discount && except !== "discount_percentage") {
    if (discount.gte !== undefined) conditions.push(sql`p.discount_percentage >= ${discount.gte}`);
    if (discount.lte !== undefined) conditions.push(sql`p.discount_percentage <= ${discount.lte}`);
  }
  return conditions;
}

function fromProducts(query: ListingQuery, match: Match) {
  // The translation is joined only when the words must be looked up in it.
  return match.tokens.length && !match.ids
    ? sql`from products p join product_translations pt on pt.product_id = p.id and pt.language_id = (select id from languages where iso_code = ${query.locale})`
    : sql`from products p`;
}

function orderBy(sort: Sort, tokens: Token[]) {
  switch (sort) {
    case "price_desc":
      return sql`p.price_minor desc, p.id desc`;
    case "price_asc":
      return sql`p.price_minor asc, p.id asc`;
    case "best_value":
      // Spec 4 sorts the price ratio ascending; the largest discount first is the same.
      return sql`p.discount_percentage desc, p.price_minor asc, p.id asc`;
    case "new_arrivals":
      return sql`p.arrived_at desc, p.id desc`;
    case "relevance":
      if (tokens.length) {
        const rank = sql.join(
          tokens.map((token) => sql`ts_rank(pt.search_vector, ${tokenQuery(token)})`),
          sql` + `,
        );
        return sql`${rank} desc, p.paid_amount desc, p.arrived_at desc, p.id desc`;
      }
      return sql`p.paid_amount desc, p.arrived_at desc, p.id desc`;
    case "best_sellers":
    default:
      return sql`p.paid_amount desc, p.id desc`;
  }
}

async function fetchItems(query: ListingQuery, match: Match) {
  const window = pageWindow(query.page);
  const limit = query.limit ?? window.limit;
  const offset = query.limit ? (query.offset ?? 0) : window.offset;
  const where = and([...scopeConditions(query, match), ...filterConditions(query)]);
  const { rows } = await sql<ProductCardRow>`
    select p.id, p.slug, pt.name, m.name as manufacturer, p.image, p.price_minor, p.original_price_minor,
           p.discount_percentage, p.stock
    from products p
    join product_translations pt on pt.product_id = p.id and pt.language_id = (select id from languages where iso_code = ${query.locale})
    left join manufacturers m on m.id = p.manufacturer_id
    where ${where}
    order by ${orderBy(query.sort, match.tokens)}
    limit ${limit} offset ${offset}`.execute(db());
  return rows.map(toProductCard);
}

async function countMatches(query: ListingQuery, match: Match) {
  const where = and([...scopeConditions(query, match), ...filterConditions(query)]);
  const { rows } = await sql<{ total: number }>`select count(*)::int as total ${fromProducts(query, match)} where ${where}`.execute(db());
  return rows[0]?.total ?? 0;
}

type CountRow = { id: number; label: string; count: number };

async function termsFacets(query: ListingQuery, match: Match): Promise<Facet[]> {
  const scope = scopeConditions(query, match);
  const from = fromProducts(query, match);
  const language = sql`(select id from languages where iso_code = ${query.locale})`;

  // Counting by id first and naming the few groups afterwards keeps the
  // label joins out of the large aggregate.
  const manufacturers = sql<CountRow>`
    with counts as (
      select p.manufacturer_id as id, count(*)::int as count ${from}
      where ${and([...scope, ...filterConditions(query, "manufacturer")])} and p.manufacturer_id is not null
      group by p.manufacturer_id
    )
    select c.id, m.name as label, c.count from counts c join manufacturers m on m.id = c.id
    order by c.count desc, m.name limit 50`.execute(db());

  const flags = sql<CountRow>`
    with counts as (
      select f.flag_id as id, count(*)::int as count ${from}
      join product_flags f on f.product_id = p.id
      where ${and([...scope, ...filterConditions(query, "flag_ids")])}
      group by f.flag_id
    )
    select c.id, t.name as label, c.count from counts c
    join flag_translations t on t.flag_id = c.id and t.language_id = ${language}
    order by c.count desc`.execute(db());

  // Fields without a selection share one query; a field with one is counted without it.
  const selectedFields = Object.keys(query.filters.terms).filter((key) => key.startsWith("additional_field_"));
  const fieldQuery = (except?: string, onlyField?: number) => sql<CountRow & { field_id: number; field: string }>`
    with counts as (
      select v.field_id, v.option_id, count(*)::int as count ${from}
      join product_additional_values v on v.product_id = p.id
      where ${and([...scope, ...filterConditions(query, except), ...(onlyField ? [sql`v.field_id = ${onlyField}`] : [])])}
      group by v.field_id, v.option_id
    )
    select c.field_id, ft.name as field, c.option_id as id, ot.label, c.count
    from counts c
    join additional_field_translations ft on ft.field_id = c.field_id and ft.language_id = ${language}
    join additional_field_option_translations ot on ot.option_id = c.option_id and ot.language_id = ${language}
    join additional_field_options o on o.id = c.option_id
    order by c.field_id, o.position`.execute(db());
  const fieldResults = Promise.all([
    fieldQuery(),
    ...selectedFields.map((key) => fieldQuery(key, Number(key.slice("additional_field_".length)))),
  ]);

  const [manufacturerRows, flagRows, [unselected, ...selected]] = await Promise.all([manufacturers, flags, fieldResults]);
  const byField = new Map<number, { label: string; values: { id: number; label: string; count: number }[] }>();
  const selectedIds = new Set(selectedFields.map((key) => Number(key.slice("additional_field_".length))));
  for (const row of [...unselected!.rows.filter((r) => !selectedIds.has(r.field_id)), ...selected.flatMap((r) => r.rows)]) {
    const field = byField.get(row.field_id) ?? { label: row.field, values: [] };
    field.values.push({ id: row.id, label: row.label, count: row.count });
    byField.set(row.field_id, field);
  }

  return [
    { key: "manufacturer", type: "terms", label: "manufacturer", values: manufacturerRows.rows },
    ...[...byField.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, field]): Facet => ({ key: `additional_field_${id}`, type: "terms", label: field.label, values: field.values })),
    { key: "flag_ids", type: "flags", label: "flag_ids", values: flagRows.rows },
  ];
}

async function statsFacets(query: ListingQuery, match: Match): Promise<Facet[]> {
  const scope = scopeConditions(query, match);
  const from = fromProducts(query, match);
  const [price, ratio] = await Promise.all([
    sql<{ min: number | null; max: number | null }>`
      select min(p.price_minor) as min, max(p.price_minor) as max ${from}
      where ${and([...scope, ...filterConditions(query, "current_price")])}`.execute(db()),
    // The discount facet comes as the ratio of price to original price.
    sql<{ min: string | null; max: string | null }>`
      select min(p.price_minor::numeric / nullif(p.original_price_minor, 0))::text as min,
             max(p.price_minor::numeric / nullif(p.original_price_minor, 0))::text as max ${from}
      where ${and([...scope, ...filterConditions(query, "discount_percentage")])}`.execute(db()),
  ]);
  return statsFacetsFrom({ min: price.rows[0]?.min ?? null, max: price.rows[0]?.max ?? null }, { min: ratio.rows[0]?.min ?? null, max: ratio.rows[0]?.max ?? null });
}

/**
 * Rebuilds the word list misspellings are matched against. Run after the
 * catalogue's names change (the demo seed does).
 */
export async function refreshSearchWords(database = db()) {
  await sql`
    delete from search_words;
    insert into search_words (language_id, word)
    select distinct pt.language_id, w.word
    from product_translations pt
    cross join lateral unnest(tsvector_to_array(to_tsvector('simple', sf_unaccent(lower(pt.name))))) as w(word)
    where length(w.word) >= 3 and w.word !~ '^[0-9]';`.execute(database);
}

/** A page of a listing, its total and its facets. */
export async function searchListing(query: ListingQuery, options: { facets?: boolean } = {}): Promise<ListingResult> {
  const tokens = await expandTokens(query.locale, searchTokens(query.text));
  const wantFacets = options.facets ?? true;
  const precomputable = query.categoryIds === null || (query.categoryId ?? null) !== null;
  if (wantFacets && precomputable && tokens.length === 0 && activeFilterCount(query.filters) === 0 && query.limit === undefined) {
    const [items, counted] = await Promise.all([
      fetchItems(query, { tokens, mode: "all", ids: null }),
      precomputedFacets(query.locale, query.categoryId ?? null, query.listingType),
    ]);
    if (counted) return { items, total: counted.total, facets: counted.facets, similar: false };
  }
  let match = await matchWords(query, tokens, "all");
  let [items, total] = await Promise.all([fetchItems(query, match), countMatches(query, match)]);
  let similar = false;
  if (total === 0 && tokens.length > 0) {
    match = await matchWords(query, tokens, "any");
    [items, total] = await Promise.all([fetchItems(query, match), countMatches(query, match)]);
    similar = total > 0;
  }
  const facets = wantFacets ? (await Promise.all([termsFacets(query, match), statsFacets(query, match)])).flat() : [];
  return { items, total, facets, similar };
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

/**
 * The matches per category, largest first, and their sum: one grouped count
 * gives both the total and the categories worth suggesting.
 */
async function categoryCounts(query: ListingQuery, match: Match, limit: number) {
  const { rows } = await sql<SuggestedCategory & { total: number }>`
    with counts as (
      select p.category_id as id, count(*)::int as count ${fromProducts(query, match)}
      where ${and(scopeConditions(query, match))}
      group by p.category_id
    )
    select c.id, k.path, coalesce(ct.name, k.slug) as name, c.count, (sum(c.count) over ())::int as total
    from counts c
    join categories k on k.id = c.id
    left join category_translations ct on ct.category_id = c.id and ct.language_id = (select id from languages where iso_code = ${query.locale})
    order by c.count desc, name, c.id
    limit ${limit}`.execute(db());
  return { categories: rows.map(({ total: _total, ...category }) => category), total: rows[0]?.total ?? 0 };
}

/**
 * What the search bar suggests while the shopper types: the first products
 * of the results page for the same text (same words, prefixes, misspellings,
 * relevance order and fallback to any word), the categories most of them are
 * in, and the results page's total. It does the least a keystroke can: no
 * facets, a few rows, and no list of matched ids (the words stay a condition
 * of the two queries, which the language's GIN index answers).
 */
export async function searchSuggestions(locale: Locale, text: string, limits = { items: 6, categories: 3 }): Promise<Suggestions> {
  if (suggestQuery(text) === null) return NO_SUGGESTIONS;
  const tokens = await expandTokens(locale, searchTokens(text));
  const query: ListingQuery = {
    locale,
    categoryIds: null,
    listingType: null,
    text,
    filters: { terms: {}, stats: {} },
    sort: "relevance",
    page: 1,
    rate: "1",
    limit: limits.items,
  };
  const suggest = async (mode: Match["mode"]) => {
    const match: Match = { tokens, mode, ids: null };
    const [items, counted] = await Promise.all([fetchItems(query, match), categoryCounts(query, match, limits.categories)]);
    return { items, ...counted };
  };
  const all = await suggest("all");
  // One word matches "any" exactly as it matches "all".
  if (all.total > 0 || tokens.length < 2) return { ...all, similar: false };
  const any = await suggest("any");
  return { ...any, similar: any.total > 0 };
}
