import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseFilters, type Facet } from "~/models/catalogue/listing";
import { freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { db } from "~/models/db/db.server";
import { listingQuery, makeCustomer, makeOrders } from "./factories";
import { seedDemoData } from "~/models/demo-data/index.server";
import { searchListing } from "~/models/search/search.server";
import { applySearchEdits } from "~/models/search/search-edits.server";
import { refreshSearchIndex, searchVersion } from "~/models/search/text-match.server";
import { action as searchItemsCall } from "~/routes/api/search/search-for-category-items";

const base = listingQuery();

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
    const { rows } = await sql<{ id: number }>`select id from products where is_active order by paid_amount desc, id desc limit 72`.execute(db());
    expect(ids).toEqual(rows.slice(0, 48).map((r) => r.id));
    // The order runs on across pages: page 2 is what follows page 1.
    const second = (await searchListing({ ...base, sort: "best_sellers", page: 2 })).items.map((i) => i.id);
    expect(second).toEqual(rows.slice(48).map((r) => r.id));
    for (const [sort, key, direction] of [
      ["price_asc", "priceMinor", 1],
      ["price_desc", "priceMinor", -1],
      ["best_value", "discountPercentage", -1],
    ] as const) {
      const [one, two] = await Promise.all([1, 2].map((page) => searchListing({ ...base, sort, page })));
      const across = [...one!.items, ...two!.items].map((i) => i[key]);
      expect(across, sort).toEqual([...across].sort((a, b) => direction * (a - b)));
    }
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
    const field = filtered.facets.find((f): f is Extract<Facet, { values: unknown }> => f.key.startsWith("additional_field_") && "values" in f);
    expect(field, "the seed gives the top brand's products an additional field").toBeDefined();
    const fieldId = Number(field!.key.slice("additional_field_".length));
    const option = field!.values[0]!;
    expect(option.count).toBeGreaterThan(0);
    const withField = await searchListing({ ...base, filters: { ...filters, terms: { ...filters.terms, [field!.key]: [option.id] } } });
    expect(withField.total).toBe(option.count);
    expect(option.count).toBe(
      await count(
        sql`p.manufacturer_id = ${topBrand!.id} and p.price_minor between 1000 and 50000 and exists (select 1 from product_additional_values v where v.product_id = p.id and v.field_id = ${fieldId} and v.option_id = ${option.id})`,
      ),
    );
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
    const { rows } = await sql<{ product_id: number; name: string }>`
      select pt.product_id, pt.name from product_translations pt join products p on p.id = pt.product_id
      where pt.language_id = 2 and p.is_active and pt.name ~ '[ąčęėįšųūž]' order by p.id limit 1`.execute(db());
    const product = rows[0]!;
    // The whole name, in capitals and without its marks, finds that very product first.
    const plain = product.name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    expect(plain).not.toBe(product.name.toUpperCase());
    const result = await searchListing({ ...base, locale: "lt", text: plain, sort: "relevance" });
    expect(result.similar).toBe(false);
    expect(result.items.map((i) => i.id)).toContain(product.product_id);
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

describe("paging", () => {
  it("goes on after the last item shown when the catalogue changed between pages, skipping none and showing none twice", async () => {
    const byPrice = { ...base, sort: "price_asc" as const };
    const first = await searchListing(byPrice);
    const unchanged = await searchListing({ ...byPrice, page: 2 });
    expect(first.next).not.toBeNull();
    // An item of page 1 gets dearer than everything: counting from the start, page 2 would now skip one item.
    const moved = first.items[0]!.id;
    await sql`update products set price_minor = 99999999, original_price_minor = greatest(original_price_minor, 99999999) where id = ${moved}`.execute(db());
    await freshCatalogueIndex();
    const shifted = await searchListing({ ...byPrice, page: 2 });
    expect(shifted.items[0]!.id).not.toBe(unchanged.items[0]!.id);
    const second = await searchListing({ ...byPrice, page: 2, after: first.next });
    expect(second.items.map((item) => item.id)).toEqual(unchanged.items.map((item) => item.id));
    // A cursor of another sort, or on a first page, is ignored.
    expect((await searchListing({ ...base, sort: "price_desc", page: 2, after: first.next })).items).toEqual((await searchListing({ ...base, sort: "price_desc", page: 2 })).items);
    expect((await searchListing({ ...byPrice, after: first.next })).items[0]!.id).toBe(first.items[1]!.id);
  });
});

describe("search words", () => {
  it("find a name written with hyphens by the words a shopper types", async () => {
    const { rows } = await sql<{ id: number }>`select id from products where is_active order by id limit 1`.execute(db());
    const id = Number(rows[0]!.id);
    await sql`update product_translations set name = 'Zentrox 2-in-1 Convertible' where product_id = ${id} and language_id = 1`.execute(db());
    await applySearchEdits();
    for (const text of ["2-in-1 convertible", "2 in 1 zentrox"]) {
      const result = await searchListing({ ...base, text, sort: "relevance" });
      expect(result.similar, text).toBe(false);
      expect(result.items[0]?.id, text).toBe(id);
    }
  });

  it("find a size with a decimal point and a code read as a number and a word, as the catalogue reads them", async () => {
    const { rows } = await sql<{ id: number }>`select id from products where is_active order by id offset 1 limit 1`.execute(db());
    const id = Number(rows[0]!.id);
    await sql`update product_translations set name = 'Korvalt audio cable 2.5mm 3e45d6' where product_id = ${id} and language_id = 1`.execute(db());
    await applySearchEdits();
    // The catalogue holds "2.5" and "mm", "3e45" and "d6": the texts are read into the same words.
    for (const text of ["2.5mm", "cable 2.5mm", "3e45d6", "korvalt 3E45D6"]) {
      const result = await searchListing({ ...base, text, sort: "relevance" });
      expect(result.similar, text).toBe(false);
      expect(result.items.map((item) => item.id), text).toEqual([id]);
    }
  });
});

describe("facet counts", () => {
  type Terms = Record<string, Record<number, number>>;
  const termsOf = (facets: Facet[]): Terms =>
    Object.fromEntries(facets.filter((f) => f.type !== "stats").map((f) => [f.key, "values" in f ? Object.fromEntries(f.values.map((v) => [v.id, v.count])) : {}]));

  it("count each group with every filter but its own, exactly as SQL counts them", async () => {
    const all = termsOf((await searchListing(base)).facets);
    const brands = Object.keys(all.manufacturer!).slice(0, 2).map(Number);
    // A field the first brand's products have.
    const ofBrand = termsOf((await searchListing({ ...base, filters: parseFilters(new URLSearchParams(`f.manufacturer=${brands[0]}`)) })).facets);
    const fieldKey = Object.keys(ofBrand).find((k) => k.startsWith("additional_field_"))!;
    const fieldId = Number(fieldKey.slice("additional_field_".length));
    const option = Number(Object.keys(ofBrand[fieldKey]!)[0]);
    const filters = parseFilters(
      new URLSearchParams(`f.manufacturer=${brands[0]}&f.manufacturer=${brands[1]}&f.${fieldKey}=${option}&f.current_price.lte=400`),
    );
    const result = await searchListing({ ...base, filters });

    const brand = sql`p.manufacturer_id = any(${brands}::int[])`;
    const field = sql`exists (select 1 from product_additional_values v where v.product_id = p.id and v.field_id = ${fieldId} and v.option_id = ${option})`;
    const price = sql`p.price_minor <= 40000`;
    expect(result.total).toBe(await count(sql`${brand} and ${field} and ${price}`));

    const counts = termsOf(result.facets);
    const grouped = async (query: ReturnType<typeof sql>) =>
      Object.fromEntries((await sql<{ id: number; n: number }>`${query}`.execute(db())).rows.map((r) => [r.id, r.n]));
    // Every brand the other filters leave is listed, not only the chosen ones.
    expect(counts.manufacturer).toEqual(
      await grouped(sql`select p.manufacturer_id as id, count(*)::int as n from products p where p.is_active and ${field} and ${price} group by 1`),
    );
    expect(counts[fieldKey]).toEqual(
      await grouped(sql`
        select v.option_id as id, count(*)::int as n from products p join product_additional_values v on v.product_id = p.id
        where p.is_active and v.field_id = ${fieldId} and ${brand} and ${price} group by 1`),
    );
    for (const [id, n] of Object.entries(counts.flag_ids ?? {})) {
      const flagged = sql`exists (select 1 from product_flags f where f.product_id = p.id and f.flag_id = ${Number(id)})`;
      expect(n, `flag ${id}`).toBe(await count(sql`${brand} and ${field} and ${price} and ${flagged}`));
    }
    // The price range shown is the one the other filters leave.
    const { rows } = await sql<{ min: number; max: number }>`
      select min(p.price_minor)::int as min, max(p.price_minor)::int as max from products p where p.is_active and ${brand} and ${field}`.execute(db());
    expect(result.facets.find((f) => f.key === "current_price")).toMatchObject({ min: rows[0]!.min, max: rows[0]!.max });
  });

  it("follow the catalogue when it changes", async () => {
    const before = await searchListing(base);
    const { rows } = await sql<{ id: number }>`select id from products where is_active order by id desc limit 1`.execute(db());
    const id = Number(rows[0]!.id);
    await sql`update products set price_minor = 1, original_price_minor = greatest(original_price_minor, 1) where id = ${id}`.execute(db());
    await freshCatalogueIndex();
    expect((await searchListing({ ...base, sort: "price_asc" })).items[0]!.id).toBe(id);

    await sql`update products set is_active = false where id = ${id}`.execute(db());
    await freshCatalogueIndex();
    const after = await searchListing(base);
    expect(after.total).toBe(before.total - 1);
    expect((await searchListing({ ...base, sort: "price_asc" })).items[0]!.id).not.toBe(id);
  });

  it("get a new catalogue version only from a change of facet labels, never from a product's", async () => {
    const version = async () => (await sql<{ v: string }>`select version::text as v from catalogue_state`.execute(db())).rows[0]!.v;
    const { rows } = await sql<{ id: number }>`select id from products where is_active order by id limit 1`.execute(db());
    const id = Number(rows[0]!.id);
    const first = await version();
    // Stock and pictures are read with the page's cards, never from the index.
    await sql`update products set stock = stock + 1, image = image where id = ${id}`.execute(db());
    // Orders raise paid amounts, which reach the best-seller order in batches (below).
    await sql`update products set paid_amount = paid_amount + 1 where id = ${id}`.execute(db());
    // What listings show is applied in place (catalogue-changes.test.ts).
    await sql`update products set arrived_at = arrived_at - interval '1 day' where id = ${id}`.execute(db());
    expect(await version()).toBe(first);
    // The index holds no words: rewritten postings name a new search version instead, so words matched from the old ones are dropped.
    const words = await searchVersion();
    await refreshSearchIndex();
    expect(await version()).toBe(first);
    expect(await searchVersion()).not.toBe(words);
    await sql`update flag_translations set name = name || '!' where flag_id = (select min(flag_id) from flag_translations)`.execute(db());
    expect(await version()).not.toBe(first);
  });
});

describe("best sellers", () => {
  it("follow orders in a batch a listing sets off every few minutes, with no new catalogue version and no rebuild", async () => {
    const before = await freshCatalogueIndex();
    const { rows } = await sql<{ id: number; paid: number }>`
      select id, paid_amount as paid from products where is_active order by paid_amount, id limit 1`.execute(db());
    const { id, paid } = { id: Number(rows[0]!.id), paid: rows[0]!.paid };
    expect((await searchListing(base)).items.map((item) => item.id)).not.toContain(id);
    const customer = await makeCustomer();
    const top = await sql<{ paid: number }>`select max(paid_amount) as paid from products`.execute(db());
    const quantity = top.rows[0]!.paid - paid + 1;
    // As placing an order does: its line, and the product's paid amount raised in the same transaction.
    await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true, lines: [{ name: "Best seller", quantity, price: 100, productId: id }] }]);
    await sql`update products set paid_amount = paid_amount + ${quantity} where id = ${id}`.execute(db());

    expect(await freshCatalogueIndex()).toBe(before);
    // Two minutes on, the next listing sets off the batch, and a later one shows it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 3 * 60_000);
      await searchListing(base);
      await vi.waitFor(async () => expect((await searchListing(base)).items[0]!.id).toBe(id), { timeout: 10_000 });
    } finally {
      vi.useRealTimers();
    }
    const after = await freshCatalogueIndex();
    expect(after).not.toBe(before);
    expect(after.version).toBe(before.version);
    expect((await searchListing(base)).items[0]!.id).toBe(id);
    // Relevance breaks ties by paid amount too.
    expect(after.ids[after.orders.relevance[0]!]).toBe(id);
  });
});

describe("the search API's items (spec 3)", () => {
  it("name a product's image, sku, name, manufacturer, category, price, variant, quantity and index", async () => {
    const { rows } = await sql<{ id: number; sku: string; image: string; name: string; manufacturer: string; category: string; category_id: number; manufacturer_id: number; price_minor: number }>`
      select p.id, p.sku, p.image, pt.name, m.name as manufacturer, ct.name as category, p.category_id, p.manufacturer_id, p.price_minor
      from products p
      join product_translations pt on pt.product_id = p.id and pt.language_id = (select id from languages where iso_code = 'lt')
      join manufacturers m on m.id = p.manufacturer_id
      join category_translations ct on ct.category_id = p.category_id and ct.language_id = pt.language_id
      where p.is_active order by p.id limit 1`.execute(db());
    const product = rows[0]!;
    const call = async (offset: number) => {
      const request = new Request("http://localhost/api/search/searchForCategoryItems", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ locale: "lt", categoryId: product.category_id, params: { manufacturer: [product.manufacturer_id] }, limit: 48, offset, sort: "price_asc" }),
      });
      const response = (await searchItemsCall({ request, params: {}, context: {} })) as Response;
      expect(response.status).toBe(200);
      return (await response.json()) as { items: Record<string, unknown>[]; total: number };
    };
    const { items } = await call(0);
    const position = items.findIndex((item) => item.id === product.id);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(items[position]).toMatchObject({
      image: product.image,
      sku: product.sku,
      name: product.name,
      manufacturer: product.manufacturer,
      category: product.category,
      price: `${Math.trunc(product.price_minor / 100)}.${String(product.price_minor % 100).padStart(2, "0")}`,
      variant: null,
      quantity: 1,
      index: position,
    });
    // The index counts from the start of the whole listing, not of the window.
    expect(items.length).toBeGreaterThan(1);
    expect((await call(1)).items[0]).toMatchObject({ id: items[1]!.id, index: 1 });
  });
});
