import express from "express";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as healthRoute from "~/routes/api/health/health";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { recordRefusedWebhook } from "~/models/payments/incidents.server";
import { env } from "~/platform/env.server";
import { metricsText } from "~/web/metrics.server";
import { countRequests, metricsEndpoint, type MetricsAccess } from "../../server/metrics";
import { housekeepingRound } from "../../server/housekeeping";
import { crossSiteWrites, remixHandler } from "../../server/remix-handler";

// GET /metrics as server/index.ts mounts it, in front of the shop's own
// request handler and same-origin check, over a build of a few routes: the
// health call (the real module), a call that fails, and a page with a form.

const TOKEN = "a-scrapers-token-of-32-characters";

const route = (id: string, parentId: string | undefined, path: string, module: object) => ({ id, parentId, path, module });
const build = {
  mode: "production",
  // The faults these routes make on purpose are expected, not worth printing.
  entry: { module: { default: () => new Response("<p>page</p>", { headers: { "content-type": "text/html" } }), handleError: () => {} } },
  routes: Object.fromEntries(
    [
      route("root", undefined, "", { default: () => null }),
      route("routes/api/health/health", "root", "api/health", healthRoute),
      route("routes/api/broken", "root", "api/broken", {
        loader: () => {
          throw new Error("A fault of ours");
        },
      }),
      route("routes/page", "root", ":locale?/page", { default: () => null, action: () => ({ ok: true }) }),
    ].map((r) => [r.id, r]),
  ),
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
  future: { v3_singleFetch: true },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  isSpaMode: false,
} as unknown as ServerBuild;

type Shop = { url: string; close: () => Promise<void> };
const shops: Shop[] = [];

/** The shop's front as server/index.ts puts it together, listening on the loopback address. */
async function shop(access: MetricsAccess, { sameOrigin = true, trustProxy = false as boolean | string } = {}): Promise<Shop> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(countRequests);
  app.use(metricsEndpoint(access));
  if (sameOrigin) app.use(crossSiteWrites);
  app.all("*", remixHandler({ build, mode: "production", getLoadContext: () => ({}) }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const opened = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  shops.push(opened);
  return opened;
}

/** One sample's value from Prometheus' text format; undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split("\n")) {
    const match = line.match(/^([a-z_:]+)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (s: Shop) => {
  const response = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

beforeAll(async () => {
  await seedDemoData(db(), { products: 20, seed: 5 });
  await freshCatalogueIndex();
});
afterAll(async () => {
  await Promise.all(shops.map((s) => s.close()));
});

describe("who may read /metrics", () => {
  it("a stranger gets 404, whatever the method or a wrong token; the configured token gets the metrics", async () => {
    const s = await shop({ token: TOKEN, allow: [] });
    expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all-no" } })).status).toBe(404);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(404);
    expect((await fetch(`${s.url}/metrics`, { method: "POST" })).status).toBe(404);
    const allowed = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(allowed.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${s.url}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
  });

  it("an address the configuration names reads without a token; one a proxy forwarded for someone else does not", async () => {
    const local = await shop({ allow: ["127.0.0.1", "::1"] });
    expect((await fetch(`${local.url}/metrics`)).status).toBe(200);
    // A proxy on this machine that Express does not trust: the request is someone else's, not the proxy's.
    expect((await fetch(`${local.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
    const behindProxy = await shop({ allow: ["127.0.0.1", "::1"] }, { trustProxy: "loopback" });
    expect((await fetch(`${behindProxy.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
    const subnet = await shop({ allow: ["203.0.113.0/24"] }, { trustProxy: "loopback" });
    expect((await fetch(`${subnet.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(200);
    expect((await fetch(`${subnet.url}/metrics`)).status).toBe(404);
  });
});

describe("what /metrics holds", () => {
  it("every family an operator watches", async () => {
    await housekeepingRound();
    const text = await scrape(await shop({ token: TOKEN, allow: [] }));
    const families = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(families).toEqual(
      expect.arrayContaining([
        "storefront_http_requests_total counter",
        "storefront_http_request_duration_seconds histogram",
        "storefront_http_server_errors_total counter",
        "nodejs_eventloop_lag_p99_seconds gauge",
        "process_resident_memory_bytes gauge",
        "nodejs_heap_size_used_bytes gauge",
        "storefront_db_pool_max_connections gauge",
        "storefront_db_pool_connections gauge",
        "storefront_db_pool_busy_connections gauge",
        "storefront_db_pool_waiting gauge",
        "storefront_db_pool_wait_seconds histogram",
        "storefront_background_loop_last_run_timestamp_seconds gauge",
        "storefront_database_up gauge",
        "storefront_payments_pending gauge",
        "storefront_webhooks_refused gauge",
        "storefront_catalogue_index_info gauge",
        "storefront_catalogue_index_products gauge",
        "storefront_catalogue_index_current gauge",
        "storefront_catalogue_index_pending_changes gauge",
        "storefront_catalogue_index_lag_seconds gauge",
      ]),
    );
    const embedded = env().DATABASE_URL.startsWith("postgres") ? env().DB_POOL_MAX : 1;
    expect(sample(text, "storefront_db_pool_max_connections")).toBe(embedded);
    expect(sample(text, "storefront_database_up")).toBe(1);
    expect(sample(text, "storefront_db_pool_wait_seconds_count")).toBeGreaterThan(0);
    // Rounds finished in the last minute: the housekeeping just run, and the index's look at the catalogue's changes.
    for (const loop of ["housekeeping", "catalogue_changes"]) expect(Date.now() / 1000 - sample(text, "storefront_background_loop_last_run_timestamp_seconds", { loop })!).toBeLessThan(60);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
  });

  it("the request counter and its latency rise with a request, counted under its route pattern, not its URL", async () => {
    const s = await shop({ token: TOKEN, allow: [] });
    const health = { method: "GET", route: "routes/api/health/health", status: "200" };
    const before = sample(await scrape(s), "storefront_http_requests_total", health) ?? 0;
    for (const path of ["/api/health", "/api/health?from=a-probe", "/api/health/"]) expect((await fetch(`${s.url}${path}`)).status).toBe(200);
    const after = await scrape(s);
    expect(sample(after, "storefront_http_requests_total", health)).toBe(before + 3);
    expect(sample(after, "storefront_http_request_duration_seconds_count", { method: "GET", route: "routes/api/health/health" })).toBeGreaterThanOrEqual(3);
    expect(after).not.toMatch(/route="\/api\/health/);
    // The scrape itself is counted too, under its own name.
    expect(sample(after, "storefront_http_requests_total", { method: "GET", route: "(metrics)", status: "200" })).toBeGreaterThan(0);
  });

  it("a 5xx is counted for its route; a refused request for the refusal", async () => {
    const s = await shop({ token: TOKEN, allow: [] });
    const errorsBefore = sample(await scrape(s), "storefront_http_server_errors_total", { route: "routes/api/broken" }) ?? 0;
    expect((await fetch(`${s.url}/api/broken`)).status).toBe(500);
    expect((await fetch(`${s.url}/en/page`, { method: "POST", headers: { origin: "https://evil.example", "sec-fetch-site": "same-origin" } })).status).toBe(403);
    const text = await scrape(s);
    expect(sample(text, "storefront_http_server_errors_total", { route: "routes/api/broken" })).toBe(errorsBefore + 1);
    expect(sample(text, "storefront_http_requests_total", { method: "POST", route: "(refused)", status: "403" })).toBeGreaterThan(0);
  });

  it("payments pending and webhooks refused are the database's figures at the scrape", async () => {
    const s = await shop({ token: TOKEN, allow: [] });
    const before = sample(await scrape(s), "storefront_webhooks_refused")!;
    await recordRefusedWebhook("sandbox", "A signature that did not hold, for the metrics");
    await recordRefusedWebhook("sandbox", "A signature that did not hold, for the metrics");
    const text = await scrape(s);
    expect(sample(text, "storefront_webhooks_refused")).toBe(before + 2);
    const pending = await db().selectFrom("payments").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow();
    expect(sample(text, "storefront_payments_pending")).toBe(Number(pending.n));
  });

  it("the catalogue index's version, and its lag once a product changes under it", async () => {
    const s = await shop({ token: TOKEN, allow: [] });
    const index = await freshCatalogueIndex();
    const current = await scrape(s);
    expect(sample(current, "storefront_catalogue_index_info", { version: index.version })).toBe(1);
    expect(sample(current, "storefront_catalogue_index_current")).toBe(1);
    expect(sample(current, "storefront_catalogue_index_pending_changes")).toBe(0);
    expect(sample(current, "storefront_catalogue_index_lag_seconds")).toBe(0);

    const product = await db().selectFrom("products").select("id").where("is_active", "=", true).orderBy("id").executeTakeFirstOrThrow();
    await db().updateTable("products").set((eb) => ({ price_minor: eb("price_minor", "+", 1) })).where("id", "=", product.id).execute();
    const behind = await scrape(s);
    expect(sample(behind, "storefront_catalogue_index_pending_changes")).toBe(1);
    expect(sample(behind, "storefront_catalogue_index_lag_seconds")).toBeGreaterThanOrEqual(0);
    await freshCatalogueIndex();
    expect(sample(await scrape(s), "storefront_catalogue_index_pending_changes")).toBe(0);
  });

  it("a database slower than the scrape's time is reported as down, and the scrape still answers", async () => {
    // The payments held by a lock (on the embedded database, its one connection held too): the scrape's statement waits.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`lock table payments in access exclusive mode`.execute(trx);
        const { body } = await metricsText(200);
        expect(sample(body, "storefront_database_up")).toBe(0);
        expect(sample(body, "storefront_http_requests_total", { method: "GET", route: "(metrics)", status: "200" })).toBeGreaterThan(0);
      });
    expect(sample((await metricsText()).body, "storefront_database_up")).toBe(1);
  });
});

describe("a form post whose Origin disagrees with its Host", () => {
  it("answers 403 with a translated message, where Remix's own check answers 500", async () => {
    const headers = { origin: "https://evil.example", "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };
    const bare = await shop({ token: TOKEN, allow: [] }, { sameOrigin: false });
    expect((await fetch(`${bare.url}/en/page`, { method: "POST", headers, body: "a=1" })).status).toBe(500);

    const s = await shop({ token: TOKEN, allow: [] });
    const refused = await fetch(`${s.url}/en/page`, { method: "POST", headers, body: "a=1" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Requests from another site may not change anything here.");
    const inLatvian = await fetch(`${s.url}/lv/page`, { method: "POST", headers: { ...headers, "x-forwarded-host": "shop.example" }, body: "a=1" });
    expect(inLatvian.status).toBe(403);
    expect(await inLatvian.text()).toBe("Pieprasījumi no citas vietnes šeit neko mainīt nevar.");
    const call = await fetch(`${s.url}/api/health`, { method: "POST", headers: { ...headers, "content-type": "application/json", "accept-language": "lt" }, body: "{}" });
    expect(call.status).toBe(403);
    expect(await call.json()).toEqual({ status: false, message: "Užklausos iš kitos svetainės čia nieko keisti negali." });
  });
});
