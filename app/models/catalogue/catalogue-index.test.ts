import fc from "fast-check";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { buildCatalogueIndex, rowOf, SORT_ORDERS, withChanges, withPaidAmounts, type CatalogueIndex, type ProductColumns } from "./catalogue-index";
import { countListing, isHit, pageOf, type ListingScope } from "./listing-engine";

const labels = { manufacturers: new Map(), fields: new Map(), options: new Map(), optionPosition: new Map(), flags: new Map() };

const catalogue = fc
  .array(
    fc.record({
      categoryId: fc.integer({ min: 1, max: 4 }),
      paidAmount: fc.integer({ min: 0, max: 6 }),
      arrivedAt: fc.integer({ min: 0, max: 3 }),
    }),
    {
      minLength: 1,
      maxLength: 60,
    },
  )
  .map((rows) =>
    rows.map(
      (row, i): ProductColumns => ({
        id: i + 1,
        categoryId: row.categoryId,
        offer: false,
        manufacturerId: null,
        priceMinor: 1000,
        originalPriceMinor: 0,
        discountPercentage: 0,
        paidAmount: row.paidAmount,
        arrivedAt: row.arrivedAt,
        optionIds: [],
        flagIds: [],
      }),
    ),
  );

describe("withPaidAmounts", () => {
  it("orders best sellers and relevance as a rebuild with the new amounts would, and leaves every other order alone", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 9 })), { maxLength: 20 }),
        async (products, sales) => {
          const before = await buildCatalogueIndex("v1", products, new Map(), labels);
          const amounts = new Map(sales.map(([pick, amount]) => [products[pick % products.length]!.id, amount]));
          const after = withPaidAmounts(before, amounts);
          const rebuilt = await buildCatalogueIndex(
            "v1",
            products.map((product) => ({ ...product, paidAmount: amounts.get(product.id) ?? product.paidAmount })),
            new Map(),
            labels,
          );
          expect([...after.orders.best_sellers]).toEqual([...rebuilt.orders.best_sellers]);
          expect([...after.orders.relevance]).toEqual([...rebuilt.orders.relevance]);
          expect(after.orders.price_asc).toBe(before.orders.price_asc);
          expect(after.orders.new_arrivals).toBe(before.orders.new_arrivals);
          expect(after.version).toBe(before.version);
        },
      ),
    );
  });

  it("gives back the same index when no amount changed, so nothing cached for it is lost", async () => {
    const index = await buildCatalogueIndex(
      "v1",
      [
        {
          id: 1,
          categoryId: 1,
          offer: false,
          manufacturerId: null,
          priceMinor: 1,
          originalPriceMinor: 0,
          discountPercentage: 0,
          paidAmount: 3,
          arrivedAt: 0,
          optionIds: [],
          flagIds: [],
        },
      ],
      new Map(),
      labels,
    );
    expect(
      withPaidAmounts(
        index,
        new Map([
          [1, 3],
          [99, 5],
        ]),
      ),
    ).toBe(index);
  });
});

const product = fc.record({
  categoryId: fc.integer({ min: 1, max: 5 }),
  offer: fc.boolean(),
  manufacturerId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  priceMinor: fc.integer({ min: 1, max: 50 }),
  originalPriceMinor: fc.integer({ min: 0, max: 60 }),
  discountPercentage: fc.integer({ min: 0, max: 3 }),
  paidAmount: fc.integer({ min: 0, max: 4 }),
  arrivedAt: fc.integer({ min: 0, max: 4 }),
  optionIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
  flagIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
});

/** A change to the catalogue: products rewritten or added (by id), and ids removed. */
const change = fc.record({
  written: fc.array(fc.tuple(fc.integer({ min: 1, max: 45 }), product), { maxLength: 8 }),
  removed: fc.array(fc.integer({ min: 1, max: 45 }), { maxLength: 4 }),
  /** A listing read in that sort before the next change: orders are spliced when first read, the others later. */
  read: fc.option(fc.constantFrom(...SORT_ORDERS), { nil: null }),
});

const optionFields = new Map([1, 2, 3, 4, 5, 6].map((option) => [option, option <= 3 ? 1 : 2]));

const scopeOfAll: ListingScope = { categories: null, offer: null, text: null, manufacturers: null, fields: new Map(), flags: null, price: null, discount: null };
/** Brand, field and flag filters: their rows are kept as bits from one index to the next (filter-bits.ts). */
const filtered: ListingScope = { ...scopeOfAll, manufacturers: [1, 2], fields: new Map([[1, [1, 2]], [2, [4]]]), flags: [1, 3], price: { max: 30 } };

/** What every listing of the index shows: each sort's ids, and the count and page of a few scopes and filters. */
function listings(index: CatalogueIndex) {
  const scopes: ListingScope[] = [
    { categories: null, offer: null, text: null, manufacturers: null, fields: new Map(), flags: null, price: null, discount: null },
    { categories: [2, 3, 9], offer: null, text: null, manufacturers: null, fields: new Map(), flags: null, price: null, discount: null },
    { categories: [1, 4], offer: false, text: null, manufacturers: [1, 2], fields: new Map([[1, [1, 2]]]), flags: [1], price: { max: 30 }, discount: null },
    { categories: null, offer: true, text: null, manufacturers: null, fields: new Map([[2, [5]]]), flags: null, price: { min: 10 }, discount: { min: 1 } },
    filtered,
  ];
  return {
    orders: SORT_ORDERS.map((sort) => [...index.orders[sort]].map((row) => index.ids[row])),
    scopes: scopes.map((scope) => {
      const counted = countListing(index, scope);
      const { hits, ...counts } = counted;
      return { ...counts, pages: SORT_ORDERS.map((sort) => pageOf(index, counted, null, sort, 1, 7)), hits: Array.from({ length: index.size }, (_, row) => isHit(hits, row)).filter(Boolean).length };
    }),
  };
}

describe("withChanges", () => {
  it("lists exactly what a rebuild of the changed catalogue lists, through any number of changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(product, { minLength: 1, maxLength: 40 }), fc.array(change, { minLength: 1, maxLength: 6 }), async (rows, changes) => {
        const current = new Map(rows.map((row, i): [number, ProductColumns] => [i + 1, { ...row, id: i + 1 }]));
        let index = await buildCatalogueIndex("v1", [...current.values()], optionFields, labels);
        for (const { written, removed, read } of changes) {
          const products = new Map(written.map(([id, row]): [number, ProductColumns] => [id, { ...row, id }]));
          const gone = removed.filter((id) => !products.has(id));
          for (const [id, row] of products) current.set(id, row);
          for (const id of gone) current.delete(id);
          index = withChanges(index, [...products.values()], gone);
          if (read) {
            pageOf(index, countListing(index, scopeOfAll), null, read, 0, 5);
            // Keeps the filters' bits for the rows so far; the next index only adds bits for its new rows.
            countListing(index, filtered);
          }
        }
        const rebuilt = await buildCatalogueIndex("v1", [...current.values()].sort((a, b) => a.id - b.id), optionFields, labels);
        expect(listings(index)).toEqual(listings(rebuilt));
        for (const id of current.keys()) expect(index.ids[rowOf(index, id)]).toBe(id);
        expect(index.version).toBe("v1");
      }),
    );
  });

  it("gives back the same index when nothing changed", async () => {
    const index = await buildCatalogueIndex("v1", [{ ...(fc.sample(product, 1)[0]!), id: 1 }], optionFields, labels);
    expect(withChanges(index, [], [])).toBe(index);
  });
});

describe("withChanges over time", () => {
  it("keeps no earlier index alive: a server applying changes all day holds one index, not every one since the rebuild", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const rows = fc.sample(product, 30).map((row, i): ProductColumns => ({ ...row, id: i + 1 }));
    let index = await buildCatalogueIndex("v1", rows, optionFields, labels);
    const earlier: WeakRef<CatalogueIndex>[] = [];
    for (let i = 0; i < 5; i++) {
      index = withChanges(index, [{ ...rows[i]!, priceMinor: 100 + i }], []);
      earlier.push(new WeakRef(index));
      // Read one order, leave the others to pile up their batches.
      expect(index.orders.price_asc.length).toBe(rows.length);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(earlier.slice(0, -1).map((ref) => ref.deref() === undefined)).toEqual([true, true, true, true]);
    expect(earlier.at(-1)!.deref()).toBe(index);
    expect(listings(index).orders).toEqual(listings(await buildCatalogueIndex("v1", rows.map((row, i) => (i < 5 ? { ...row, priceMinor: 100 + i } : row)), optionFields, labels)).orders);
  });
});

describe("withChanges on shared buffers", () => {
  it("leaves an earlier index as it was when a later one adds rows, and copies before adding to an index that is not the last", async () => {
    const rows = fc.sample(product, 30).map((row, i): ProductColumns => ({ ...row, id: i + 1 }));
    const base = await buildCatalogueIndex("v1", rows, optionFields, labels);
    const first = withChanges(base, [{ ...rows[0]!, priceMinor: 7 }], []);
    const snapshot = listings(first);
    const second = withChanges(first, [{ ...rows[1]!, priceMinor: 8, optionIds: [1, 2, 3] }, { ...rows[2]!, id: 99 }], [5]);
    expect(listings(first)).toEqual(snapshot);
    // Adding to `first` again (not the last writer) must not disturb `second`.
    const after = listings(second);
    withChanges(first, [{ ...rows[3]!, priceMinor: 1, flagIds: [1, 2, 3] }], [7]);
    expect(listings(second)).toEqual(after);
    expect(listings(first)).toEqual(snapshot);
  });
});
