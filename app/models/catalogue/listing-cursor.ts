import { rowOf, type CatalogueIndex, type SortOrder } from "./catalogue-index";
import { isHit, type Counted, type TextMatch } from "./listing-engine";

// Where a page of a listing ends, as the sort's values of its last item
// (decision 014, "Consistent paging"). The next page starts after those
// values in whatever index answers it, on this server or another, now or
// after the catalogue changed: an item whose own values did not change is
// never shown twice and never skipped, where counting items from the start
// would shift every page after a change above it.

type Key = "price" | "discount" | "paid" | "arrived" | "ids";

/** Each sort's values, most significant first, and their direction (1 ascending, −1 descending), ending with the id; as catalogue-index.ts sorts. */
export const SORT_KEYS: Record<SortOrder, ReadonlyArray<readonly [Key, 1 | -1]>> = {
  price_desc: [
    ["price", -1],
    ["ids", -1],
  ],
  price_asc: [
    ["price", 1],
    ["ids", 1],
  ],
  best_value: [
    ["discount", -1],
    ["price", 1],
    ["ids", 1],
  ],
  best_sellers: [
    ["paid", -1],
    ["ids", -1],
  ],
  new_arrivals: [
    ["arrived", -1],
    ["ids", -1],
  ],
  relevance: [
    ["paid", -1],
    ["arrived", -1],
    ["ids", -1],
  ],
};

/** A search's score leads the relevance order; higher first. */
const byScore = (sort: SortOrder, text: TextMatch | null) => sort === "relevance" && text !== null;

/** The score a search gave a row (0 when it did not match): text.rows is ascending. */
function scoreOf(text: TextMatch, row: number) {
  let low = 0;
  let high = text.rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = text.rows[middle]!;
    if (at === row) return text.scores[middle]!;
    if (at < row) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

function valuesOf(index: CatalogueIndex, sort: SortOrder, row: number) {
  return SORT_KEYS[sort].map(([key]) => index[key][row]!);
}

/** Negative when values `a` come before `b` in the sort, positive after, 0 for the same item. */
function compareValues(sort: SortOrder, a: readonly number[], b: readonly number[]) {
  const keys = SORT_KEYS[sort];
  for (let k = 0; k < keys.length; k++) {
    const difference = (a[k]! - b[k]!) * keys[k]![1];
    if (difference) return difference;
  }
  return 0;
}

/** The cursor after the item with id `id` in this listing: its sort's values, in the URL's `after`. */
export function cursorAfter(index: CatalogueIndex, text: TextMatch | null, sort: SortOrder, id: number): string | null {
  const row = rowOf(index, id);
  if (row < 0) return null;
  const values = valuesOf(index, sort, row);
  if (byScore(sort, text)) values.unshift(scoreOf(text!, row));
  return `${sort}~${values.join("_")}`;
}

/** The values a cursor holds, when it is one of this sort's (anything else is ignored: paging starts over by number). */
export function parseCursor(cursor: string | null | undefined, sort: SortOrder, text: TextMatch | null): number[] | null {
  if (!cursor || cursor.length > 200) return null;
  const [name, list] = cursor.split("~");
  if (name !== sort || !list) return null;
  const values = list.split("_");
  if (values.length !== SORT_KEYS[sort].length + (byScore(sort, text) ? 1 : 0)) return null;
  if (!values.every((value) => /^-?\d{1,16}(\.\d{1,6})?$/.test(value))) return null;
  return values.map(Number);
}

/** How many of the listing's matches come up to and including the cursor's place: the next page's offset. */
export function offsetAfter(index: CatalogueIndex, counted: Counted, text: TextMatch | null, sort: SortOrder, cursor: readonly number[]) {
  const { hits } = counted;
  let before = 0;
  if (byScore(sort, text)) {
    const [score, ...rest] = cursor;
    for (let i = 0; i < text!.rows.length; i++) {
      const row = text!.rows[i]!;
      if (!isHit(hits, row)) continue;
      const rowScore = text!.scores[i]!;
      if (rowScore > score! || (rowScore === score && compareValues(sort, valuesOf(index, sort, row), rest) <= 0)) before++;
    }
    return before;
  }
  // The order is sorted by these values: the first row after the cursor is found by halving.
  const order = index.orders[sort];
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareValues(sort, valuesOf(index, sort, order[middle]!), cursor) <= 0) low = middle + 1;
    else high = middle;
  }
  for (let i = 0; i < low; i++) if (isHit(hits, order[i]!)) before++;
  return before;
}
