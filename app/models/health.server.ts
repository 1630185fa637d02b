import { env } from "~/lib/env.server";
import { checkDatabase, describeDatabase } from "./db.server";

/** What the health endpoint and the status page report. */
export async function serviceStatus() {
  const started = performance.now();
  let ok = true;
  try {
    await checkDatabase();
  } catch {
    ok = false;
  }
  return {
    healthy: ok,
    database: { ok, kind: describeDatabase(env().DATABASE_URL).kind, latencyMs: Math.round(performance.now() - started) },
    buildId: __BUILD_ID__,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
