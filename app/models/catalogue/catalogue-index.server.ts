import { sql } from "kysely";
import { existsSync } from "node:fs";
import path from "node:path";
import { parentPort, Worker } from "node:worker_threads";
import { catalogueIndexBuilder, everyOrder, withChanges, withPaidAmounts, type CatalogueIndex, type FacetLabels, type ProductColumns } from "./catalogue-index";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { noteLoopRun } from "~/platform/metrics.server";
import { singleton } from "~/lib/singleton.server";
import { closeDatabase, db, describeDatabase, writesThrough, type DB } from "~/models/db/db.server";

// Each app server keeps its own index of the catalogue's listing columns in
// memory (docs/decisions/014-listing-index.md). It is derived data: any
// server can rebuild it from the database, so it is a cache, not state.
// Every listing looks at the database first (one statement): a product
// changed since the last look is applied to the index in place before the
// listing is answered; a new catalogue version (a truncation, a change of
// facet labels) builds a new index while the old one goes on serving.

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
/**
 * Changes found within this long of the last ones applied wait for a later
 * listing: each application copies the sort orders and drops the listings
 * counted on the old index, so twenty changes a second applied one by one
 * would keep every server busy collecting garbage. A change reaches
 * listings within this long, and well within a second.
 */
const CHANGES_BATCH_MS = 500;
/**
 * A listing that finds at most this many changed products waits for them to
 * be applied, so an edit is in the next listing its editor opens. More (a
 * price file's batch) are read and applied behind it, a few milliseconds
 * later, while it answers from the index as it was: reading a thousand
 * products was the wait of one listing in fourteen while a file applied.
 */
const CHANGES_WAITED_FOR = 200;
/** More changed products than this at once (an import) are taken by a rebuild, not in place. */
const MOST_CHANGES_IN_PLACE = 20_000;
/** How long catalogue_changes keeps a change; a server that has not looked for half of it rebuilds. */
export const CHANGES_KEPT_MS = 24 * 3_600_000;

type Row = {
  id: number;
  is_active: boolean;
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

const LISTING_COLUMNS = sql`
  p.id, p.is_active, p.category_id, p.listing_type, p.manufacturer_id, p.price_minor, p.original_price_minor,
  p.discount_percentage, p.paid_amount, (extract(epoch from p.arrived_at) * 1000)::float8 as arrived_at,
  array(select v.option_id from product_additional_values v where v.product_id = p.id) as option_ids,
  array(select f.flag_id from product_flags f where f.product_id = p.id) as flag_ids`;

function columnsOf(row: Row): ProductColumns {
  return {
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
  };
}

/**
 * The catalogue's version; the database's snapshot now, for the next look;
 * and the products changed since the snapshot `seen` (null when a change
 * that old may have been purged, or there is no snapshot).
 */
async function readState(database: DB, seen: string | null, seenAt: number) {
  const look = seen !== null && Date.now() - seenAt < CHANGES_KEPT_MS / 2;
  const { rows } = await sql<{ version: string; snapshot: string; changed: string[] | null }>`
    select c.version::text as version, pg_current_snapshot()::text as snapshot,
      ${
        look
          ? sql`array(
              select distinct k.product_id::text from catalogue_changes k
              where k.xid >= pg_snapshot_xmin(${seen}::pg_snapshot) and not pg_visible_in_snapshot(k.xid, ${seen}::pg_snapshot))`
          : sql`null::text[]`
      } as changed
    from catalogue_state c`.execute(database);
  const row = rows[0]!;
  return { version: row.version, snapshot: row.snapshot, changed: row.changed?.map(Number) ?? null };
}

/** Reads the catalogue as one consistent snapshot and builds its index; `seen` names that snapshot. */
async function loadCatalogueIndex(database: DB = db()): Promise<{ index: CatalogueIndex; seen: string }> {
  return database.transaction().setIsolationLevel("repeatable read").execute(async (trx) => {
    const { version, snapshot } = await readState(trx, null, 0);
    const builder = catalogueIndexBuilder();
    for (let after = 0; ; ) {
      const { rows } = await sql<Row>`
        select ${LISTING_COLUMNS} from products p
        where p.is_active and p.id > ${after}
        order by p.id
        limit ${CHUNK}`.execute(trx);
      for (const row of rows) builder.add(columnsOf(row));
      if (rows.length < CHUNK) break;
      after = Number(rows[rows.length - 1]!.id);
    }
    const options = await trx.selectFrom("additional_field_options").select(["id", "field_id", "position"]).execute();
    const labels = await readLabels(trx, options);
    return { index: await builder.build(version, new Map(options.map((o) => [o.id, o.field_id])), labels), seen: snapshot };
  });
}

// A rebuild on PostgreSQL runs in a worker thread with its own connection,
// so no request waits behind it; the columns come back as transferred
// buffers, not copies. The worker is build/catalogue-worker.js
// (server/catalogue-worker.ts), which calls runIndexWorker. The embedded
// database has one connection, in the main thread: there, and outside a
// production build, the build runs in steps on this thread.
const WORKER_FILE = path.resolve("build/catalogue-worker.js");

/** The worker's part: builds the index on its own connection, hands it over and closes the connection. */
export async function runIndexWorker() {
  try {
    const { index, seen } = await loadCatalogueIndex();
    parentPort!.postMessage({ index, seen }, buffersOf(index));
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
  } finally {
    await closeDatabase();
  }
}

/** The buffers of an index's columns and orders, handed over rather than copied. */
function buffersOf(index: CatalogueIndex): ArrayBuffer[] {
  const columns = [index.ids, index.rowById, index.category, index.offer, index.manufacturer, index.price, index.ratio, index.discount];
  columns.push(index.categoryStart, index.optionStart, index.options, index.flagStart, index.flags, index.optionField, index.paid, index.arrived);
  columns.push(...Object.values(everyOrder(index.orders)));
  return [...new Set(columns.map((column) => column.buffer as ArrayBuffer))];
}

function buildsInWorker() {
  return env().NODE_ENV === "production" && describeDatabase().kind === "postgres" && existsSync(WORKER_FILE);
}

function loadInWorker(): Promise<{ index: CatalogueIndex; seen: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE);
    worker.once("message", (message: { index: CatalogueIndex; seen: string } | { error: string }) =>
      "error" in message ? reject(new Error(message.error)) : resolve(message),
    );
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The index worker ended with code ${code}`)));
  });
}

/** The catalogue's index, built off the request thread where it can be. */
async function buildIndex(): Promise<{ index: CatalogueIndex; seen: string; builtIn: "worker" | "steps" }> {
  if (buildsInWorker()) {
    try {
      return { ...(await loadInWorker()), builtIn: "worker" };
    } catch (err) {
      logger.warn({ err }, "Building the catalogue index in a worker failed: building it here, in steps");
    }
  }
  return { ...(await loadCatalogueIndex()), builtIn: "steps" };
}

/** The listing columns of products as they are now: those in the listings, and the ids of those that are not (any more). */
async function readProducts(database: DB, ids: number[]) {
  const { rows } = await sql<Row>`select ${LISTING_COLUMNS} from products p where p.id = any(${ids}::bigint[])`.execute(database);
  const listed = rows.filter((row) => row.is_active).map(columnsOf);
  const shown = new Set(listed.map((product) => product.id));
  return { listed, removed: ids.filter((id) => !shown.has(id)) };
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
  /** The database's snapshot at the index's last look at catalogue_changes, and when that was. */
  seen: string | null;
  seenAt: number;
  /** On the embedded database: its handle's count of writes when that snapshot was taken (writesThrough). */
  seenWrites: { database: DB; count: number } | null;
  following: Promise<void> | null;
  /** Settles when the listings waiting on `following` may answer: when it ends, or once it is applying a large batch behind them. */
  answerable: Promise<void> | null;
  /** When changes were last applied in place (Date.now()). */
  appliedAt: number;
  /** Where the last rebuild ran. */
  builtIn: "worker" | "steps" | null;
  /** Orders created from this time (the database's clock, ms) may have raised amounts the index lacks. */
  salesSince: number;
  folding: Promise<void> | null;
  foldedAt: number;
};
// One per process: the server bundle and the Remix build share it.
const holder = singleton<Holder>("catalogue-index", () => ({
  index: null,
  building: null,
  seen: null,
  seenAt: 0,
  seenWrites: null,
  following: null,
  answerable: null,
  appliedAt: 0,
  builtIn: null,
  salesSince: 0,
  folding: null,
  foldedAt: 0,
}));

async function databaseNow(database: DB) {
  const { rows } = await sql<{ now: number }>`select (extract(epoch from now()) * 1000)::float8 as now`.execute(database);
  return rows[0]!.now;
}

function rebuild() {
  holder.building ??= (async () => {
    const since = (await databaseNow(db())) - SALES_OVERLAP_MS;
    const { index, seen, builtIn } = await buildIndex();
    holder.index = index;
    holder.builtIn = builtIn;
    holder.seen = seen;
    holder.seenAt = Date.now();
    holder.salesSince = since;
    holder.foldedAt = Date.now();
    noteLoopRun("catalogue_changes");
    return index;
  })().finally(() => (holder.building = null));
  return holder.building;
}

/** A rebuild nobody waits for: a failure is logged, and the next listing tries again. */
function rebuildInBackground() {
  rebuild().catch((err: unknown) => logger.error({ err }, "Rebuilding the catalogue index failed"));
}

/**
 * Brings the index up to the catalogue: the products changed since its last
 * look are read and applied in place (withChanges), before the listing that
 * looked is answered (a large batch just after: CHANGES_WAITED_FOR), unless changes were applied less than
 * CHANGES_BATCH_MS ago (`now` skips that wait). A new version, an import of more than
 * MOST_CHANGES_IN_PLACE products, or changed rows past a quarter of the
 * built ones (which listings read unordered) start a rebuild instead, while
 * this index answers. Listings that arrive meanwhile share the look.
 */
function follow(now = false): Promise<void> {
  if (!now && nothingWrittenSinceLook()) return Promise.resolve();
  if (holder.following) return now ? holder.following : holder.answerable!;
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  holder.following = (async () => {
    const index = holder.index!;
    const database = db();
    // Counted before the look: a write after this is looked for again.
    const writes = writesThrough(database);
    const state = await readState(database, holder.seen, holder.seenAt);
    if (holder.index !== index) return; // a rebuild finished meanwhile
    const { changed } = state;
    const unordered = index.size - index.baseSize + (changed?.length ?? 0);
    if (state.version !== index.version || changed === null || changed.length > MOST_CHANGES_IN_PLACE || unordered > Math.max(10_000, index.baseSize / 4)) {
      rebuildInBackground();
      return;
    }
    // Too soon after the last changes: this look's snapshot is not kept, so a later one finds them again.
    if (changed.length && !now && Date.now() - holder.appliedAt < CHANGES_BATCH_MS) return;
    if (changed.length > CHANGES_WAITED_FOR && !now) answer();
    const { listed, removed } = changed.length ? await readProducts(db(), changed) : { listed: [], removed: [] };
    if (holder.index !== index) return;
    holder.index = withChanges(index, listed, removed);
    holder.seen = state.snapshot;
    holder.seenAt = Date.now();
    holder.seenWrites = writes === null ? null : { database, count: writes };
    if (changed.length) holder.appliedAt = Date.now();
    noteLoopRun("catalogue_changes");
  })().finally(() => {
    holder.following = null;
    holder.answerable = null;
  });
  // A failure reaches the listings that still wait; one applying behind them is logged.
  holder.answerable = Promise.race([holder.following, answered]);
  holder.following.catch((err: unknown) => logger.error({ err }, "Applying catalogue changes failed"));
  return now ? holder.following : holder.answerable;
}

/**
 * On the embedded database every write passes through this process, so a
 * listing need not look for changes when nothing was written since the last
 * look was applied: that snapshot is still the catalogue as it is, as good
 * as a new one (its time is renewed, so a quiet day never turns the next
 * look into a rebuild). A look costs the embedded database a statement in
 * this thread for every listing; PostgreSQL is written to by other
 * processes too, so there a listing always looks.
 */
function nothingWrittenSinceLook() {
  const seen = holder.seenWrites;
  if (!seen || seen.database !== db() || writesThrough(seen.database) !== seen.count) return false;
  holder.seenAt = Date.now();
  noteLoopRun("catalogue_changes");
  return true;
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
  // A rebuild or a change that finished meanwhile: the next fold reads the amounts again.
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
 * built; changes since the last listing are applied first; after a new
 * version the previous index answers until the new one is ready, as a
 * search engine's refresh interval would.
 */
export async function catalogueIndex(): Promise<CatalogueIndex> {
  if (!holder.index) return rebuild();
  // On a failure (logged) the index as it was still answers; the next listing looks again.
  await follow().catch(() => undefined);
  foldSalesWhenDue();
  return holder.index;
}

/** Waits until the index holds the catalogue as it is now (tests, and warming up at start). */
export async function freshCatalogueIndex(): Promise<CatalogueIndex> {
  for (;;) {
    const index = holder.index ?? (await rebuild());
    const state = await readState(db(), holder.seen, holder.seenAt);
    if (state.version === index.version && state.changed?.length === 0) return index;
    await follow(true);
    if (holder.building) await holder.building;
  }
}

/** Changes every server has long seen: housekeeping. */
export async function purgeOldCatalogueChanges() {
  await sql`delete from catalogue_changes where changed_at < now() - ${`${CHANGES_KEPT_MS / 1000} seconds`}::interval`.execute(db());
}

/**
 * Waits for the index's work under way (a rebuild, a look at the changes, a
 * fold of recent sales) to end, so that the database can be closed behind
 * it at shutdown. Its failures were logged where they happened.
 */
export async function settleCatalogueIndex() {
  await Promise.allSettled([holder.building, holder.following, holder.folding]);
}

/** Whether this server's index has been built, and what it holds: readiness. */
export function catalogueIndexStatus() {
  const index = holder.index;
  if (!index) return { built: false as const };
  return { built: true as const, products: index.size - (index.dead?.reduce((n, dead) => n + dead, 0) ?? 0), version: index.version, builtIn: holder.builtIn };
}

/**
 * How far this server's index is behind the catalogue, for the metrics: the
 * database's catalogue version, and the changes committed since the index
 * last looked, with the age of the oldest (null when it has no look to
 * compare with). One statement on the changes' xid index.
 */
export async function catalogueIndexLag(database: DB = db()) {
  const seen = holder.seen !== null && Date.now() - holder.seenAt < CHANGES_KEPT_MS / 2 ? holder.seen : null;
  const changes = seen
    ? sql`cross join (
        select count(*)::int as pending, coalesce(extract(epoch from now() - min(k.changed_at)), 0)::float8 as lag_seconds
        from catalogue_changes k
        where k.xid >= pg_snapshot_xmin(${seen}::pg_snapshot) and not pg_visible_in_snapshot(k.xid, ${seen}::pg_snapshot)) k`
    : sql`cross join (select null::int as pending, null::float8 as lag_seconds) k`;
  const { rows } = await sql<{ version: string; pending: number | null; lag_seconds: number | null }>`
    select c.version::text as version, k.pending, k.lag_seconds from catalogue_state c ${changes}`.execute(database);
  const row = rows[0]!;
  return { version: row.version, pendingChanges: row.pending, lagSeconds: row.lag_seconds };
}
