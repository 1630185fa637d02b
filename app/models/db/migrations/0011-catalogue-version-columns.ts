import { sql, type Kysely } from "kysely";

// 0008 gave the catalogue a new version on any write to products, and each
// version rebuilds every app server's index: about 12 s of work at a million
// products. A shop updates stock and pictures far more often than anything a
// listing filters, counts or sorts by, so an update now counts only when it
// touches one of those columns. Rewritten search postings give a new version
// too, so words matched from the old ones are not reused.
export async function up(db: Kysely<unknown>) {
  await sql`
    drop trigger products_catalogue_version on products;
    create trigger products_catalogue_version
      after insert or delete or truncate on products
      for each statement execute function bump_catalogue_version();
    create trigger products_catalogue_version_columns
      after update of category_id, listing_type, manufacturer_id, price_minor, original_price_minor, paid_amount, arrived_at, is_active
      on products
      for each statement execute function bump_catalogue_version();
    create trigger search_postings_catalogue_version
      after insert or update or delete or truncate on search_postings
      for each statement execute function bump_catalogue_version();
  `.execute(db);
}
