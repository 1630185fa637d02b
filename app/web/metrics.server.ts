import { catalogueIndexLag, catalogueIndexStatus } from "~/models/catalogue/catalogue-index.server";
import { poolUse } from "~/models/db/db.server";
import { paymentsToWatch } from "~/models/payments/incidents.server";
import { logger } from "~/platform/logger.server";
import { metrics } from "~/platform/metrics.server";

// The figures read afresh on every scrape of GET /metrics (server/metrics.ts
// answers it): the database pool from memory, the catalogue index's state,
// and two cheap statements for the payments and the index's lag.

/**
 * How long a scrape waits for its statements. Prometheus gives up on a
 * scrape after 10 s by default; a database too slow for this is reported
 * (storefront_database_up 0) rather than making the whole scrape fail.
 */
export const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

type Read = [Awaited<ReturnType<typeof paymentsToWatch>>, Awaited<ReturnType<typeof catalogueIndexLag>>];

/** The statements under way: scrapes that come while the database is slow wait for them instead of adding their own. */
let reading: Promise<Read> | null = null;

function readDatabase(): Promise<Read> {
  reading ??= Promise.all([paymentsToWatch(), catalogueIndexLag()]).finally(() => (reading = null));
  return reading;
}

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The metrics in Prometheus' text format, with the figures that are read on scrape brought up to date first. */
export async function metricsText(timeoutMs = SCRAPE_QUERY_TIMEOUT_MS): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  const pool = poolUse();
  if (pool) {
    m.poolSize.set(pool.max);
    m.poolOpen.set(pool.open);
    m.poolBusy.set(pool.busy);
    m.poolWaiting.set(pool.waiting);
  }
  const index = catalogueIndexStatus();
  // The version is a label: the one before a rebuild must not linger beside the new one.
  m.catalogueIndex.reset();
  if (index.built) {
    m.catalogueIndex.set({ version: index.version }, 1);
    m.catalogueProducts.set(index.products);
  }
  try {
    const [payments, lag] = await withinTime(readDatabase(), timeoutMs);
    m.paymentsPending.set(payments.pending);
    m.webhooksRefused.set(payments.webhooksRefused);
    if (index.built) m.catalogueCurrent.set(lag.version === index.version ? 1 : 0);
    if (lag.pendingChanges !== null) m.cataloguePending.set(lag.pendingChanges);
    if (lag.lagSeconds !== null) m.catalogueLag.set(lag.lagSeconds);
    m.databaseUp.set(1);
  } catch (err) {
    m.databaseUp.set(0);
    logger.warn({ err: { message: (err as Error).message } }, "The metrics could not read the database");
  }
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
