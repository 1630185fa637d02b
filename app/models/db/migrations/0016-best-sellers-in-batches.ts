import { sql, type Kysely } from "kysely";

// Every order raises its products' paid amounts. Were that a new catalogue
// version, every order would rebuild every app server's index; instead each
// server folds the amounts of recent orders into its best-seller order every
// few minutes (catalogue-index.server.ts, decision 014), finding them by the
// orders' creation time.
export async function up(db: Kysely<unknown>) {
  await sql`
    drop trigger products_catalogue_version_columns on products;
    create trigger products_catalogue_version_columns
      after update of category_id, listing_type, manufacturer_id, price_minor, original_price_minor, arrived_at, is_active
      on products
      for each statement execute function bump_catalogue_version();
    create index orders_created_at on orders (created_at);
  `.execute(db);
}
