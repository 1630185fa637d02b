import { sql, type Kysely } from "kysely";

// The back office's products (docs/back-office.md, issue 29):
// - a product gains a version, raised by every staff save, so an edit made
//   on an old page is refused (the stale-edit rule); an order taking stock
//   leaves it alone, so a sale never makes a staff member's form stale;
// - each picture's alternative text per language, keyed by the picture's
//   address ({"/media/listings/…png": {"en": "…", "lt": "…"}}): pictures are
//   an array of addresses already, and a text goes with its picture when
//   the pictures are reordered;
// - the staff search's indexes: a SKU's start in any case, and the few
//   inactive products walked newest first without reading the active ones.
//   Names are found through product_translations_language_search (0005),
//   brands and categories through their small tables, and every list is
//   ordered by the primary key.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table products add column version integer not null default 1;
    alter table products add column image_alts jsonb not null default '{}'::jsonb;
    create index products_sku_pattern on products (lower(sku) text_pattern_ops);
    create index products_inactive on products (id) where not is_active;
  `.execute(db);
}
