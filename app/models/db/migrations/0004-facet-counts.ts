import { sql, type Kysely } from "kysely";

// Whole-catalogue facet counts, precomputed: an unfiltered listing (the
// marketplace, a category page as first opened) would otherwise count the
// whole catalogue on every request. One row per scope (category, including
// everything below it, or 0 for all; listing type or '' for both), facet and
// value. Rebuilt with the catalogue (refreshFacetCounts).
export async function up(db: Kysely<unknown>) {
  await sql`
    create table facet_counts (
      category_id integer not null,
      listing_type text not null,
      facet text not null,
      field_id smallint not null default 0,
      value_id integer not null default 0,
      count integer not null,
      min_value numeric,
      max_value numeric,
      primary key (category_id, listing_type, facet, field_id, value_id)
    );
  `.execute(db);
}
