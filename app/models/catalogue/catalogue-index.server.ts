import { sql } from "kysely";
import { catalogueIndexBuilder, withPaidAmounts, type CatalogueIndex, type FacetLabels } from "./catalogue-index";
import { logger } from "~/platform/logger.server";
import { singleton } from "~/lib/singleton.server";
import { db, type DB } from "~/models/db/db.server";

// Each app server keeps its own index of the catalogue's listing columns in
// memory (docs/decisions/014-listing-index.md). It is derived data: any
// server can rebuild it from the database, so it is a cache, not state.
// Every listing asks the database for the catalogue's version (one tiny row);
// a new version builds a new index while the old one goes on serving.

/** Products read per statement while building. */
const CHUNK = 5_000;
/** How often a server folds recent orders' paid amounts into its best-seller order. */
const SALES_BATCH_MS = 2 * 60_000;
/**
 * How far back each fold looks before the last one (or the build): an order
 * committed after a fold may carry a creation time from before it. The
 * amounts read are totals, so reading an order twice changes nothing.
 */
const SALES_OVERLAP_MS = 60_000;

type Row = {
  id: number;
  category_id: number;
  listing_type: string;
  manufacturer_id: number | null;
  price_minor: number;
  original_price_minor: number;
  discount_percentage: number;
  paid_amount: number;
  arrived_at: number;
  option_ids: number[];
  flag_ids: number[];
};

async function readVersion(database: DB) {
  const { rows } = await sql<{ version: string }>`select version::text from catalogue_state`.execute(database);
  return rows[0]?.version ?? "";
}

/** Reads the catalogue as one consistent snapshot and builds its index. */
export async function loadCatalogueIndex(database: DB = db()): Promise<CatalogueIndex> {
  return database.transaction().setIsolationLevel("repeatable read").execute(async (trx) => {
    const version = await readVersion(trx);
    const builder = catalogueIndexBuilder();
    for (let after = 0; ; ) {
      const { rows } = await sql<Row>`
        select p.id, p.category_id, p.listing_type, p.manufacturer_id, p.price_minor, p.original_price_minor,
               p.discount_percentage, p.paid_amount, (extract(epoch from p.arrived_at) * 1000)::float8 as arrived_at,
               array(select v.option_id from product_additional_values v where v.product_id = p.id) as option_ids,
               array(select f.flag_id from product_flags f where f.product_id = p.id) as flag_ids
        from products p
        where p.is_active and p.id > ${after}
        order by p.id
        limit ${CHUNK}`.execute(trx);
      for (const row of rows) {
        builder.add({
          id: Number(row.id),
          categoryId: row.category_id,
          offer: row.listing_type === "o",
          manufacturerId: row.manufacturer_id,
          priceMinor: Number(row.price_minor),
          originalPriceMinor: Number(row.original_price_minor),
          discountPercentage: row.discount_percentage,
          paidAmount: row.paid_amount,
          arrivedAt: row.arrived_at,
          optionIds: row.option_ids,
          flagIds: row.flag_ids,
        });
      }
      if (rows.length < CHUNK) break;
      after = Number(rows[rows.length - 1]!.id);
    }
    const options = await trx.selectFrom("additional_field_options").select(["id", "field_id", "position"]).execute();
    const labels = await readLabels(trx, options);
    return builder.build(version, new Map(options.map((o) => [o.id, o.field_id])), labels);
  });
}

type Translation = { id: number; iso_code: string; name: string };

function byLanguage(rows: Translation[]) {
  const map = new Map<string, Map<number, string>>();
  for (const row of rows) {
    const names = map.get(row.iso_code) ?? new Map<number, string>();
    names.set(row.id, row.name);
    map.set(row.iso_code, names);
  }
  return map;
}

async function readLabels(database: DB, optionRows: { id: number; position: number }[]): Promise<FacetLabels> {
  const [manufacturers, fields, options, flags] = await Promise.all([
    database.selectFrom("manufacturers").select(["id", "name"]).execute(),
    sql<Translation>`select t.field_id as id, l.iso_code, t.name from additional_field_translations t join languages l on l.id = t.language_id`.execute(database),
    sql<Translation>`select t.option_id as id, l.iso_code, t.label as name from additional_field_option_translations t join languages l on l.id = t.language_id`.execute(database),
    sql<Translation>`select t.flag_id as id, l.iso_code, t.name from flag_translations t join languages l on l.id = t.language_id`.execute(database),
  ]);
  return {
    manufacturers: new Map(manufacturers.map((m) => [m.id, m.name])),
    fields: byLanguage(fields.rows),
    options: byLanguage(options.rows),
    optionPosition: new Map(optionRows.map((o) => [o.id, o.position])),
    flags: byLanguage(flags.rows),
  };
}

type Holder = {
  index: CatalogueIndex | null;
  building: Promise<CatalogueIndex> | null;
  /** Orders created from this time (the database's clock, ms) may have raised amounts the index lacks. */
  salesSince: number;
  folding: Promise<void> | null;
  foldedAt: number;
};
// One per process: the server bundle and the Remix build share it.
const holder = singleton<Holder>("catalogue-index", () => ({ index: null, building: null, salesSince: 0, folding: null, foldedAt: 0 }));

async function databaseNow(database: DB) {
  const { rows } = await sql<{ now: number }>`select (extract(epoch from now()) * 1000)::float8 as now`.execute(database);
  return rows[0]!.now;
}

function rebuild() {
  holder.building ??= (async () => {
    const since = (await databaseNow(db())) - SALES_OVERLAP_MS;
    const index = await loadCatalogueIndex();
    holder.index = index;
    holder.salesSince = since;
    holder.foldedAt = Date.now();
    return index;
  })().finally(() => (holder.building = null));
  return holder.building;
}

/**
 * Brings the best-seller order up to the orders placed since the last fold:
 * one statement for the paid amounts of the products they hold, and the
 * changed rows moved within two sort orders (withPaidAmounts). No order
 * starts index work of its own; listings start a fold at most every
 * SALES_BATCH_MS.
 */
async function foldRecentSales() {
  const index = holder.index;
  if (!index) return;
  const checkedAt = await databaseNow(db());
  const { rows } = await sql<{ id: number; paid_amount: number }>`
    select p.id, p.paid_amount from products p
    where p.id in (
      select i.product_id from order_items i join orders o on o.id = i.order_id
      where o.created_at >= to_timestamp(${holder.salesSince / 1000})
    )`.execute(db());
  // A rebuild that finished meanwhile read the amounts itself.
  if (holder.index !== index) return;
  holder.index = withPaidAmounts(index, new Map(rows.map((row) => [Number(row.id), row.paid_amount])));
  holder.salesSince = checkedAt - SALES_OVERLAP_MS;
}

function foldSalesWhenDue() {
  if (holder.building || holder.folding || Date.now() - holder.foldedAt < SALES_BATCH_MS) return;
  holder.foldedAt = Date.now();
  holder.folding = foldRecentSales()
    .catch((err: unknown) => logger.error({ err }, "Folding recent sales into the best-seller order failed"))
    .finally(() => (holder.folding = null));
}

/**
 * The index of the catalogue as it is now. The first call waits for it to be
 * built; after a change the previous index answers until the new one is ready,
 * as a search engine's refresh interval would.
 */
export async function catalogueIndex(): Promise<CatalogueIndex> {
  const version = await readVersion(db());
  const current = holder.index;
  if (current?.version === version) {
    foldSalesWhenDue();
    return current;
  }
  const building = rebuild();
  if (!current) return building;
  // Nobody waits for this rebuild: a failure is logged, and the next listing tries again.
  building.catch((err: unknown) => logger.error({ err }, "Rebuilding the catalogue index failed"));
  return current;
}

/** Waits until the index holds the catalogue as it is now (tests, and warming up at start). */
export async function freshCatalogueIndex(): Promise<CatalogueIndex> {
  const version = await readVersion(db());
  while (holder.index?.version !== version) await rebuild();
  return holder.index;
}
