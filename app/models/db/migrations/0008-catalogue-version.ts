import { sql, type Kysely } from "kysely";

// Listings run over an index of the catalogue each app server keeps in memory
// (docs/decisions/014-listing-index.md). It is rebuilt when the catalogue's
// version changes: every statement that writes a table the index or its
// facet labels read gives the catalogue a new version, whoever runs it (the
// seed, an operator's tool, a future back office), so no writer can forget.
// The precomputed facet counts of 0004 are no longer read.
export async function up(db: Kysely<unknown>) {
  await sql`
    create table catalogue_state (
      id boolean primary key default true check (id),
      version uuid not null default gen_random_uuid()
    );
    insert into catalogue_state default values;

    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update catalogue_state set version = gen_random_uuid();
      return null;
    end $$;

    drop table facet_counts;
  `.execute(db);
  for (const table of [
    "products",
    "product_translations",
    "product_additional_values",
    "product_flags",
    "manufacturers",
    "additional_field_translations",
    "additional_field_options",
    "additional_field_option_translations",
    "flag_translations",
  ]) {
    await sql`
      create trigger ${sql.id(`${table}_catalogue_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_catalogue_version()`.execute(db);
  }
}
