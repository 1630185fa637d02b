import { sql, type Kysely } from "kysely";
import { replacePostings } from "~/models/search/postings.server";

// The postings of 0009 held each product id in 4 bytes. A short prefix such
// as "sh" matches words held by most of a million products, several
// megabytes, and at that size PostgreSQL's encoding and the transfer were most
// of a search's time. The ids are now written compactly (postings.server.ts),
// a quarter of the size, and stored uncompressed (EXTERNAL): these bytes do
// not compress, and trying cost time on every read.
export async function up(db: Kysely<unknown>) {
  await sql`alter table search_postings alter column product_ids set storage external`.execute(db);
  await replacePostings(db, sql`select language_id, word, in_name, product_ids from search_postings`);
}
