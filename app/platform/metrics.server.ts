import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { singleton } from "~/lib/singleton.server";

// What an operator's Prometheus reads at GET /metrics (docs/operations.md,
// "Metrics"): every family the shop exports is named here, so the list is
// in one place. Each app server counts its own; Prometheus adds them up.
// Requests are counted per route pattern, never per URL, so a crawler
// walking a million product addresses adds no series.

/** The background loops whose last finished round is exported. */
export type LoopName = "housekeeping" | "reconciliation" | "search_edits" | "shell_changes" | "catalogue_changes" | "bulk_jobs";

/** Request durations from a cached page (a few ms) to the slowest checkout step. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Waits for a database connection: none at all while the pool has a free one, up to the connect timeout. */
const POOL_WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function create() {
  const registry = new Registry();
  // Memory (process_resident_memory_bytes, nodejs_heap_size_used_bytes), event-loop delay (nodejs_eventloop_lag_*), CPU, handles, GC.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "storefront_http_requests_total",
      help: "Requests answered, by method, route (the Remix route id, or (static), (refused), (starting), (metrics), (unmatched)) and status.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    duration: new Histogram({
      name: "storefront_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method and route.",
      labelNames: ["method", "route"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    serverErrors: new Counter({ name: "storefront_http_server_errors_total", help: "Answers with a 5xx status, by route.", labelNames: ["route"] as const, registers }),
    poolWait: new Histogram({ name: "storefront_db_pool_wait_seconds", help: "How long a query or transaction waited for a database connection.", buckets: POOL_WAIT_BUCKETS, registers }),
    poolSize: new Gauge({ name: "storefront_db_pool_max_connections", help: "The most connections this server opens to the database (1 for the embedded one).", registers }),
    poolOpen: new Gauge({ name: "storefront_db_pool_connections", help: "Connections open now.", registers }),
    poolBusy: new Gauge({ name: "storefront_db_pool_busy_connections", help: "Connections in use by a query or transaction now.", registers }),
    poolWaiting: new Gauge({ name: "storefront_db_pool_waiting", help: "Queries and transactions waiting for a connection now.", registers }),
    loopLastRun: new Gauge({
      name: "storefront_background_loop_last_run_timestamp_seconds",
      help: "When a background loop last finished a round without failing (Unix time); a loop that fails or stalls stops moving it.",
      labelNames: ["loop"] as const,
      registers,
    }),
    databaseUp: new Gauge({ name: "storefront_database_up", help: "1 when this scrape's database queries answered within their time, else 0 (and the figures read from the database are the last ones known).", registers }),
    paymentsPending: new Gauge({ name: "storefront_payments_pending", help: "Payments waiting for their processor's answer, across the shop.", registers }),
    webhooksRefused: new Gauge({ name: "storefront_webhooks_refused", help: "Refused payment webhooks that staff have not marked as looked into, across the shop.", registers }),
    catalogueIndex: new Gauge({ name: "storefront_catalogue_index_info", help: "1, labelled with the catalogue version this server's index holds.", labelNames: ["version"] as const, registers }),
    catalogueProducts: new Gauge({ name: "storefront_catalogue_index_products", help: "Products listed in this server's catalogue index.", registers }),
    catalogueCurrent: new Gauge({ name: "storefront_catalogue_index_current", help: "1 when this server's index holds the database's catalogue version, 0 while a rebuild is due.", registers }),
    cataloguePending: new Gauge({ name: "storefront_catalogue_index_pending_changes", help: "Product changes committed since this server's index last looked; the next listing applies them.", registers }),
    catalogueLag: new Gauge({ name: "storefront_catalogue_index_lag_seconds", help: "Age of the oldest product change this server's index does not hold yet (0 when it holds them all).", registers }),
  };
}

/** The process's metrics, shared by the server bundle and the Remix build. */
export function metrics() {
  return singleton("metrics", create);
}

/** A background loop finished a round. */
export function noteLoopRun(loop: LoopName) {
  metrics().loopLastRun.set({ loop }, Date.now() / 1000);
}

/** A query or transaction got its database connection after `seconds` of waiting. */
export function notePoolWait(seconds: number) {
  metrics().poolWait.observe(seconds);
}
