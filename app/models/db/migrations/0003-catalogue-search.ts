import { sql, type Kysely } from "kysely";

// Search and listings (docs/decisions/005-search.md): full-text search with
// prefix matching per language, a word list for typos, and indexes for
// the listing's filters and sort orders.
export async function up(db: Kysely<unknown>) {
  await sql`
    create extension if not exists pg_trgm;
    create extension if not exists unaccent;

    -- unaccent() is only "stable"; indexes and generated columns need an
    -- immutable function, and this dictionary never changes under us.
    create or replace function sf_unaccent(text) returns text
      language sql immutable parallel safe strict
      as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;

    -- Words without diacritics or case: "ausines" finds "Ausinės".
    alter table product_translations add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', sf_unaccent(lower(name))), 'A') ||
      setweight(to_tsvector('simple', sf_unaccent(lower(description))), 'D')
    ) stored;
    create index product_translations_search on product_translations using gin (search_vector);

    -- Every word of the product names per language: a misspelt search word is
    -- matched to its nearest real words by trigram similarity, which works far
    -- better on single words than on whole names. Refreshed with the catalogue.
    create table search_words (
      language_id smallint not null references languages,
      word text not null,
      primary key (language_id, word)
    );
    create index search_words_trgm on search_words using gin (word gin_trgm_ops);

    -- Listings filter by type and category and sort by these columns.
    create index products_listing on products (category_id, listing_type)
      include (price_minor, discount_percentage, paid_amount, arrived_at, manufacturer_id) where is_active;
    create index products_best_sellers on products (paid_amount desc, id desc) where is_active;
    create index products_new_arrivals on products (arrived_at desc, id desc) where is_active;
    create index products_price on products (price_minor, id) where is_active;
    create index product_additional_values_field on product_additional_values (field_id, option_id, product_id);
  `.execute(db);
}
