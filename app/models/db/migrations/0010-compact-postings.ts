import { sql, type Kysely } from "kysely";

// The postings of 0009 held each product id in 4 bytes. A short prefix such
// as "sh" matches words held by most of a million products, several
// megabytes, and at that size PostgreSQL's encoding and the transfer were most
// of a search's time. The ids are now written compactly (search/postings.server.ts),
// a quarter of the size, and stored uncompressed (EXTERNAL): these bytes do
// not compress, and trying cost time on every read.
//
// The postings are an index of the products' words, so this migration does
// not write the new form: it empties the table, and the server's start-up
// writes every list again from the products, with the search code of its
// day (decision 036). What this migration does never changes with that code.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table search_postings alter column product_ids set storage external;
    delete from search_postings;
  `.execute(db);
}
