import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { applySearchEdits, followSearchEdits } from "~/models/search/search-edits.server";
import { searchListing, type ListingQuery } from "~/models/search/search.server";
import { listingQuery } from "./factories";
import { searchVersion } from "~/models/search/text-match.server";

// Issue 13, point 2: an edited name or description is found by its new
// words and no longer by its old ones once the edit is applied (every
// second on each server), by rewriting only that product's word lists.

const lt = listingQuery({ locale: "lt", sort: "relevance" });

/** The products a search lists, best first (a close word's matches among them). */
const found = async (text: string, locale: ListingQuery["locale"] = "lt") => (await searchListing({ ...lt, locale, text })).items.map((item) => item.id);

const catalogueVersion = async () => (await sql<{ v: string }>`select version::text as v from catalogue_state`.execute(db())).rows[0]!.v;
const waiting = async () => (await sql<{ n: number }>`select count(*)::int as n from search_edits`.execute(db())).rows[0]!.n;

async function rename(id: number, name: string, language = "lt") {
  await sql`
    update product_translations set name = ${name}
    where product_id = ${id} and language_id = (select id from languages where iso_code = ${language})`.execute(db());
}

let ids: number[];

beforeAll(async () => {
  await seedDemoData(db(), { products: 200, seed: 11 });
  const { rows } = await sql<{ id: number }>`select id from products where is_active order by id limit 3`.execute(db());
  ids = rows.map((row) => Number(row.id));
});

describe("search follows edits", () => {
  it("finds a renamed product by its new words and not its old ones, with no new catalogue version", async () => {
    const [id] = ids;
    const index = await freshCatalogueIndex();
    const before = await catalogueVersion();
    expect(await waiting()).toBe(0);

    await rename(id!, "Qorvexa Lumitron");
    expect(await waiting()).toBe(1);
    expect(await found("lumitron")).not.toContain(id);
    const words = await searchVersion();
    expect(await applySearchEdits()).toBe(1);
    expect(await waiting()).toBe(0);
    expect(await searchVersion()).not.toBe(words);
    expect(await found("lumitron")).toContain(id);
    expect(await found("qorvexa lumitron")).toEqual([id]);

    // Asked before the word exists, a misspelling finds no close word; that answer is not kept past the edit.
    expect(await found("brisolni")).not.toContain(id);
    await rename(id!, "Qorvexa Brisolin");
    await applySearchEdits();
    expect(await found("lumitron")).not.toContain(id);
    expect(await found("brisolin")).toContain(id);
    // The new name's words are what misspellings are matched against, too.
    expect(await found("brisolni")).toContain(id);
    // Only the Lithuanian words changed.
    expect(await found("brisolin", "en")).not.toContain(id);

    // The listing index holds no words: it is neither rebuilt nor given a new version.
    expect(await catalogueVersion()).toBe(before);
    expect(await freshCatalogueIndex()).toBe(index);
  });

  it("follows a description, and several edits made before one is applied end as the last", async () => {
    const [, id] = ids;
    await sql`
      update product_translations set description = 'Atsparus vandeniui zefyrinis apsiaustas'
      where product_id = ${id} and language_id = (select id from languages where iso_code = 'lt')`.execute(db());
    await rename(id!, "Tarpinis Vardas");
    await rename(id!, "Galutinis Pavadinimas Dravonix");
    expect(await applySearchEdits()).toBe(3);
    expect(await found("zefyrinis")).toContain(id);
    expect(await found("dravonix")).toContain(id);
    expect(await found("tarpinis")).not.toContain(id);
    // A name word outweighs a description word: the renamed product comes first for its name.
    expect(await found("galutinis pavadinimas")).toContain(id);
  });

  it("drops a removed translation's words and takes a new one's", async () => {
    const [, , id] = ids;
    await rename(id!, "Vienkartinis Solvarenis");
    await applySearchEdits();
    expect(await found("solvarenis")).toContain(id);
    const { rows } = await sql<{ description: string }>`
      delete from product_translations where product_id = ${id} and language_id = (select id from languages where iso_code = 'lt')
      returning description`.execute(db());
    await applySearchEdits();
    expect(await found("solvarenis")).not.toContain(id);
    await sql`
      insert into product_translations (product_id, language_id, name, description)
      values (${id}, (select id from languages where iso_code = 'lt'), 'Sugrizes Solvarenis', ${rows[0]!.description})`.execute(db());
    await applySearchEdits();
    expect(await found("sugrizes solvarenis")).toEqual([id]);
  });

  it("rewrites only the lists of the words that changed", async () => {
    const [id] = ids;
    const lists = async () => {
      const { rows } = await sql<{ key: string; ids: string }>`
        select word || ' ' || in_name as key, encode(product_ids, 'base64') as ids from search_postings
        where language_id = (select id from languages where iso_code = 'lt')`.execute(db());
      return new Map(rows.map((row) => [row.key, row.ids]));
    };
    const before = await lists();
    await rename(id!, "Qorvexa Brisolin Naujas");
    await applySearchEdits();
    const after = await lists();
    const changed = [...after].filter(([key, list]) => before.get(key) !== list).map(([key]) => key);
    expect(changed).toEqual(["naujas true"]);
    expect([...before.keys()].filter((key) => !after.has(key))).toEqual([]);
  });

  it("applies each edit once when servers race for them", async () => {
    const [id] = ids;
    await rename(id!, "Lenktyniu Ozelotas");
    const applied = await Promise.all([applySearchEdits(), applySearchEdits(), applySearchEdits()]);
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await found("ozelotas")).toContain(id);
    expect(await found("qorvexa")).not.toContain(id);
  });

  it("are applied by the loop every server runs, without anyone asking", async () => {
    const [id] = ids;
    const errors: unknown[] = [];
    const stop = followSearchEdits((err) => errors.push(err), 50);
    try {
      await rename(id!, "Savaiminis Kvarcitas");
      await expect.poll(() => found("kvarcitas"), { timeout: 5_000 }).toContain(id);
      expect(await waiting()).toBe(0);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });
});
