import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { up as compactPostings } from "~/models/db/migrations/0010-compact-postings";
import { forEachId } from "~/models/search/postings.server";

describe("migration 0010", () => {
  it("rewrites postings of packed 4-byte ids, in any order, as sorted compact ids", async () => {
    // Run on the test's own postings, then rolled back.
    const trx = await db().startTransaction().execute();
    let written: { language_id: number; word: string; in_name: boolean; ids: string }[];
    try {
      await sql`delete from search_postings`.execute(trx);
      // Postings as 0009 wrote them: 4-byte big-endian ids in whatever order PostgreSQL aggregated them.
      await sql`
        insert into search_postings (language_id, word, in_name, product_ids) values
          (1, 'jacket', true, int4send(300) || int4send(5) || int4send(16690) || int4send(306)),
          (1, 'jacket', false, int4send(2147483647)),
          (2, 'striukė', true, ''::bytea)`.execute(trx);
      await compactPostings(trx as unknown as Kysely<unknown>);
      const { rows } = await sql<(typeof written)[number]>`
        select language_id, word, in_name, encode(product_ids, 'base64') as ids from search_postings order by 1, 2, 3`.execute(trx);
      written = rows;
    } finally {
      await trx.rollback().execute();
    }

    const ids = (base64: string) => {
      const found: number[] = [];
      forEachId(Buffer.from(base64, "base64"), (id) => found.push(id));
      return found;
    };
    expect(written.map((row) => [row.language_id, row.word, row.in_name, ids(row.ids)])).toEqual([
      [1, "jacket", false, [2_147_483_647]],
      [1, "jacket", true, [5, 300, 306, 16_690]],
      [2, "striukė", true, []],
    ]);
    // 5, then distances 295, 6 and 16,384: one, two, one and three bytes.
    expect(Buffer.from(written[1]!.ids, "base64").length).toBe(7);
  });
});
