import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addTerm,
  defaultSort,
  discountPercentFromRatio,
  displayedFacets,
  FACET_LONG,
  FACET_SHORT,
  filtersToParams,
  isBelowLimit,
  pageCount,
  pageWindow,
  parseFilters,
  removeRange,
  removeTerm,
  setRange,
  shortFacets,
  shownUpTo,
  type Facet,
} from "./listing";

describe("page sizes", () => {
  it("are 48 on the first page and 24 on each later one", () => {
    expect(pageWindow(1)).toEqual({ offset: 0, limit: 48 });
    expect(pageWindow(2)).toEqual({ offset: 48, limit: 24 });
    expect(pageWindow(3)).toEqual({ offset: 72, limit: 24 });
  });

  it("show up to 48 + 24 × (page − 1), never past the total, and are below the limit until everything shows", () => {
    expect(shownUpTo(1, 1000)).toBe(48);
    expect(shownUpTo(3, 1000)).toBe(96);
    expect(shownUpTo(3, 80)).toBe(80);
    expect(isBelowLimit(1, 49)).toBe(true);
    expect(isBelowLimit(1, 48)).toBe(false);
    expect(isBelowLimit(2, 72)).toBe(false);
  });

  it("page windows tile the list without gaps or overlaps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (total) => {
        const pages = pageCount(total);
        let next = 0;
        for (let page = 1; page <= pages; page++) {
          const { offset, limit } = pageWindow(page);
          if (offset !== next) return false;
          next = offset + limit;
          if (shownUpTo(page, total) !== Math.min(total, next)) return false;
        }
        return next >= total && (pages === 1 || pageWindow(pages).offset < total);
      }),
    );
  });
});

describe("sort", () => {
  it("defaults to relevance while searching, else the language's default, else best sellers", () => {
    expect(defaultSort("phone", "new_arrivals")).toBe("relevance");
    expect(defaultSort("", "new_arrivals")).toBe("new_arrivals");
    expect(defaultSort("", null)).toBe("best_sellers");
    expect(defaultSort("  ", "nonsense")).toBe("best_sellers");
  });
});

describe("filters", () => {
  it("read f.* keys: terms, and stats with gte and lte; drop the unknown", () => {
    const filters = parseFilters(
      new URLSearchParams(
        "f.manufacturer=3&f.manufacturer=7&f.manufacturer=3&f.additional_field_2=14&f.flag_ids=10&f.current_price.gte=10&f.current_price.lte=99.5&f.bogus=1&manufacturer=9&f.manufacturer=x",
      ),
    );
    expect(filters).toEqual({
      terms: { manufacturer: [3, 7], additional_field_2: [14], flag_ids: [10] },
      stats: { current_price: { gte: 10, lte: 99.5 } },
    });
  });

  it("force the discount range into 0–100", () => {
    expect(parseFilters(new URLSearchParams("f.discount_percentage.gte=-5&f.discount_percentage.lte=250")).stats).toEqual({
      discount_percentage: { gte: 0, lte: 100 },
    });
    expect(setRange({ terms: {}, stats: {} }, "discount_percentage", { gte: 120 }).stats.discount_percentage).toEqual({ gte: 100 });
  });

  it("round-trip through the URL in a stable order", () => {
    const params = new URLSearchParams("q=lamp&f.manufacturer=7&f.current_price.lte=50&f.manufacturer=3");
    const written = filtersToParams(parseFilters(params), new URLSearchParams(params));
    expect(written.toString()).toBe("q=lamp&f.manufacturer=3&f.manufacturer=7&f.current_price.lte=50");
    expect(parseFilters(written)).toEqual(parseFilters(params));
  });

  it("pending changes add and remove terms, removing a key left empty, and set and remove ranges", () => {
    let filters = parseFilters(new URLSearchParams("f.manufacturer=3"));
    filters = addTerm(filters, "manufacturer", 4);
    expect(filters.terms.manufacturer).toEqual([3, 4]);
    filters = removeTerm(removeTerm(filters, "manufacturer", 3), "manufacturer", 4);
    expect(filters.terms).toEqual({});
    filters = setRange(filters, "current_price", { gte: 5 });
    expect(filters.stats.current_price).toEqual({ gte: 5 });
    expect(removeRange(filters, "current_price").stats).toEqual({});
  });
});

describe("facets", () => {
  const facets: Facet[] = [
    { key: "manufacturer", type: "terms", label: "Brand", values: [] },
    { key: "category_id", type: "terms", label: "Category", values: [] },
    { key: "category_ids", type: "terms", label: "Category", values: [] },
    { key: "additional_field_1", type: "terms", label: "Size", values: [] },
    { key: "additional_field_2", type: "terms", label: "Colour", values: [] },
    { key: "additional_field_9", type: "terms", label: "Warehouse", values: [] },
    { key: "flag_ids", type: "flags", label: "Offers", values: [] },
    { key: "current_price", type: "stats", label: "Price", min: 1, max: 9 },
  ];
  const keys = (list: Facet[]) => list.map((f) => f.key);

  it("never show category id facets, and hide fields disabled in the index outside a category", () => {
    expect(keys(displayedFacets(facets, { categoryId: null, filterableFieldIds: [], disabledFieldIds: [9] }))).toEqual([
      "manufacturer",
      "additional_field_1",
      "additional_field_2",
      "flag_ids",
      "current_price",
    ]);
  });

  it("inside a real category keep only its filterable additional fields", () => {
    expect(keys(displayedFacets(facets, { categoryId: 101, filterableFieldIds: [2], disabledFieldIds: [] }))).toEqual([
      "manufacturer",
      "additional_field_2",
      "flag_ids",
      "current_price",
    ]);
  });

  it("show a list longer than FACET_LONG short, to its most common choices and any chosen, and say how many it leaves out", () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, label: `Brand ${i + 1}`, count: 100 - i }));
    const long: Facet[] = [
      { key: "manufacturer", type: "terms", label: "Brand", values: values(40) },
      { key: "additional_field_1", type: "terms", label: "Size", values: values(FACET_LONG) },
      { key: "flag_ids", type: "flags", label: "Offers", values: values(FACET_LONG + 1) },
      { key: "current_price", type: "stats", label: "Price", min: 1, max: 9 },
    ];
    const [brands, sizes, flags, price] = shortFacets(long, { manufacturer: [30, 2] }, []);
    expect(brands).toMatchObject({ hidden: 40 - FACET_SHORT - 1 });
    expect(brands!.type !== "stats" && brands!.values.map((v) => v.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 30]);
    expect(sizes).toBe(long[1]);
    expect(flags).toMatchObject({ hidden: FACET_LONG + 1 - FACET_SHORT });
    expect(price).toBe(long[3]);
    // Asked for whole, by key: that list alone comes whole.
    const [wholeBrands, , shortFlags] = shortFacets(long, {}, ["manufacturer"]);
    expect(wholeBrands).toBe(long[0]);
    expect(shortFlags).toMatchObject({ hidden: FACET_LONG + 1 - FACET_SHORT });
  });

  it("convert the discount ratio into a percentage: (1 − value) × 100 within 0–100", () => {
    expect(discountPercentFromRatio(0.75)).toBe(25);
    expect(discountPercentFromRatio(1)).toBe(0);
    expect(discountPercentFromRatio(1.2)).toBe(0);
    expect(discountPercentFromRatio(-0.5)).toBe(100);
  });
});
