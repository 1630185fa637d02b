import { sql, type Kysely } from "kysely";

// Search words map to the products holding them through a postings table
// (docs/decisions/014-listing-index.md): one row per language, word and
// whether the word is in the name, holding the product ids as packed 4-byte
// integers. A common word's few hundred kilobytes are read in one index
// lookup, where the GIN index it replaces led to a heap row per match.
// PostgreSQL reads "2-in-1" as 2, in and -1; the minus is left out, so the
// words a shopper types ("2 in 1") find it.
export async function up(db: Kysely<unknown>) {
  await sql`
    create table search_postings (
      language_id smallint not null references languages,
      word text collate "C" not null,
      in_name boolean not null,
      product_ids bytea not null,
      primary key (language_id, word, in_name)
    );
    insert into search_postings (language_id, word, in_name, product_ids)
    select pt.language_id, ltrim(w.lexeme, '-'), 'A' = any(w.weights), string_agg(int4send(pt.product_id::int), ''::bytea)
    from product_translations pt cross join lateral unnest(pt.search_vector) as w
    where ltrim(w.lexeme, '-') <> ''
    group by 1, 2, 3;

    drop index product_translations_language_search;
  `.execute(db);
}
