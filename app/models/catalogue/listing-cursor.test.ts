import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCatalogueIndex, SORT_ORDERS, withChanges, type CatalogueIndex, type ProductColumns, type SortOrder } from "./catalogue-index";
import { cursorAfter, offsetAfter, parseCursor, SORT_KEYS } from "./listing-cursor";
import { countListing, isHit, pageOf, type ListingScope, type TextMatch } from "./listing-engine";

const labels = { manufacturers: new Map(), fields: new Map(), options: new Map(), optionPosition: new Map(), flags: new Map() };
const everything: ListingScope = { categories: null, offer: null, text: null, manufacturers: null, fields: new Map(), flags: null, price: null, discount: null };

const product = fc.record({
  categoryId: fc.integer({ min: 1, max: 3 }),
  priceMinor: fc.integer({ min: 1, max: 9 }),
  originalPriceMinor: fc.constant(0),
  discountPercentage: fc.integer({ min: 0, max: 2 }),
  paidAmount: fc.integer({ min: 0, max: 3 }),
  arrivedAt: fc.integer({ min: 0, max: 3 }),
});
type Row = { categoryId: number; priceMinor: number; originalPriceMinor: number; discountPercentage: number; paidAmount: number; arrivedAt: number };
const columns = (id: number, row: Row): ProductColumns => ({
  ...row,
  id,
  offer: false,
  manufacturerId: null,
  optionIds: [],
  flagIds: [],
});

/** Every match of the listing in the sort's order, worked out from the values alone. */
function expectedOrder(index: CatalogueIndex, sort: SortOrder, text: TextMatch | null, hits: Uint32Array) {
  const rows: number[] = [];
  for (let row = 0; row < index.size; row++) if (isHit(hits, row)) rows.push(row);
  const score = (row: number) => (text && sort === "relevance" ? (text.scores[text.rows.indexOf(row)] ?? 0) : 0);
  return rows
    .map((row) => ({ row, values: [score(row), ...SORT_KEYS[sort].map(([key, direction]) => index[key][row]! * direction)] }))
    .sort((a, b) => {
      if (a.values[0] !== b.values[0]) return b.values[0]! - a.values[0]!;
      for (let k = 1; k < a.values.length; k++) if (a.values[k] !== b.values[k]) return a.values[k]! - b.values[k]!;
      return 0;
    })
    .map(({ row }) => index.ids[row]!);
}

/** A search's matches: some rows with scores of 1 to 3. */
function textFor(index: CatalogueIndex, picks: number[]): TextMatch {
  const rows = [...new Set(picks.map((pick) => pick % index.size))].filter((row) => !index.dead?.[row]).sort((a, b) => a - b);
  return { rows: Int32Array.from(rows), scores: Int32Array.from(rows.map((row) => 1 + (row % 3))) };
}

describe("listing cursors", () => {
  it("give each sort's order, as the index sorts it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(product, { minLength: 1, maxLength: 30 }), async (rows) => {
        const index = await buildCatalogueIndex("v", rows.map((row, i) => columns(i + 1, row)), new Map(), labels);
        const { hits } = countListing(index, everything);
        for (const sort of SORT_ORDERS) expect([...index.orders[sort]].map((row) => index.ids[row])).toEqual(expectedOrder(index, sort, null, hits));
      }),
    );
  });

  it("start the next page right after the last item shown, in an index changed since or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(product, { minLength: 2, maxLength: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 35 }), product), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.constantFrom(...SORT_ORDERS),
        fc.integer({ min: 1, max: 8 }),
        async (rows, changes, picks, sort, limit) => {
          const before = await buildCatalogueIndex("v", rows.map((row, i) => columns(i + 1, row)), new Map(), labels);
          const searching = picks.length > 0;
          const text = searching ? textFor(before, picks) : null;
          const firstCount = countListing(before, { ...everything, text });
          const first = pageOf(before, firstCount, text, sort, 0, limit);
          fc.pre(first.length > 0);
          const cursor = parseCursor(cursorAfter(before, text, sort, first.at(-1)!), sort, text)!;
          expect(cursor).not.toBeNull();
          // Unchanged, the cursor's page is the offset's.
          expect(pageOf(before, firstCount, text, sort, offsetAfter(before, firstCount, text, sort, cursor), limit)).toEqual(
            pageOf(before, firstCount, text, sort, first.length, limit),
          );

          const after = withChanges(
            before,
            changes.map(([id, row]) => columns(id, row)),
            [],
          );
          // The search's words still match the same products, with the same scores, at their rows in the changed index.
          const scoreById = new Map(text ? [...text.rows].map((row, i) => [before.ids[row]!, text.scores[i]!]) : []);
          const rowsNow = [...scoreById.keys()].map((id) => after.rowById[id]!).sort((a, b) => a - b);
          const nextText = text ? { rows: Int32Array.from(rowsNow), scores: Int32Array.from(rowsNow.map((row) => scoreById.get(after.ids[row]!)!)) } : null;
          const counted = countListing(after, { ...everything, text: nextText });
          const next = pageOf(after, counted, nextText, sort, offsetAfter(after, counted, nextText, sort, cursor), limit);
          const cursorValues = (id: number) => {
            const row = after.rowById[id]!;
            return [
              nextText && sort === "relevance" ? nextText.scores[[...nextText.rows].indexOf(row)]! : null,
              ...SORT_KEYS[sort].map(([key]) => after[key][row]!),
            ];
          };
          // The next page: the first items, in the new order, whose values come after the cursor's.
          const order = expectedOrder(after, sort, nextText, counted.hits);
          const isAfter = (id: number) => {
            const values = cursorValues(id);
            const [score, ...rest] = cursor.length > SORT_KEYS[sort].length ? cursor : [null, ...cursor];
            if (values[0] !== null && values[0] !== score) return values[0]! < score!;
            for (let k = 0; k < rest.length; k++) {
              const difference = (values[k + 1]! - rest[k]!) * SORT_KEYS[sort][k]![1];
              if (difference) return difference > 0;
            }
            return false;
          };
          expect(next).toEqual(order.filter(isAfter).slice(0, limit));
        },
      ),
    );
  });

  it("are ignored when they are not the sort's own", () => {
    expect(parseCursor("price_asc~12_5", "price_desc", null)).toBeNull();
    expect(parseCursor("price_asc~12", "price_asc", null)).toBeNull();
    expect(parseCursor("price_asc~12_x", "price_asc", null)).toBeNull();
    expect(parseCursor("price_asc~12_5", "price_asc", null)).toEqual([12, 5]);
    expect(parseCursor(`price_asc~${"9".repeat(300)}_5`, "price_asc", null)).toBeNull();
  });
});
