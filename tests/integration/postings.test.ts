import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db, migrate } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { searchListing } from "~/models/search/search.server";
import { fillEmptySearchIndex } from "~/models/search/text-match.server";
import { listingQuery } from "./factories";

// Decision 036: migration 0010 empties the postings 0009 wrote, and the
// server's start-up writes them again from the products, so that no copy of
// today's writer lives in an old migration.

/** Every posting, its ids as base64: what the search reads. */
const postings = async () =>
  (
    await sql<{ language_id: number; word: string; in_name: boolean; ids: string }>`
      select language_id, word, in_name, encode(product_ids, 'base64') as ids from search_postings order by 1, 2, 3`.execute(db())
  ).rows;

const found = async (text: string) => (await searchListing(listingQuery({ locale: "lt", sort: "relevance", text }))).items.map((item) => item.id);

let words: string[];

beforeAll(async () => {
  await seedDemoData(db(), { products: 80, seed: 7 });
  const { rows } = await sql<{ name: string }>`
    select pt.name from product_translations pt join languages l on l.id = pt.language_id
    where l.iso_code = 'lt' order by pt.product_id limit 5`.execute(db());
  words = rows.map((row) => row.name.split(/\s+/)[0]!.toLowerCase());
});

describe("migration 0010 and the start-up after it", () => {
  it("on a database that had not run 0010, ends with the postings and search results a fresh database has", async () => {
    const built = await postings();
    const results = await Promise.all(words.map(found));
    expect(built.length).toBeGreaterThan(0);
    expect(results.every((ids) => ids.length > 0)).toBe(true);

    // The postings as 0009 left them: 4-byte ids in whatever order PostgreSQL aggregated them.
    await sql`
      delete from search_postings;
      insert into search_postings (language_id, word, in_name, product_ids)
      select pt.language_id, ltrim(w.lexeme, '-'), 'A' = any(w.weights), string_agg(int4send(pt.product_id::int), ''::bytea)
      from product_translations pt cross join lateral unnest(pt.search_vector) as w
      where ltrim(w.lexeme, '-') <> ''
      group by 1, 2, 3;
      delete from kysely_migration where name = '0010-compact-postings';`.execute(db());

    expect(await migrate()).toEqual(["0010-compact-postings"]);
    expect(await postings()).toEqual([]);

    expect(await fillEmptySearchIndex()).toBe(true);
    expect(await postings()).toEqual(built);
    expect(await Promise.all(words.map(found))).toEqual(results);
  });

  it("start-up leaves postings alone when there are some, and writes none for a shop without products", async () => {
    const before = await postings();
    expect(await fillEmptySearchIndex()).toBe(false);
    expect(await postings()).toEqual(before);

    await sql`delete from search_postings`.execute(db());
    const trx = await db().startTransaction().execute();
    try {
      await sql`delete from product_translations`.execute(trx);
      expect(await fillEmptySearchIndex(trx)).toBe(false);
    } finally {
      await trx.rollback().execute();
    }
    expect(await fillEmptySearchIndex()).toBe(true);
    expect(await postings()).toEqual(before);
  });
});
