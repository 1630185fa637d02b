import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { env, trustProxySetting } from "../app/platform/env.server";
import { logger } from "../app/platform/logger.server";
import { initServerErrorReporting, reportServerError } from "../app/platform/sentry.server";
import { closeDatabase, describeDatabase } from "../app/models/db/db.server";
import { watchForStall } from "../app/platform/stall-watchdog.server";
import { isDatabaseUnavailable } from "../app/models/db/errors";
import { housekeepingRound } from "./housekeeping";
import { prepareDatabase } from "./startup";
import { requestLog, startingProgress } from "./starting";
import { measureEventLoopFromNow } from "../app/web/health.server";
import { followSearchEdits } from "../app/models/search/search-edits.server";
import { settleCatalogueIndex } from "../app/models/catalogue/catalogue-index.server";
import { repeatEvery } from "../app/lib/repeat.server";
import { followShellChanges } from "../app/models/db/shell-cache.server";
import { reconcileInBackground } from "../app/models/payments/reconcile.server";
import { stopCountingViews } from "../app/models/pro/views.server";
import { runBulkJobsInBackground } from "../app/models/catalogue/bulk-jobs.server";
import { bodyErrors, crossSiteWrites, databaseAway, readBody, remixHandler, screenRequests } from "./remix-handler";
import { countAs, countRequests, metricsEndpoint } from "./metrics";
import { fixedFiles } from "./static-files";
import { securityHeaders } from "./security-headers";

const config = env();
const isProduction = config.NODE_ENV === "production";

initServerErrorReporting();

// The server listens at once and answers 503 (Retry-After) until the
// database is migrated and the catalogue index is current, so a load
// balancer asking /api/health/ready sends it no shopper before then, and
// one asking /api/health sees it starting rather than gone.
let ready = false;
const EMBEDDED_STALL_MS = 120_000;
let shuttingDown = false;
let stopHousekeeping = async () => {};
let stopFollowingSearchEdits = async () => {};
let stopFollowingShellChanges = async () => {};
let stopReconciling = async () => {};
let stopBulkJobs = async () => {};
/** A background loop's failure: only a warning while the database is away, since the next round tries again. */
const loopFailed = (what: string) => (err: unknown) =>
  isDatabaseUnavailable(err) ? logger.warn({ err: { message: (err as Error).message } }, `${what}: the database is away`) : logger.error({ err }, what);
const progress = startingProgress(logger);
const starting = (async () => {
  await prepareDatabase(progress);
  progress.step("first housekeeping round");
  await housekeepingRound().catch(loopFailed("Housekeeping failed"));
  // Told to stop while it started: no loop begins that the shutdown would have to stop.
  if (shuttingDown) return;
  stopHousekeeping = repeatEvery(3_600_000, housekeepingRound, loopFailed("Housekeeping failed"));
  // Edited names and descriptions reach search within a second.
  stopFollowingSearchEdits = followSearchEdits(loopFailed("Applying search edits failed"));
  // The shell's settings are kept in memory, and dropped within a second of a change.
  stopFollowingShellChanges = await followShellChanges(loopFailed("Checking the shell's settings failed"));
  // Payments left pending are asked of their processors again (docs/payments.md).
  stopReconciling = reconcileInBackground(loopFailed("Reconciling payments failed"));
  // Price and stock files applied from the back office; one left by a stopped server is taken up from where it stopped.
  stopBulkJobs = runBulkJobsInBackground(loopFailed("Applying a price file failed"));
  ready = true;
  // The embedded database may spin for ever inside a commit (decision 055):
  // two minutes without an answer end the process, for its manager to start
  // a fresh one. Armed once ready: seeding a large demo shop may hold the
  // thread longer than that, and is no hang.
  if (describeDatabase().kind === "embedded") {
    watchForStall({
      label: "The server",
      message: "has not answered for two minutes: the embedded database hung inside a statement (decision 055). Start it again.",
      silenceMs: EMBEDDED_STALL_MS,
    });
  }
  // The requests turned away meanwhile, in one number: each had its line as it came.
  logger.info({ ms: Math.round(performance.now()), refusedWhileStarting: progress.refused }, "Ready for shoppers");
})();
starting.catch((err: unknown) => {
  logger.fatal({ err }, "The server could not start");
  process.exit(1);
});

const viteDevServer = isProduction
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
// Only a trusted proxy may name the host (X-Forwarded-Host) that picks the site.
app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));

// First, so each answer is timed from the request's arrival.
app.use(countRequests);
// Responses under way, so that a shutdown can ask their connections to close.
// Once it has begun, every answer closes its connection: a client keeping
// its connection alive opens the next one through the load balancer, to a
// server that stays.
const inFlight = new Set<express.Response>();
let draining = false;
app.use((req, res, next) => {
  if (draining) res.setHeader("connection", "close");
  inFlight.add(res);
  res.on("finish", () => {
    // An answer begun before the shutdown kept its connection alive: it is ended once the answer has gone out.
    if (draining && res.getHeader("connection") !== "close") req.socket.end();
  });
  res.on("close", () => inFlight.delete(res));
  next();
});

app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(securityHeaders({ isProduction, sentryDsn: config.SENTRY_DSN }));
app.use(compression());
// Before the request log and the readiness gate: a scrape every few seconds is no news, and a server still starting is worth watching.
app.use(metricsEndpoint({ token: config.METRICS_TOKEN, allow: config.METRICS_ALLOW }));
app.use(requestLog(logger, () => !ready));

app.use(crossSiteWrites);
app.use(readBody, bodyErrors, screenRequests);

// What the static files answer is counted as theirs; a request they pass on is counted under its route.
app.use((_req, res, next) => {
  countAs(res, "(static)");
  next();
});
if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Hashed file names change with their content, so they may be cached forever.
  // The build wrote each one's brotli and gzip copies: sent as they are, none is compressed per request (decision 056).
  app.use("/assets", expressStaticGzip("build/client/assets", { enableBrotli: true, orderPreference: ["br", "gz"], serveStatic: { immutable: true, maxAge: "1y" } }));
  app.use(fixedFiles("build/client", { maxAge: "1h" }));
  app.use(fixedFiles("public", { maxAge: "1h" }));
}

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(new URL("./server/index.js", import.meta.url).href)) as ServerBuild);

// Readiness fails first at shutdown, while everything else is still answered.
app.get("/api/health/ready", (_req, res, next) => {
  if (!draining) return next();
  res.status(503).set({ "retry-after": "5", "cache-control": "no-store" }).json({ status: false, message: "Shutting down: another server will answer." });
});

app.use(progress.gate(() => ready, (res) => countAs(res, "(starting)")));

app.all(
  "*",
  remixHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip, documentRequest: !req.path.endsWith(".data") }),
  }),
);

app.use(databaseAway);

const server = app.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, `Storefront listening on http://localhost:${port}`);
});

// A deploy's SIGTERM: readiness answers 503 at once while requests are
// still answered, for SHUTDOWN_DRAIN_MS, so that load balancers stop sending
// any; then the server stops listening, lets the requests in flight finish,
// stops its background loops after the round under way and closes the
// database. It exits with 0, or with 1 if requests are still in flight
// SHUTDOWN_TIMEOUT_MS after it stopped listening, or at a second signal.
const drainMs = config.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5_000 : 0);
async function shutdown(signal: string) {
  if (shuttingDown) {
    logger.warn({ signal }, "A second signal: exiting at once");
    process.exit(1);
  }
  shuttingDown = true;
  draining = true;
  for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
  // A server not yet ready has no shoppers sent to it: nothing to wait for.
  const waitMs = ready ? drainMs : 0;
  logger.info({ signal, drainMs: waitMs, inFlight: inFlight.size }, "Shutting down: readiness answers 503");
  if (waitMs) await new Promise((resolve) => setTimeout(resolve, waitMs));

  const force = setTimeout(() => {
    logger.warn({ inFlight: inFlight.size }, "Shutdown timed out; exiting");
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  logger.info({ inFlight: inFlight.size }, "Shutting down: no new connections; finishing requests in flight");
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await closed;

  await starting.catch(() => {});
  await viteDevServer?.close();
  // The product views counted since the last batch are written before the database closes.
  await Promise.all([
    stopHousekeeping(),
    stopFollowingSearchEdits(),
    stopFollowingShellChanges(),
    stopReconciling(),
    // A price file's batch under way finishes, and the job is given back for the next server to go on with.
    stopBulkJobs(),
    settleCatalogueIndex(),
    stopCountingViews().catch((err: unknown) => logger.error({ err }, "Writing the last product views failed")),
  ]);
  await closeDatabase();
  logger.info("Shut down cleanly");
  process.exit(0);
}
// A promise nobody waited for that failed is a bug, but one forgotten catch
// (a background notice that met the database restarting) must not end
// every request in flight with the process: it is logged and reported, and
// the server goes on. A synchronous throw nobody caught still ends it.
process.on("unhandledRejection", (err) => {
  logger.error({ err }, "A promise failed with nobody to handle it");
  reportServerError(err);
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// The event-loop delay the health endpoint reports is measured afresh from here (npm run bench times its windows so).
process.on("SIGUSR2", measureEventLoopFromNow);
