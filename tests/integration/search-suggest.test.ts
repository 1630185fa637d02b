import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultSort } from "~/models/catalogue/listing";
import type { Locale } from "~/lib/i18n";
import { convert, formatMoney } from "~/lib/money";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { searchListing, searchSuggestions, type ListingQuery } from "~/models/search/search.server";
import { loader } from "~/routes/api/search/suggest";
import type { SuggestAnswer } from "~/web/search/suggest-answer";

const LANGUAGE_IDS = { en: 1, lt: 2 } as const;

beforeAll(async () => {
  await seedDemoData(db(), { products: 400, seed: 7 });
});

/** A long word of an active product's name in the language, not its brand's (brands read the same in every language). */
async function aWord(locale: keyof typeof LANGUAGE_IDS) {
  const { rows } = await sql<{ name: string; brand: string }>`
    select pt.name, m.name as brand from product_translations pt
    join products p on p.id = pt.product_id join manufacturers m on m.id = p.manufacturer_id
    where pt.language_id = ${LANGUAGE_IDS[locale]} and p.is_active order by p.id limit 50`.execute(db());
  for (const { name, brand } of rows) {
    const word = name.slice(brand.length).split(" ").find((w) => w.length >= 7 && /^\p{L}+$/u.test(w));
    if (word) return word;
  }
  throw new Error(`No long word in the ${locale} names`);
}

/** The results page for the same text, as /search?q= runs it. */
function resultsPage(locale: Locale, text: string, scope: Partial<ListingQuery> = {}) {
  return searchListing({
    locale,
    categoryIds: null,
    listingType: null,
    text,
    filters: { terms: {}, stats: {} },
    sort: defaultSort(text, null),
    page: 1,
    rate: "1",
    ...scope,
  });
}

async function expectAgreement(locale: Locale, text: string) {
  const [suggested, page] = await Promise.all([searchSuggestions(locale, text), resultsPage(locale, text)]);
  expect(suggested.items.map((i) => i.id), text).toEqual(page.items.slice(0, 6).map((i) => i.id));
  expect(suggested.total, text).toBe(page.total);
  expect(suggested.similar, text).toBe(page.similar);
  return suggested;
}

describe("search suggestions", () => {
  for (const locale of ["en", "lt"] as const) {
    it(`find a product by a prefix and despite a typo in ${locale}, as the results page does`, async () => {
      const word = await aWord(locale);
      const lower = word.toLowerCase();
      const prefix = lower.slice(0, 4);
      const cases = [
        { text: prefix, found: prefix },
        { text: lower.slice(0, 3) + lower.slice(4), found: lower },
        { text: lower.toUpperCase(), found: lower },
      ];
      for (const { text, found } of cases) {
        const suggested = await expectAgreement(locale, text);
        expect(suggested.total, text).toBeGreaterThan(0);
        expect(suggested.similar, text).toBe(false);
        expect(suggested.items.length, text).toBeGreaterThan(0);
        expect(suggested.items.length, text).toBeLessThanOrEqual(6);
        expect(suggested.items.map((i) => i.name.toLowerCase()).join(" | "), text).toContain(found);
      }
    });
  }

  it("suggest the categories holding most matches, each counted as its listing counts", async () => {
    const word = await aWord("en");
    const text = word.slice(0, 4);
    const suggested = await searchSuggestions("en", text);
    expect(suggested.categories.length).toBeGreaterThan(0);
    expect(suggested.categories.length).toBeLessThanOrEqual(3);
    const counts = suggested.categories.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const top = suggested.categories[0]!;
    const listing = await resultsPage("en", text, { categoryIds: [top.id] });
    expect(listing.total).toBe(top.count);
    const every = await searchSuggestions("en", text, { items: 6, categories: 1000 });
    expect(every.categories.reduce((sum, c) => sum + c.count, 0)).toBe(suggested.total);
  });

  it("fall back to any word as the results page does, and find nothing for nonsense", async () => {
    const word = await aWord("en");
    const similar = await expectAgreement("en", `qqxzv ${word}`);
    expect(similar.similar).toBe(true);
    expect(await expectAgreement("en", "qqxzvw")).toEqual({ items: [], categories: [], total: 0, similar: false });
  });

  it("ask nothing of the database below two letters", async () => {
    for (const text of ["", "a", " ! ", "é"]) {
      expect(await searchSuggestions("en", text)).toEqual({ items: [], categories: [], total: 0, similar: false });
    }
  });
});

describe("GET /api/search/suggest", () => {
  async function get(query: string) {
    const response = (await loader({ request: new Request(`http://localhost/api/search/suggest?${query}`), params: {}, context: {} })) as Response;
    return { response, body: (await response.json()) as SuggestAnswer & { status?: boolean } };
  }

  it("answers products with their links, small pictures and EUR prices, categories, and the total, for a minute", async () => {
    const word = await aWord("lt");
    const q = ` ${word.slice(0, 5)} `;
    const { response, body } = await get(new URLSearchParams({ q, locale: "lt" }).toString());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=60");
    const suggested = await searchSuggestions("lt", q);
    expect(body.total).toBe(suggested.total);
    expect(body.items.map((i) => i.id)).toEqual(suggested.items.map((i) => i.id));
    const [first] = body.items;
    expect(first!.url).toMatch(/^\/lt\/p\/[a-z0-9-]+$/);
    expect(first!.image).toMatch(/^\/img\/suggestion\/48\/media\/.+$/);
    expect(first!.imageSrcSet).toBe(`${first!.image.replace("/48/", "/48x2/")} 2x`);
    expect(Number.isInteger(first!.priceMinor)).toBe(true);
    expect(first!.price).toBe(formatMoney(first!.priceMinor, "EUR", "lt"));
    expect(body.categories[0]!.url).toBe(`/lt/c/${await categoryPath(body.categories[0]!.id)}?${new URLSearchParams({ q: word.slice(0, 5) })}`);
    expect(body.searchUrl).toBe(`/lt/search?${new URLSearchParams({ q: word.slice(0, 5) })}`);
  });

  it("formats prices in the currency asked for", async () => {
    const word = await aWord("en");
    const { body } = await get(new URLSearchParams({ q: word, locale: "en", currency: "USD" }).toString());
    const [first] = body.items;
    expect(first!.price).toBe(formatMoney(convert(first!.priceMinor, "1.08"), "USD", "en"));
  });

  it("answers empty lists for a query too short, and 400 for an unknown language", async () => {
    const { body } = await get("q=a&locale=en");
    expect(body).toMatchObject({ total: 0, items: [], categories: [] });
    const bad = await get("q=shoes&locale=xx");
    expect(bad.response.status).toBe(400);
    expect(bad.body.status).toBe(false);
  });
});

async function categoryPath(id: number) {
  const { rows } = await sql<{ path: string }>`select path from categories where id = ${id}`.execute(db());
  return rows[0]!.path;
}
