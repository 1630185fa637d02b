import { sql, type Kysely } from "kysely";

// A product's words in a language change with its name or description; the
// postings then change for that product only (search-edits.server.ts). Each
// change waits in search_edits with the words before and after, in the
// order it was made, until an app server applies it, within a second. A
// bulk writer that rewrites every posting afterwards (the demo seed) sets
// storefront.bulk_load and queues nothing.
//
// Postings and translations no longer give the catalogue a new version
// (0008, 0011): the listing index holds no words, and every server would
// rebuild it for nothing.
// search_state.version names the postings instead, for the caches of
// matched words.
export async function up(db: Kysely<unknown>) {
  await sql`
    create table search_edits (
      id bigserial primary key,
      product_id bigint not null,
      language_id smallint not null,
      old_vector tsvector not null,
      new_vector tsvector not null
    );

    create function queue_search_edit() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.product_id = new.product_id and old.language_id = new.language_id then
        if old.search_vector is distinct from new.search_vector then
          insert into search_edits (product_id, language_id, old_vector, new_vector)
          values (new.product_id, new.language_id, old.search_vector, new.search_vector);
        end if;
        return null;
      end if;
      -- A removed translation, or one moved to another product or language: out of the old lists, into the new.
      if tg_op <> 'INSERT' then
        insert into search_edits (product_id, language_id, old_vector, new_vector)
        values (old.product_id, old.language_id, old.search_vector, ''::tsvector);
      end if;
      if tg_op <> 'DELETE' then
        insert into search_edits (product_id, language_id, old_vector, new_vector)
        values (new.product_id, new.language_id, ''::tsvector, new.search_vector);
      end if;
      return null;
    end $$;
    create trigger product_translations_search_edits
      after insert or update or delete on product_translations
      for each row when (current_setting('storefront.bulk_load', true) is distinct from 'on')
      execute function queue_search_edit();

    create table search_state (
      only_row boolean primary key default true check (only_row),
      version bigint not null default 1
    );
    insert into search_state default values;
    create function bump_search_version() returns trigger language plpgsql as $$
    begin
      update search_state set version = version + 1;
      return null;
    end $$;
    drop trigger search_postings_catalogue_version on search_postings;
    drop trigger product_translations_catalogue_version on product_translations;
    create trigger search_postings_version
      after insert or update or delete or truncate on search_postings
      for each statement execute function bump_search_version();
  `.execute(db);
}
