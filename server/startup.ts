import { env } from "../app/platform/env.server";
import { logger } from "../app/platform/logger.server";
import { freshCatalogueIndex } from "../app/models/catalogue/catalogue-index.server";
import { fillEmptySearchIndex } from "../app/models/search/text-match.server";
import { closeDatabase, db, describeDatabase, migrate } from "../app/models/db/db.server";
import { measureEventLoopFromNow } from "../app/web/health.server";
import { seedDemoData } from "../app/models/demo-data/index.server";
import { applyDemoTagIds } from "../app/models/marketing/demo-tags.server";
import { applySiteUrls, configuredSiteUrls } from "../app/models/sites/site-urls.server";
import type { StartingProgress } from "./starting";

/**
 * Runs before the server listens: the schema is brought up to date, and an
 * empty embedded database is filled with the demo catalogue so that a fresh
 * checkout shows a living shop. Search postings a migration emptied are
 * written again, and the catalogue index is built, before the first shopper
 * asks for a listing.
 */
export async function prepareDatabase(progress: Pick<StartingProgress, "step">) {
  const { DATABASE_URL, SEED_ON_START, SEED_PRODUCTS, DEMO_TAG_IDS, SITE_URLS, PUBLIC_URL } = env();
  progress.step("checking the database's migrations");
  const applied = await migrate(db(), (done, pending, name) => progress.step(`migrating ${done} of ${pending}: ${name}`));
  if (applied.length) logger.info({ migrations: applied }, "Applied migrations");

  const isEmpty = !(await db().selectFrom("products").select("id").limit(1).executeTakeFirst());
  const wantsSeed =
    SEED_ON_START === "always" ||
    (SEED_ON_START === "auto" && isEmpty && describeDatabase(DATABASE_URL).kind === "embedded");
  if (wantsSeed) {
    const started = performance.now();
    progress.step(`seeding the demo data (${SEED_PRODUCTS} products)`);
    await seedDemoData(db(), { products: SEED_PRODUCTS, seed: 1, log: (done) => progress.step(`seeding the demo data: ${done}`) });
    logger.info({ products: SEED_PRODUCTS, ms: Math.round(performance.now() - started) }, "Seeded demo data");
    if (DEMO_TAG_IDS) await applyDemoTagIds(db(), DEMO_TAG_IDS);
    // Seeding grows the embedded database's WebAssembly memory to several
    // hundred megabytes, and such memory never shrinks: opened again, the
    // database starts from its small start (decision 048). In memory it
    // cannot be: it would be opened empty.
    const where = describeDatabase(DATABASE_URL);
    if (where.kind === "embedded" && where.dir) await closeDatabase();
  }

  // After the seed, which keeps the sites' rows: the deployment's addresses win.
  const moved = await applySiteUrls(db(), configuredSiteUrls(SITE_URLS, PUBLIC_URL));
  if (moved.length) logger.info({ sites: moved }, "Site addresses set from SITE_URLS");

  progress.step("writing search postings");
  const writing = performance.now();
  if (await fillEmptySearchIndex()) logger.info({ ms: Math.round(performance.now() - writing) }, "Search postings written");

  progress.step("building the catalogue index");
  const started = performance.now();
  const index = await freshCatalogueIndex();
  logger.info({ products: index.size, ms: Math.round(performance.now() - started) }, "Catalogue index built");
  measureEventLoopFromNow();
}
