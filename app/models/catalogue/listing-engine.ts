import type { CatalogueIndex, SortOrder } from "./catalogue-index";
import { rowsHoldingAny } from "./filter-bits";

// Runs a listing over the catalogue index: one pass finds which products
// match and the exact disjunctive facet counts (each group counted with every
// filter but its own, so a count says what ticking that box would show);
// then the page is taken in the listing's order. Plain loops over typed
// arrays, where the same counts in SQL read every row again per group.

export type Bounds = { min?: number; max?: number };

export type ListingScope = {
  /** The categories in scope (a category and its descendants); null for all. */
  categories: number[] | null;
  /** true for offers only, false for products only, null for both. */
  offer: boolean | null;
  /** The rows the search words matched and how well; null when not searching. */
  text: TextMatch | null;
  manufacturers: number[] | null;
  /** Selected options per additional field id. */
  fields: Map<number, number[]>;
  flags: number[] | null;
  /** In minor units of the catalogue's currency. */
  price: Bounds | null;
  discount: Bounds | null;
  /** Also count the matches per category (the search bar's suggestions). */
  countCategories?: boolean;
};

/** Rows of the index and how well each matched the search words: whole numbers, higher is better. */
export type TextMatch = { rows: Int32Array; scores: Int32Array };

export type Range = { min: number; max: number } | null;

export type Counted = {
  /** A bit for each row, set when the row matches (see isHit): an eighth of a byte per row, since a listing's are kept. */
  hits: Uint32Array;
  total: number;
  manufacturers: Map<number, number>;
  options: Map<number, number>;
  flags: Map<number, number>;
  price: Range;
  /** The lowest and highest ratio of price to original price. */
  ratio: Range;
  categories: Map<number, number>;
};

// Filter groups a row can fail; additional fields follow from FIELDS on.
const MANUFACTURER = 0;
const FLAGS = 1;
const PRICE = 2;
const DISCOUNT = 3;
const FIELDS = 4;
/** Selected fields are tracked as bits of one integer. */
const MAX_SELECTED_FIELDS = 30;

function mask(length: number, ids: number[]) {
  const marks = new Uint8Array(length);
  for (const id of ids) if (id >= 0 && id < length) marks[id] = 1;
  return marks;
}

function counted(counts: Int32Array) {
  const map = new Map<number, number>();
  for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) map.set(id, counts[id]!);
  return map;
}

export function countListing(index: CatalogueIndex, query: ListingScope): Counted {
  // Without search words, a category page reads only its categories' rows
  // (below), and the rows changed since the index was built, which follow
  // them in no order.
  const changedRows = index.size > index.baseSize;
  const optionField = index.optionField;

  // Each selected field is a bit; optionBit tells which bit an option satisfies.
  const selectedFields = [...query.fields.entries()].filter(([, ids]) => ids.length > 0).slice(0, MAX_SELECTED_FIELDS);
  const optionBit = new Int32Array(optionField.length);
  const fieldOfBit = new Int32Array(selectedFields.length);
  for (const [bit, [fieldId, ids]] of selectedFields.entries()) {
    fieldOfBit[bit] = fieldId;
    for (const id of ids) if (id > 0 && id < optionField.length && optionField[id] === fieldId) optionBit[id] = 1 << bit;
  }

  // A search looks at the rows its words matched; a category page at its
  // categories' stretches of rows; anything else at every row.
  const candidates = query.text?.rows ?? null;
  const stretches = Int32Array.from(
    candidates
      ? [0, candidates.length]
      : query.categories
        ? [...categoryStretches(index, query.categories), index.baseSize, index.size]
        : [0, index.size],
  );

  const columns: Columns = {
    category: index.category,
    offer: index.offer,
    manufacturer: index.manufacturer,
    price: index.price,
    ratio: index.ratio,
    discount: index.discount,
    optionStart: index.optionStart,
    options: index.options,
    flagStart: index.flagStart,
    flags: index.flags,
    optionField,
    dead: index.dead,
  };
  const groups = candidates ? [] : filterGroups(index, query, selectedFields);
  const filters: Filters = {
    stretches,
    candidates,
    categoryMask: query.categories && (query.text || changedRows) ? mask(index.categoryLimit, query.categories) : null,
    offerWanted: query.offer === null ? -1 : query.offer ? 1 : 0,
    manufacturerMask: query.manufacturers ? mask(index.manufacturerLimit, query.manufacturers) : null,
    flagMask: query.flags ? mask(index.flagLimit, query.flags) : null,
    filterPrice: query.price !== null && (query.price.min !== undefined || query.price.max !== undefined),
    priceMin: query.price?.min ?? -Infinity,
    priceMax: query.price?.max ?? Infinity,
    filterDiscount: query.discount !== null && (query.discount.min !== undefined || query.discount.max !== undefined),
    discountMin: query.discount?.min ?? -Infinity,
    discountMax: query.discount?.max ?? Infinity,
    optionBit,
    fieldOfBit,
    allFieldBits: (1 << selectedFields.length) - 1,
    groups,
    groupCount: groups.length,
  };
  const counts: Counts = {
    hits: new Uint32Array((index.size + 31) >>> 5),
    manufacturers: new Int32Array(index.manufacturerLimit),
    options: new Int32Array(optionField.length),
    flags: new Int32Array(index.flagLimit),
    categories: new Int32Array(query.countCategories ? index.categoryLimit : 0),
    // Lowest and highest price, lowest and highest ratio.
    extremes: new Float64Array([Infinity, -Infinity, Infinity, -Infinity]),
  };
  const total = countRows(columns, filters, counts);
  counts.manufacturers[0] = 0; // products without a manufacturer

  const [priceLow, priceHigh, ratioLow, ratioHigh] = counts.extremes as unknown as [number, number, number, number];
  return {
    hits: counts.hits,
    total,
    manufacturers: counted(counts.manufacturers),
    options: counted(counts.options),
    flags: counted(counts.flags),
    price: priceLow <= priceHigh ? { min: priceLow, max: priceHigh } : null,
    ratio: ratioLow <= ratioHigh ? { min: ratioLow, max: ratioHigh } : null,
    categories: counted(counts.categories),
  };
}

// The one pass over the rows reads only these three objects, each made at
// one place and so of one shape, and typed arrays. The index and the query
// come in several shapes (built, changed or handed over by the worker; a
// listing, a search or the search bar's suggestions), and while the loop
// read them, each shape it had not seen threw its compiled code away: one
// listing in twenty ran in the interpreter, 100 ms instead of 30 at a
// million products.
type Columns = Pick<
  CatalogueIndex,
  "category" | "offer" | "manufacturer" | "price" | "ratio" | "discount" | "optionStart" | "options" | "flagStart" | "flags" | "optionField" | "dead"
>;

type Filters = {
  /** [start, end) pairs of positions to read: rows, or places in `candidates`. */
  stretches: Int32Array;
  candidates: Int32Array | null;
  categoryMask: Uint8Array | null;
  /** 1 for offers, 0 for products, -1 for both. */
  offerWanted: number;
  manufacturerMask: Uint8Array | null;
  flagMask: Uint8Array | null;
  filterPrice: boolean;
  priceMin: number;
  priceMax: number;
  filterDiscount: boolean;
  discountMin: number;
  discountMax: number;
  optionBit: Int32Array;
  fieldOfBit: Int32Array;
  allFieldBits: number;
  /** The rows passing each kept filter group, as bits (filter-bits.ts); empty while searching. */
  groups: Uint32Array[];
  /**
   * How many groups: the pass reads `groups` only when there are some, so it
   * meets one kind of array there (an empty one is stored as another).
   */
  groupCount: number;
};

/**
 * The brand, flag and field groups of a listing as the bits of the rows
 * passing each. An option of another field passes nothing in the row-by-row
 * check, so it is left out here too.
 */
function filterGroups(index: CatalogueIndex, query: ListingScope, selectedFields: [number, number[]][]) {
  const groups: Uint32Array[] = [];
  const { manufacturers, flags } = query;
  if (manufacturers) groups.push(rowsHoldingAny(index, "manufacturer", manufacturers.filter((id) => id >= 0 && id < index.manufacturerLimit)));
  if (flags) groups.push(rowsHoldingAny(index, "flag", flags.filter((id) => id >= 0 && id < index.flagLimit)));
  for (const [fieldId, ids] of selectedFields) {
    const own = ids.filter((id) => id > 0 && id < index.optionField.length && index.optionField[id] === fieldId);
    groups.push(rowsHoldingAny(index, "option", own));
  }
  return groups;
}

type Counts = {
  hits: Uint32Array;
  manufacturers: Int32Array;
  options: Int32Array;
  flags: Int32Array;
  /** Empty unless the matches are counted per category. */
  categories: Int32Array;
  extremes: Float64Array;
};

/** Marks the matching rows and counts the facets (disjunctively); returns how many rows match. */
function countRows(columns: Columns, filters: Filters, counts: Counts) {
  const { category, offer, manufacturer, price, ratio, discount, optionStart, options, flagStart, flags, optionField, dead } = columns;
  const { stretches, candidates, categoryMask, offerWanted, manufacturerMask, flagMask, filterPrice, priceMin, priceMax } = filters;
  const { filterDiscount, discountMin, discountMax, optionBit, fieldOfBit, allFieldBits, groups, groupCount } = filters;
  const { hits, manufacturers: manufacturerCounts, options: optionCounts, flags: flagCounts, categories: categoryCounts, extremes } = counts;
  const countCategories = categoryCounts.length > 0;
  let priceLow = Infinity;
  let priceHigh = -Infinity;
  let ratioLow = Infinity;
  let ratioHigh = -Infinity;
  let total = 0;

  for (let s = 0; s < stretches.length; s += 2) {
    const start = stretches[s]!;
    const end = stretches[s + 1]!;
    // 32 places at a time: those in the stretch, less the rows that fail two
    // kept filter groups or more (they count in no facet); then one by one.
    for (let word = start >>> 5; start < end && word <= (end - 1) >>> 5; word++) {
      const first = word << 5;
      let places = (first < start ? -1 << (start - first) : -1) & (end - first < 32 ? ~(-1 << (end - first)) : -1);
      if (groupCount > 0) {
        let passAll = places;
        let failOne = 0;
        for (let g = 0; g < groupCount; g++) {
          const passing = groups[g]![word]!;
          failOne = (failOne & passing) | (passAll & ~passing);
          passAll &= passing;
        }
        places = passAll | failOne;
      }
      while (places !== 0) {
        const i = first + 31 - Math.clz32(places & -places);
        places &= places - 1;
        const row = candidates ? candidates[i]! : i;
        if (dead !== null && dead[row]) continue;
        if (categoryMask && !categoryMask[category[row]!]) continue;
        if (offerWanted >= 0 && offer[row] !== offerWanted) continue;
        const optionsFrom = optionStart[row]!;
        const optionsTo = optionStart[row + 1]!;
        const flagsFrom = flagStart[row]!;
        const flagsTo = flagStart[row + 1]!;

        let fails = 0;
        let failed = -1;
        if (manufacturerMask && !manufacturerMask[manufacturer[row]!]) {
          fails++;
          failed = MANUFACTURER;
        }
        if (flagMask) {
          let any = false;
          for (let k = flagsFrom; k < flagsTo && !any; k++) any = flagMask[flags[k]!] === 1;
          if (!any) {
            fails++;
            failed = FLAGS;
          }
        }
        const rowPrice = price[row]!;
        if (filterPrice && (rowPrice < priceMin || rowPrice > priceMax)) {
          fails++;
          failed = PRICE;
        }
        if (filterDiscount && (discount[row]! < discountMin || discount[row]! > discountMax)) {
          fails++;
          failed = DISCOUNT;
        }
        if (fails > 1) continue;
        if (allFieldBits) {
          let bits = 0;
          for (let k = optionsFrom; k < optionsTo; k++) bits |= optionBit[options[k]!]!;
          const missing = allFieldBits & ~bits;
          if (missing) {
            fails += popcount(missing);
            if (fails > 1) continue;
            failed = FIELDS + 31 - Math.clz32(missing);
          }
        }

        if (fails === 0) {
          hits[row >>> 5]! |= 1 << (row & 31);
          total++;
          manufacturerCounts[manufacturer[row]!]!++;
          for (let k = optionsFrom; k < optionsTo; k++) optionCounts[options[k]!]!++;
          for (let k = flagsFrom; k < flagsTo; k++) flagCounts[flags[k]!]!++;
          if (rowPrice < priceLow) priceLow = rowPrice;
          if (rowPrice > priceHigh) priceHigh = rowPrice;
          if (ratio[row]! < ratioLow) ratioLow = ratio[row]!;
          if (ratio[row]! > ratioHigh) ratioHigh = ratio[row]!;
          if (countCategories) categoryCounts[category[row]!]!++;
          continue;
        }
        // The row fails one group only: it counts in that group's facet alone.
        if (failed === MANUFACTURER) manufacturerCounts[manufacturer[row]!]!++;
        else if (failed === FLAGS) for (let k = flagsFrom; k < flagsTo; k++) flagCounts[flags[k]!]!++;
        else if (failed === PRICE) {
          if (rowPrice < priceLow) priceLow = rowPrice;
          if (rowPrice > priceHigh) priceHigh = rowPrice;
        } else if (failed === DISCOUNT) {
          if (ratio[row]! < ratioLow) ratioLow = ratio[row]!;
          if (ratio[row]! > ratioHigh) ratioHigh = ratio[row]!;
        } else {
          const fieldId = fieldOfBit[failed - FIELDS];
          for (let k = optionsFrom; k < optionsTo; k++) if (optionField[options[k]!] === fieldId) optionCounts[options[k]!]!++;
        }
      }
    }
  }
  extremes[0] = priceLow;
  extremes[1] = priceHigh;
  extremes[2] = ratioLow;
  extremes[3] = ratioHigh;
  return total;
}

/** Whether the row matched the listing. */
export function isHit(hits: Uint32Array, row: number) {
  return (hits[row >>> 5]! & (1 << (row & 31))) !== 0;
}

/** The built rows of the given categories as [start, end) pairs, neighbouring stretches joined. */
function categoryStretches(index: CatalogueIndex, categories: number[]) {
  const { categoryStart, categoryLimit } = index;
  // Categories first used by rows changed since the build have no stretch yet.
  const grouped = Math.min(categoryLimit, categoryStart.length - 1);
  const ids = [...new Set(categories)].filter((id) => id >= 0 && id < grouped).sort((a, b) => a - b);
  const stretches: number[] = [];
  for (const id of ids) {
    const start = categoryStart[id]!;
    const end = categoryStart[id + 1]!;
    if (start === end) continue;
    if (stretches.length && stretches.at(-1) === start) stretches[stretches.length - 1] = end;
    else stretches.push(start, end);
  }
  return stretches;
}

function popcount(bits: number) {
  let n = 0;
  for (let b = bits; b; b &= b - 1) n++;
  return n;
}

/** The ids of a page of the matches: by relevance while searching, else along the sort's order. */
export function pageOf(index: CatalogueIndex, counted: Counted, text: TextMatch | null, sort: SortOrder, offset: number, limit: number) {
  const { hits, total } = counted;
  const end = Math.min(total, offset + limit);
  if (offset >= end) return [];
  if (sort === "relevance" && text) return relevancePage(index, hits, text, offset, end);
  // Read once: the loop touches only typed arrays (see countRows).
  const order = index.orders[sort];
  const rowIds = index.ids;
  const ids: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && seen < end; i++) {
    const row = order[i]!;
    if (!isHit(hits, row)) continue;
    if (seen++ >= offset) ids.push(rowIds[row]!);
  }
  return ids;
}

/**
 * Matches by score, highest first, and equal scores along the relevance
 * order's tie-breakers. Scores are few whole numbers, so the page is read in
 * one walk along that order: each score's matches form a block whose start
 * is known from how many matches scored higher.
 */
function relevancePage(index: CatalogueIndex, hits: Uint32Array, text: TextMatch, offset: number, end: number) {
  // Read once: the loops touch only typed arrays (see countRows).
  const { rows, scores } = text;
  const rowIds = index.ids;
  // A byte per row (a search's scores are sums of at most eight words' tens);
  // a larger sum would rank with the largest. The bytes are lent (lentRowBytes).
  const scoreOf = lentRowBytes(index.size);
  let top = 0;
  for (let i = 0; i < rows.length; i++) {
    if (isHit(hits, rows[i]!)) top = Math.max(top, Math.min(255, scores[i]!));
  }
  const perScore = new Int32Array(top + 1);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!isHit(hits, row)) continue;
    const score = Math.min(255, scores[i]!);
    scoreOf[row] = score;
    perScore[score]!++;
  }
  // Where each score's block starts, for the blocks the page reaches into (-1 for the others).
  const blockStart = new Int32Array(top + 1).fill(-1);
  for (let score = top, start = 0; score > 0; start += perScore[score--]!) {
    if (start < end && start + perScore[score]! > offset) blockStart[score] = start;
  }
  const page: number[] = new Array(end - offset);
  const seen = new Int32Array(top + 1);
  let found = 0;
  const order = index.orders.relevance;
  for (let i = 0; i < order.length && found < page.length; i++) {
    const score = scoreOf[order[i]!]!;
    if (score === 0 || blockStart[score] === -1) continue;
    const at = blockStart[score]! + seen[score]!++;
    if (at >= offset && at < end) {
      page[at - offset] = rowIds[order[i]!]!;
      found++;
    }
  }
  for (let i = 0; i < rows.length; i++) scoreOf[rows[i]!] = 0;
  return page;
}

let scratch = new Uint8Array(0);

/**
 * A byte per row, all 0, lent to one piece of work that uses it without
 * awaiting anything and sets back to 0 every byte it wrote before it
 * returns (a search's page here, a search word's matching in
 * text-match.server.ts): a new megabyte per search at a million products,
 * left to the garbage collector, brought a full collection every few dozen
 * searches.
 */
export function lentRowBytes(size: number) {
  if (scratch.length < size) scratch = new Uint8Array(size + (size >>> 3));
  return scratch;
}
