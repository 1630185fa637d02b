import { monitorEventLoopDelay } from "node:perf_hooks";
import { env } from "~/platform/env.server";
import { singleton } from "~/lib/singleton.server";

// How long the event loop was blocked since the server became ready: the
// embedded database runs on this thread, so its slow queries show here
// first. Seeding and building the catalogue index before that are left out,
// since no request waits for them.
const RESOLUTION_MS = 10;
const loopDelay = singleton("event-loop-delay", () => {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return histogram;
});

/** Node's histogram holds the whole interval between its timer's runs; the delay is what passed beyond the interval. */
const delayMs = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
import { checkDatabase, describeDatabase } from "~/models/db/db.server";

/** Starts measuring afresh: called once the server is ready for requests, and on SIGUSR2 (the bench's measured windows). */
export function measureEventLoopFromNow() {
  loopDelay.reset();
}

/** What the health endpoint and the status page report. */
export async function serviceStatus() {
  const started = performance.now();
  let ok = true;
  try {
    await checkDatabase();
  } catch {
    ok = false;
  }
  const memory = process.memoryUsage();
  return {
    healthy: ok,
    database: { ok, kind: describeDatabase(env().DATABASE_URL).kind, latencyMs: Math.round(performance.now() - started) },
    buildId: __BUILD_ID__,
    uptimeSeconds: Math.round(process.uptime()),
    /** Resident memory (most of it, at a million products, the catalogue index) and the JavaScript heap in use. */
    memoryMb: { rss: Math.round(memory.rss / 1e6), heapUsed: Math.round(memory.heapUsed / 1e6), arrayBuffers: Math.round(memory.arrayBuffers / 1e6) },
    eventLoopDelayMs: { p50: delayMs(loopDelay.percentile(50)), p99: delayMs(loopDelay.percentile(99)), max: delayMs(loopDelay.max) },
  };
}
