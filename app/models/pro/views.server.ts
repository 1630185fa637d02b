import { sql } from "kysely";
import { repeatEvery } from "~/lib/repeat.server";
import { singleton } from "~/lib/singleton.server";
import { db, type DB } from "~/models/db/db.server";
import { logger } from "~/platform/logger.server";
import { isCountableView, viewDay, ViewTally, type PageView, type ViewCount } from "./views";

// Product page views for the sellers' /site-pro (docs/pro.md). The product
// page is the shop's busiest: a view only adds to this server's tally, and
// the tally is written every few seconds as one statement per batch that
// adds each product's views of the day to product_views. Every app server
// keeps its own tally and adds to the same rows, so the counts stay right
// behind a load balancer; a server stopped hard loses at most the views of
// its last interval.

/** How often a server writes its views. */
export const VIEWS_FLUSH_INTERVAL_MS = 5_000;
/** A tally this large is written at once rather than at the next interval. */
const FLUSH_AT_ROWS = 5_000;
/** Past this many product-days waiting (the database away for long), new views are dropped rather than memory grown. */
const MAX_WAITING_ROWS = 200_000;

const state = singleton("product-views", () => ({
  tally: new ViewTally(),
  stop: null as null | (() => Promise<void>),
  writing: null as Promise<number> | null,
}));

/**
 * Counts a view of a product's page (in memory only); starts this server's
 * writing on the first one. A robot's request and a prefetch are not views.
 */
export function countProductView(productId: number, view: PageView, at = new Date()) {
  if (!isCountableView(view)) return;
  if (state.tally.size >= MAX_WAITING_ROWS) return;
  state.tally.add(productId, viewDay(at));
  if (!state.stop) followProductViews();
  if (state.tally.size >= FLUSH_AT_ROWS) void flushProductViews().catch((err: unknown) => logger.error({ err }, "Writing product views failed"));
}

/**
 * Writes this server's views every `intervalMs` (the first view starts it
 * with the default); a timer already running is replaced.
 */
export function followProductViews(intervalMs = VIEWS_FLUSH_INTERVAL_MS) {
  void state.stop?.();
  state.stop = repeatEvery(intervalMs, () => flushProductViews(), (err) => logger.error({ err }, "Writing product views failed"));
}

/** Adds one batch to product_views; products removed meanwhile are skipped. */
async function writeViews(database: DB, rows: ViewCount[]) {
  await sql`
    insert into product_views (product_id, day, views)
    select v.product_id, v.day, v.views
    from unnest(${rows.map((r) => r.productId)}::bigint[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.views)}::int[])
      with ordinality as v(product_id, day, views, n)
    where exists (select 1 from products p where p.id = v.product_id)
    order by v.n
    on conflict (product_id, day) do update set views = product_views.views + excluded.views`.execute(database);
}

/**
 * Writes what this server has counted, in one statement, and returns how
 * many product-days it wrote. A batch that fails comes back to the tally
 * for the next try. One write at a time per server.
 */
export async function flushProductViews(database: DB = db()): Promise<number> {
  if (state.writing) await state.writing.catch(() => undefined);
  const rows = state.tally.drain();
  if (rows.length === 0) return 0;
  state.writing = writeViews(database, rows).then(
    () => rows.length,
    (error: unknown) => {
      state.tally.restore(rows);
      throw error;
    },
  );
  try {
    return await state.writing;
  } finally {
    state.writing = null;
  }
}

/** How many product-days this server has counted and not yet written. */
export function waitingViews() {
  return state.tally.size;
}

/** Stops the timer and writes what is left (the server's shutdown, tests). */
export async function stopCountingViews() {
  const stop = state.stop;
  state.stop = null;
  await stop?.();
  await flushProductViews();
}

/** Views per product, all days together, for the sellers' list. */
export async function viewsOf(productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db()
    .selectFrom("product_views")
    .select(["product_id", sql<number>`sum(views)::int`.as("views")])
    .where("product_id", "in", productIds)
    .groupBy("product_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.product_id), row.views]));
}
