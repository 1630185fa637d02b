import { hashDemoStaffPasswords, insertDemoStaff } from "./staff.server";
import { insertCheckoutData } from "./checkout.server";
import { sql } from "kysely";
import type { DB } from "~/models/db/db.server";
import { hashDemoPasswords, insertAccounts } from "./accounts.server";
import { withoutForeignKeys } from "./bulk-load.server";
import { insertCatalogue } from "./catalogue.server";
import { insertContent } from "./content.server";
import { insertHomeSections } from "./home.server";
import { insertProListings } from "./pro.server";
import { insertDemoShipments } from "./shipments.server";
import { insertTaxonomy } from "./taxonomy.server";
import { insertStores } from "./stores";
import { refreshSearchIndex } from "~/models/search/text-match.server";

export { DEMO_ACCOUNTS } from "./accounts.server";
export { DEMO_STAFF } from "./staff.server";
export { BASE_DATE } from "./reference";

/** Upper bound that keeps SKUs at seven digits (SW-0000001 … SW-9999999). */
export const MAX_DEMO_PRODUCTS = 9_999_999;

export interface SeedOptions {
  products: number;
  seed: number;
  log?: (msg: string) => void;
}

export interface SeedSummary {
  seed: number;
  products: number;
  productTranslations: number;
  productAdditionalValues: number;
  productFlags: number;
  categories: number;
  manufacturers: number;
  flags: number;
  users: number;
  orders: number;
  balanceEntries: number;
  pages: number;
  blogPosts: number;
  faqEntries: number;
}

// Everything the seed writes. The demo owns the whole database, so users,
// orders and sessions go too; CASCADE also empties any later table that
// points at these.
const DEMO_TABLES = [
  "users", "sessions", "delivery_addresses", "password_reset_tokens", "rate_limits", "categories", "category_translations", "manufacturers",
  "additional_fields", "additional_field_translations", "additional_field_options", "additional_field_option_translations",
  "products", "product_translations", "product_additional_values", "flags", "flag_translations", "product_flags",
  "orders", "order_items", "balance_entries",
  "carts", "cart_items", "checkouts", "couriers", "pickup_points", "promotions", "promotion_uses", "payments", "payment_events", "sandbox_payments",
  "pages", "page_translations", "blog_posts", "blog_post_translations", "faq_entries", "faq_translations",
  "home_sections", "notification_strips",
] as const;

const BULK_TABLES = ["products", "product_translations", "product_additional_values", "product_flags"] as const;

export function validateSeedOptions({ products, seed }: Pick<SeedOptions, "products" | "seed">) {
  if (!Number.isSafeInteger(products) || products < 0 || products > MAX_DEMO_PRODUCTS) {
    throw new RangeError(`products must be a whole number from 0 to ${MAX_DEMO_PRODUCTS}, got ${products}`);
  }
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed must be a whole number of 0 or more, got ${seed}`);
  }
}

/**
 * Replaces all data but the reference data (migration 0002) with the demo shop: a
 * catalogue of `products` generated from `seed`, content pages, and the demo
 * accounts. The same seed always gives the same data, on PostgreSQL and on
 * PGlite alike. Runs in one transaction, so a failed seed leaves the old data.
 */
export async function seedDemoData(db: DB, options: SeedOptions): Promise<SeedSummary> {
  validateSeedOptions(options);
  const { products, seed } = options;
  const log = options.log ?? (() => {});
  const [passwordHashes, staffHashes] = await Promise.all([hashDemoPasswords(), hashDemoStaffPasswords()]);

  return db.transaction().execute(async (trx) => {
    await sql`truncate table ${sql.join(DEMO_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(trx);
    const taxonomy = await insertTaxonomy(trx);
    log(`taxonomy: ${taxonomy.categories} categories, ${taxonomy.manufacturers} manufacturers`);

    // The truncation gives the catalogue a new version and every posting is
    // written afresh below: the bulk insert queues neither catalogue changes
    // nor search edits (migrations 0017 and 0018).
    await sql`select set_config('storefront.bulk_load', 'on', true)`.execute(trx);
    const catalogue = await withoutForeignKeys(trx, BULK_TABLES, () => insertCatalogue(trx, { products, seed, log }));
    log("catalogue foreign keys checked");
    await refreshSearchIndex(trx);
    const content = await insertContent(trx);
    await insertCheckoutData(trx);
    await insertStores(trx);
    await insertHomeSections(trx);
    const accounts = await insertAccounts(trx, { seed, products, passwordHashes });
    log(`content and ${accounts.users} demo accounts with ${accounts.orders} orders`);
    const staff = await insertDemoStaff(trx, staffHashes);
    log(`${staff} back-office staff, one per role`);
    const pro = await insertProListings(trx, { seed, products });
    log(`the demo pro seller's ${pro.listings} listings`);
    const shipments = await insertDemoShipments(trx);
    log(`${shipments} shipments with their tracking events`);

    // Fresh statistics for every table the seed filled: PGlite has no
    // autovacuum, and the planner needs true row counts for the small tables too.
    await sql`analyze`.execute(trx);

    return { seed, ...taxonomy, ...catalogue, ...content, ...accounts };
  });
}
