// The rules of a product listing (spec 2, 3 and 4): its URL state, page
// sizes, sort options and the facet rules. Shared by the server, which runs
// the query, and the browser, which keeps pending filter choices.

export const FIRST_PAGE_SIZE = 48;
export const NEXT_PAGE_SIZE = 24;
export const MAX_PAGE = 500;

export type ListingType = "p" | "o";

export const SORTS = ["price_desc", "price_asc", "best_value", "best_sellers", "new_arrivals", "relevance"] as const;
export type Sort = (typeof SORTS)[number];

/** Items on a page and where it starts: 48 on the first page, 24 on each later one. */
export function pageWindow(page: number) {
  if (page <= 1) return { offset: 0, limit: FIRST_PAGE_SIZE };
  return { offset: FIRST_PAGE_SIZE + NEXT_PAGE_SIZE * (page - 2), limit: NEXT_PAGE_SIZE };
}

/** "Shown up to N of M": 48 on page 1, 48 + 24 × (page − 1) after, never past the total. */
export function shownUpTo(page: number, total: number) {
  return Math.min(total, FIRST_PAGE_SIZE + NEXT_PAGE_SIZE * (Math.max(1, page) - 1));
}

/** More items exist than are shown: the listing offers "load more" and a next page. */
export function isBelowLimit(page: number, total: number) {
  return shownUpTo(page, total) < total;
}

export function pageCount(total: number) {
  return total <= FIRST_PAGE_SIZE ? 1 : 1 + Math.ceil((total - FIRST_PAGE_SIZE) / NEXT_PAGE_SIZE);
}

/**
 * The default order: relevance while searching; otherwise the language's
 * marketplace default (site configuration), else best sellers.
 */
export function defaultSort(searchText: string, languageDefault: string | null | undefined): Sort {
  if (searchText.trim()) return "relevance";
  return isSort(languageDefault) && languageDefault !== "relevance" ? languageDefault : "best_sellers";
}

export function isSort(value: unknown): value is Sort {
  return typeof value === "string" && (SORTS as readonly string[]).includes(value);
}

// ---- Filters -------------------------------------------------------------

export const FILTER_PREFIX = "f.";
const ADDITIONAL_FIELD = /^additional_field_(\d+)$/;
export const TERMS_KEYS = ["manufacturer", "category_id", "flag_ids"] as const;
export const STATS_KEYS = ["current_price", "discount_percentage"] as const;
export type StatsKey = (typeof STATS_KEYS)[number];

export type Range = { gte?: number; lte?: number };
export type Filters = { terms: Record<string, number[]>; stats: Partial<Record<StatsKey, Range>> };

export function isKnownTermsKey(key: string) {
  return (TERMS_KEYS as readonly string[]).includes(key) || ADDITIONAL_FIELD.test(key);
}

export function additionalFieldId(key: string) {
  const match = ADDITIONAL_FIELD.exec(key);
  return match ? Number(match[1]) : null;
}

function number(value: string | null) {
  if (value === null || value.trim() === "") return undefined;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : undefined;
}

/** Reads the f.* keys of a URL; unknown keys and bad values are dropped, never an error. */
export function parseFilters(params: URLSearchParams): Filters {
  const filters: Filters = { terms: {}, stats: {} };
  for (const [rawKey, rawValue] of params) {
    if (!rawKey.startsWith(FILTER_PREFIX)) continue;
    const key = rawKey.slice(FILTER_PREFIX.length);
    if (isKnownTermsKey(key)) {
      const id = Number(rawValue);
      if (Number.isSafeInteger(id) && id >= 0) {
        const values = (filters.terms[key] ??= []);
        if (!values.includes(id)) values.push(id);
      }
      continue;
    }
    const [stat, bound] = key.split(".") as [string, string | undefined];
    if ((STATS_KEYS as readonly string[]).includes(stat) && (bound === "gte" || bound === "lte")) {
      const value = number(rawValue);
      if (value !== undefined) (filters.stats[stat as StatsKey] ??= {})[bound] = value;
    }
  }
  for (const values of Object.values(filters.terms)) values.sort((a, b) => a - b);
  const discount = filters.stats.discount_percentage;
  if (discount) filters.stats.discount_percentage = clampDiscount(discount);
  return filters;
}

/** Spec 4: the discount range always lies within 0–100. */
export function clampDiscount(range: Range): Range {
  const clamped: Range = {};
  if (range.gte !== undefined) clamped.gte = Math.min(100, Math.max(0, range.gte));
  if (range.lte !== undefined) clamped.lte = Math.min(100, Math.max(0, range.lte));
  return clamped;
}

/** Writes filters back as f.* keys, in a stable order so equal states give equal URLs. */
export function filtersToParams(filters: Filters, params = new URLSearchParams()) {
  for (const key of [...params.keys()]) if (key.startsWith(FILTER_PREFIX)) params.delete(key);
  for (const key of Object.keys(filters.terms).sort()) {
    for (const id of [...(filters.terms[key] ?? [])].sort((a, b) => a - b)) params.append(`${FILTER_PREFIX}${key}`, String(id));
  }
  for (const key of STATS_KEYS) {
    const range = filters.stats[key];
    if (range?.gte !== undefined) params.set(`${FILTER_PREFIX}${key}.gte`, String(range.gte));
    if (range?.lte !== undefined) params.set(`${FILTER_PREFIX}${key}.lte`, String(range.lte));
  }
  return params;
}

export function activeFilterCount(filters: Filters) {
  return (
    Object.values(filters.terms).reduce((n, values) => n + values.length, 0) +
    Object.values(filters.stats).filter((r) => r && (r.gte !== undefined || r.lte !== undefined)).length
  );
}

// Pending selection (spec 4): changes the shopper makes before applying them.
export function addTerm(filters: Filters, key: string, id: number): Filters {
  const values = filters.terms[key] ?? [];
  return values.includes(id) ? filters : { ...filters, terms: { ...filters.terms, [key]: [...values, id] } };
}

/** Removes a value; a key left without values is removed too. */
export function removeTerm(filters: Filters, key: string, id: number): Filters {
  const values = (filters.terms[key] ?? []).filter((v) => v !== id);
  const terms = { ...filters.terms };
  if (values.length) terms[key] = values;
  else delete terms[key];
  return { ...filters, terms };
}

export function setRange(filters: Filters, key: StatsKey, range: Range): Filters {
  const value = key === "discount_percentage" ? clampDiscount(range) : range;
  return { ...filters, stats: { ...filters.stats, [key]: value } };
}

export function removeRange(filters: Filters, key: StatsKey): Filters {
  const stats = { ...filters.stats };
  delete stats[key];
  return { ...filters, stats };
}

// ---- Facets --------------------------------------------------------------

export type FacetValue = { id: number; label: string; count: number };
/** `hidden`: how many of its choices a shortened list leaves out (shortFacets). */
export type Facet =
  | { key: string; type: "terms"; label: string; values: FacetValue[]; hidden?: number }
  | { key: string; type: "flags"; label: string; values: FacetValue[]; hidden?: number }
  | { key: StatsKey; type: "stats"; label: string; min: number; max: number };

/**
 * The discount facet arrives as the ratio of price to original price; shoppers
 * see a percentage: (1 − value) × 100, forced into 0–100.
 */
export function discountPercentFromRatio(ratio: number) {
  return Math.min(100, Math.max(0, Math.round((1 - ratio) * 100)));
}

type Bounds = { min: number | string | null; max: number | string | null };

/** The price and discount facets from the lowest and highest price and price ratio of a set. */
export function statsFacetsFrom(price: Bounds, ratio: Bounds): Facet[] {
  const facets: Facet[] = [];
  if (price.min !== null && price.max !== null) {
    facets.push({ key: "current_price", type: "stats", label: "current_price", min: Number(price.min), max: Number(price.max) });
  }
  if (ratio.min !== null && ratio.max !== null) {
    // The highest ratio is the smallest discount.
    facets.push({
      key: "discount_percentage",
      type: "stats",
      label: "discount_percentage",
      min: discountPercentFromRatio(Number(ratio.max)),
      max: discountPercentFromRatio(Number(ratio.min)),
    });
  }
  return facets;
}

/** A list of choices longer than this is shown short, to its FACET_SHORT most common. */
export const FACET_LONG = 12;
export const FACET_SHORT = 8;
/** The URL's name for the lists the shopper asked to see whole (`?more=manufacturer`). */
export const FACET_MORE_PARAM = "more";

/**
 * A long list of choices (the marketplace's forty brands) shows its most
 * common ones, and says how many it leaves out; a "show all" link asks for
 * it whole. A chosen value is always shown. Each choice left out is markup
 * and data a listing no longer sends (issue 31).
 */
export function shortFacets(facets: Facet[], chosen: Filters["terms"], whole: readonly string[]): Facet[] {
  return facets.map((facet) => {
    if (facet.type === "stats" || facet.values.length <= FACET_LONG || whole.includes(facet.key)) return facet;
    const picked = chosen[facet.key] ?? [];
    const values = facet.values.filter((value, index) => index < FACET_SHORT || picked.includes(value.id));
    return { ...facet, values, hidden: facet.values.length - values.length };
  });
}

/**
 * Spec 4: category-id facets are never shown; inside a real category only
 * its filterable additional fields are kept, elsewhere additional fields
 * disabled in the index are hidden.
 */
export function displayedFacets(
  facets: Facet[],
  context: { categoryId: number | null; filterableFieldIds: number[]; disabledFieldIds: number[] },
) {
  return facets.filter((facet) => {
    if (facet.key === "category_id" || facet.key === "category_ids") return false;
    const fieldId = additionalFieldId(facet.key);
    if (fieldId === null) return true;
    if (context.categoryId) return context.filterableFieldIds.includes(fieldId);
    return !context.disabledFieldIds.includes(fieldId);
  });
}
