import { sql, type Kysely } from "kysely";

// A search looks in one language: with the language inside the GIN index
// (btree_gin), a search reads only that language's entries instead of
// intersecting the word index with a scan of every row of the language.
export async function up(db: Kysely<unknown>) {
  await sql`
    create extension if not exists btree_gin;
    create index product_translations_language_search on product_translations using gin (language_id, search_vector);
    drop index if exists product_translations_search;
  `.execute(db);
}
