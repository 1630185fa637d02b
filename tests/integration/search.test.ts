import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { parseFilters } from "~/lib/listing";
import { db } from "~/models/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { searchListing, type ListingQuery } from "~/models/search.server";

const base: ListingQuery = {
  locale: "en",
  categoryIds: null,
  listingType: null,
  text: "",
  filters: { terms: {}, stats: {} },
  sort: "best_sellers",
  page: 1,
  rate: "1",
};

beforeAll(async () => {
  await seedDemoData(db(), { products: 400, seed: 7 });
});

async function count(where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from products p where p.is_active and ${where}`.execute(db());
  return rows[0]!.n;
}

describe("listings", () => {
  it("show 48 items on the first page and 24 on the next, with the exact total", async () => {
    const first = await searchListing(base);
    expect(first.total).toBe(await count(sql`true`));
    expect(first.items).toHaveLength(48);
    const second = await searchListing({ ...base, page: 2 });
    expect(second.items).toHaveLength(24);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(72);
  });

  it("select products or offers by type", async () => {
    const offers = await searchListing({ ...base, listingType: "o" });
    expect(offers.total).toBe(await count(sql`p.listing_type = 'o'`));
    const products = await searchListing({ ...base, listingType: "p" });
    expect(offers.total + products.total).toBe(await count(sql`true`));
  });

  it("sort by price both ways, best value, best sellers and new arrivals", async () => {
    const prices = (await searchListing({ ...base, sort: "price_asc" })).items.map((i) => i.priceMinor);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await searchListing({ ...base, sort: "price_desc" })).items.map((i) => i.priceMinor);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const value = (await searchListing({ ...base, sort: "best_value" })).items.map((i) => i.discountPercentage);
    expect(value).toEqual([...value].sort((a, b) => b - a));
    const ids = (await searchListing({ ...base, sort: "best_sellers" })).items.map((i) => i.id);
    const { rows } = await sql<{ id: number }>`select id from products where is_active order by paid_amount desc, id desc limit 48`.execute(db());
    expect(ids).toEqual(rows.map((r) => r.id));
  });

  it("filter by manufacturer, price range and an additional field, and count facets exactly", async () => {
    const all = await searchListing(base);
    const brand = all.facets.find((f) => f.key === "manufacturer");
    const topBrand = brand && "values" in brand ? brand.values[0]! : undefined;
    expect(topBrand).toBeDefined();
    expect(topBrand!.count).toBe(await count(sql`p.manufacturer_id = ${topBrand!.id}`));

    const filters = parseFilters(new URLSearchParams(`f.manufacturer=${topBrand!.id}&f.current_price.gte=10&f.current_price.lte=500`));
    const filtered = await searchListing({ ...base, filters });
    const expected = await count(sql`p.manufacturer_id = ${topBrand!.id} and p.price_minor between 1000 and 50000`);
    expect(filtered.total).toBe(expected);
    for (const item of filtered.items) expect(item.priceMinor).toBeGreaterThanOrEqual(1000);

    // A field's option count is what choosing it would add to the other filters.
    const field = filtered.facets.find((f) => f.key.startsWith("additional_field_"));
    if (field && "values" in field && field.values[0]) {
      const fieldId = Number(field.key.slice("additional_field_".length));
      const option = field.values[0];
      const withField = await searchListing({ ...base, filters: { ...filters, terms: { ...filters.terms, [field.key]: [option.id] } } });
      expect(withField.total).toBe(option.count);
      expect(option.count).toBe(
        await count(
          sql`p.manufacturer_id = ${topBrand!.id} and p.price_minor between 1000 and 50000 and exists (select 1 from product_additional_values v where v.product_id = p.id and v.field_id = ${fieldId} and v.option_id = ${option.id})`,
        ),
      );
    }
  });

  it("converts a price range typed in another currency back to EUR", async () => {
    const inUsd = await searchListing({ ...base, rate: "1.08", filters: parseFilters(new URLSearchParams("f.current_price.lte=108")) });
    expect(inUsd.total).toBe(await count(sql`p.price_minor <= 10000`));
  });

  it("keeps to a category and its descendants", async () => {
    const { rows } = await sql<{ id: number }>`select id from categories where parent_id = 1`.execute(db());
    const ids = [1, ...rows.map((r) => r.id)];
    const listing = await searchListing({ ...base, categoryIds: ids });
    expect(listing.total).toBe(await count(sql`p.category_id = any(${ids}::int[])`));
  });
});

describe("search", () => {
  async function aName() {
    const { rows } = await sql<{ name: string }>`
      select pt.name from product_translations pt join products p on p.id = pt.product_id
      where pt.language_id = 1 and p.is_active order by p.id limit 1`.execute(db());
    return rows[0]!.name;
  }

  it("finds a product by a word of its name, by a prefix, and despite a typo", async () => {
    const name = await aName();
    const word = name.split(" ").find((w) => w.length >= 7) ?? name.split(" ")[1]!;
    for (const text of [word, word.slice(0, 4), word.slice(0, 3) + word.slice(4)]) {
      const result = await searchListing({ ...base, text, sort: "relevance" });
      expect(result.total, text).toBeGreaterThan(0);
      expect(result.similar).toBe(false);
      expect(result.items.map((i) => i.name).join(" | ").toLowerCase(), text).toContain(word.toLowerCase());
    }
  });

  it("ignores case and diacritics in the shopper's language", async () => {
    const { rows } = await sql<{ name: string }>`select name from product_translations where language_id = 2 and name ~ '[ąčęėįšųūž]' limit 1`.execute(db());
    const word = rows[0]!.name.split(" ").find((w) => /[ąčęėįšųūž]/.test(w))!;
    const plain = word.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    const result = await searchListing({ ...base, locale: "lt", text: plain, sort: "relevance" });
    expect(result.total).toBeGreaterThan(0);
  });

  it("shows similar results when nothing matches every word, and nothing for nonsense", async () => {
    const word = (await aName()).split(" ")[1]!;
    const result = await searchListing({ ...base, text: `qqxzv ${word}`, sort: "relevance" });
    expect(result.similar).toBe(true);
    expect(result.total).toBeGreaterThan(0);
    const nothing = await searchListing({ ...base, text: "qqxzvw" });
    expect(nothing).toMatchObject({ total: 0, similar: false, items: [] });
  });
});

describe("precomputed counts", () => {
  // "discount ≥ 0" holds for every product but makes the listing count live.
  const countedLive = parseFilters(new URLSearchParams("f.discount_percentage.gte=0"));

  it("give the same totals and facets as counting live, for the catalogue, a type and a category", async () => {
    const { rows } = await sql<{ id: number }>`select id from categories where parent_id = 2`.execute(db());
    const clothes = [2, ...rows.map((r) => r.id)];
    const scopes: Partial<ListingQuery>[] = [{}, { listingType: "o" }, { categoryIds: clothes, categoryId: 2 }, { categoryIds: [rows[0]!.id], categoryId: rows[0]!.id, listingType: "p" }];
    for (const scope of scopes) {
      const pre = await searchListing({ ...base, ...scope });
      const live = await searchListing({ ...base, ...scope, filters: countedLive });
      expect(pre.total).toBe(live.total);
      expect(pre.items.map((i) => i.id)).toEqual(live.items.map((i) => i.id));
      const terms = (facets: typeof pre.facets) =>
        Object.fromEntries(facets.filter((f) => "values" in f).map((f) => [f.key, "values" in f ? Object.fromEntries(f.values.map((v) => [v.id, v.count])) : {}]));
      expect(terms(pre.facets)).toEqual(terms(live.facets));
      expect(pre.facets.find((f) => f.key === "current_price")).toEqual(live.facets.find((f) => f.key === "current_price"));
    }
  });
});
