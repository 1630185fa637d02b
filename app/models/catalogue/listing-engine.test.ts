import { describe, expect, it } from "vitest";
import { buildCatalogueIndex, rowOf, type ProductColumns } from "./catalogue-index";
import type { SortOrder } from "./catalogue-index";
import { countListing, pageOf, type ListingScope } from "./listing-engine";

// A small catalogue whose every count can be worked out by hand. Field 1
// (size) has options 11 (S) and 12 (M); field 2 (colour) has 21 and 22.
const product = (id: number, over: Partial<ProductColumns>): ProductColumns => ({
  id,
  categoryId: 1,
  offer: false,
  manufacturerId: 1,
  priceMinor: 1000,
  discountPercentage: 0,
  paidAmount: 0,
  arrivedAt: 0,
  optionIds: [],
  flagIds: [],
  ...over,
  originalPriceMinor: over.originalPriceMinor ?? over.priceMinor ?? 1000,
});
const products = [
  product(1, { manufacturerId: 1, priceMinor: 500, originalPriceMinor: 1000, discountPercentage: 50, optionIds: [11, 21], paidAmount: 5 }),
  product(2, { manufacturerId: 1, priceMinor: 1500, optionIds: [12, 21], flagIds: [7], paidAmount: 9 }),
  product(3, { manufacturerId: 2, priceMinor: 2500, optionIds: [11, 22], flagIds: [7], paidAmount: 9, arrivedAt: 10 }),
  product(4, { manufacturerId: 2, priceMinor: 800, optionIds: [12], categoryId: 2, offer: true, paidAmount: 1 }),
  product(5, { manufacturerId: null, priceMinor: 3000, optionIds: [11, 12], paidAmount: 2 }),
];
const labels = { manufacturers: new Map(), fields: new Map(), options: new Map(), optionPosition: new Map(), flags: new Map() };
const index = await buildCatalogueIndex("v1", products, new Map([[11, 1], [12, 1], [21, 2], [22, 2]]), labels);

type Query = ListingScope & { sort: SortOrder; offset: number; limit: number };

function runListing(query: Query) {
  const counted = countListing(index, query);
  return { ...counted, ids: pageOf(index, counted, query.text, query.sort, query.offset, query.limit) };
}

const everything: Query = {
  categories: null,
  offer: null,
  text: null,
  manufacturers: null,
  fields: new Map(),
  flags: null,
  price: null,
  discount: null,
  sort: "best_sellers",
  offset: 0,
  limit: 48,
};

describe("countListing and pageOf", () => {
  it("counts every facet of an unfiltered listing", () => {
    const result = runListing(everything);
    expect(result.total).toBe(5);
    expect(result.manufacturers).toEqual(new Map([[1, 2], [2, 2]]));
    expect(result.options).toEqual(new Map([[11, 3], [12, 3], [21, 2], [22, 1]]));
    expect(result.flags).toEqual(new Map([[7, 2]]));
    expect(result.price).toEqual({ min: 500, max: 3000 });
    expect(result.ratio).toEqual({ min: 0.5, max: 1 });
  });

  it("counts each group without its own filter and with every other", () => {
    const result = runListing({ ...everything, manufacturers: [1], fields: new Map([[1, [11]]]), price: { max: 2000 } });
    expect(result.ids).toEqual([1]);
    // Brands: size S and price ≤ 20 leave product 1 (brand 1); product 3 is too dear.
    expect(result.manufacturers).toEqual(new Map([[1, 1]]));
    // Sizes: brand 1 and price ≤ 20 leave products 1 (S) and 2 (M); colour counts the matches only.
    expect(result.options).toEqual(new Map([[11, 1], [12, 1], [21, 1]]));
    // Price: brand 1 with size S is product 1 alone, whatever the price.
    expect(result.price).toEqual({ min: 500, max: 500 });
  });

  it("filters by discount and flag, and gives the discount range as if no discount were chosen", () => {
    const discounted = runListing({ ...everything, discount: { min: 40 } });
    expect(discounted.ids).toEqual([1]);
    expect(discounted.ratio).toEqual({ min: 0.5, max: 1 });
    const flagged = runListing({ ...everything, flags: [7] });
    expect(flagged.ids).toEqual([3, 2]);
    expect(flagged.flags).toEqual(new Map([[7, 2]]));
    expect(flagged.manufacturers).toEqual(new Map([[1, 1], [2, 1]]));
  });

  it("keeps to the categories and listing type asked for", () => {
    expect(runListing({ ...everything, categories: [2] }).ids).toEqual([4]);
    expect(runListing({ ...everything, offer: true }).ids).toEqual([4]);
    expect(runListing({ ...everything, offer: false }).total).toBe(4);
  });

  it("orders the page and cuts it at the offset and limit", () => {
    expect(runListing({ ...everything, sort: "price_asc" }).ids).toEqual([1, 4, 2, 3, 5]);
    expect(runListing({ ...everything, sort: "price_desc", offset: 1, limit: 2 }).ids).toEqual([3, 2]);
    // Equal paid amounts: the higher id first.
    expect(runListing({ ...everything, sort: "best_sellers" }).ids).toEqual([3, 2, 1, 5, 4]);
    expect(runListing({ ...everything, sort: "best_value" }).ids[0]).toBe(1);
    expect(runListing({ ...everything, offset: 10 }).ids).toEqual([]);
  });

  it("orders search matches by score, then paid amount, then arrival", () => {
    // Products 1, 2 and 3 matched; 2 and 3 equally well.
    const text = { rows: Int32Array.from([1, 2, 3], (id) => rowOf(index, id)), scores: Int32Array.from([1, 10, 10]) };
    const result = runListing({ ...everything, text, sort: "relevance" });
    expect(result.total).toBe(3);
    // 2 and 3 were paid equally; 3 arrived later.
    expect(result.ids).toEqual([3, 2, 1]);
    expect(runListing({ ...everything, text, sort: "price_desc" }).ids).toEqual([3, 2, 1]);
  });

  it("ranks each search by its own scores only, whatever the search before it matched", () => {
    const search = (ids: number[], scores: number[]) => ({ rows: Int32Array.from(ids, (id) => rowOf(index, id)), scores: Int32Array.from(scores) });
    expect(runListing({ ...everything, text: search([1, 2], [2, 2]), sort: "relevance" }).ids).toEqual([2, 1]);
    // Products 1 and 2 match nothing now: had their scores stayed, 2 would take 4's place.
    expect(runListing({ ...everything, text: search([3, 4], [2, 1]), sort: "relevance" }).ids).toEqual([3, 4]);
  });

  it("counts matches per category when asked", () => {
    expect(runListing({ ...everything, countCategories: true }).categories).toEqual(new Map([[1, 4], [2, 1]]));
  });
});

// Rows are grouped by category; listings, counts and orders must not show it.
const interleaved = [
  product(1, { categoryId: 3, manufacturerId: 1 }),
  product(2, { categoryId: 1, manufacturerId: 2 }),
  product(3, { categoryId: 3, manufacturerId: 2 }),
  product(4, { categoryId: 1, manufacturerId: 1 }),
  product(5, { categoryId: 2, manufacturerId: 1 }),
  product(6, { categoryId: 3, manufacturerId: 1, priceMinor: 900 }),
];
const grouped = await buildCatalogueIndex("v1", interleaved, new Map(), labels);

describe("categories whose products' ids interleave", () => {
  const list = (query: Partial<Query>) => {
    const full = { ...everything, ...query };
    const counted = countListing(grouped, full);
    return { ...counted, ids: pageOf(grouped, counted, full.text, full.sort, full.offset, full.limit) };
  };

  it("lists each category's products, and several categories together", () => {
    expect(list({ categories: [3], sort: "price_asc" }).ids).toEqual([6, 1, 3]);
    expect(list({ categories: [1, 3], sort: "price_asc" }).ids).toEqual([6, 1, 2, 3, 4]);
    expect(list({ categories: [3, 1, 3, 99, -1] }).total).toBe(5);
    expect(list({ categories: [] }).total).toBe(0);
    expect(list({ categories: [2, 3], manufacturers: [1] }).manufacturers).toEqual(new Map([[1, 3], [2, 1]]));
  });

  it("breaks ties by id, whatever the category", () => {
    expect(list({ sort: "price_asc" }).ids).toEqual([6, 1, 2, 3, 4, 5]);
    expect(list({ sort: "new_arrivals" }).ids).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it("finds a product's row by its id, and keeps a search to its categories", () => {
    for (const id of [1, 2, 3, 4, 5, 6]) expect(grouped.ids[rowOf(grouped, id)]).toBe(id);
    const text = { rows: Int32Array.from([1, 2, 5], (id) => rowOf(grouped, id)), scores: Int32Array.from([1, 1, 1]) };
    expect(list({ text, categories: [3, 2], sort: "relevance" }).ids).toEqual([5, 1]);
  });
});
