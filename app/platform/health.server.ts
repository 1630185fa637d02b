import { monitorEventLoopDelay } from "node:perf_hooks";
import { env } from "~/platform/env.server";
import { singleton } from "~/lib/singleton.server";

// How long the event loop was blocked since the server became ready: the
// embedded database runs on this thread, so its slow queries show here
// first. Seeding and building the catalogue index before that are left out,
// since no request waits for them.
const loopDelay = singleton("event-loop-delay", () => {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return histogram;
});
import { checkDatabase, describeDatabase } from "~/models/db/db.server";

/** Starts measuring afresh: called once the server is ready for requests. */
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
    memoryMb: { rss: Math.round(memory.rss / 1e6), heapUsed: Math.round(memory.heapUsed / 1e6) },
    eventLoopDelayMs: {
      p50: Math.round(loopDelay.percentile(50) / 1e4) / 100,
      p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
      max: Math.round(loopDelay.max / 1e4) / 100,
    },
  };
}
