// `npm run bench`: builds for production, starts the server pinned to one core
// and loads it from the other, then prints throughput (wrk, saturating) and
// latency at a fixed, moderate rate (autocannon) for each target beside the
// bare Remix route measured in the same run.
//
//   npm run bench -- [--duration 10] [--connections 32] [--rate 50] [--skip-build]
//   DATABASE_URL=postgres://… npm run bench      (default: embedded, in memory)
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync, mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    rate: { type: "string", default: "50" },
    port: { type: "string", default: "3200" },
    products: { type: "string", default: "3000" },
    "skip-build": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

// The targets; the first is the baseline every other is compared with. The
// catalogue's paths are found once the server runs (ids depend on the data).
const targets = [
  { name: "bare Remix route", path: "/ping" },
  { name: "home page", path: "/en" },
  { name: "JSON API call", path: "/api/health" },
];

async function catalogueTargets() {
  const html = await (await fetch(`${base}/en/c/clothes`)).text();
  const brand = /name="f\.manufacturer"[^>]*value="(\d+)"/.exec(html)?.[1];
  const size = /name="f\.additional_field_1"[^>]*value="(\d+)"/.exec(html)?.[1];
  const product = /href="(\/en\/p\/[^"]+)"/.exec(html)?.[1];
  return [
    { name: "listing, 3 filters", path: `/en/c/clothes?f.manufacturer=${brand}&f.current_price.lte=150&f.additional_field_1=${size}` },
    { name: "search", path: "/en/search?q=jacket" },
    { name: "search suggestions", path: "/api/search/suggest?q=jack&locale=en" },
    { name: "product page", path: product ?? "/en" },
  ];
}

function has(command: string) {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}
if (!has("wrk")) {
  console.error("wrk is missing: install Debian's with `apt-get install -y wrk`.");
  process.exit(1);
}
const cores = Number(spawnSync("nproc").stdout.toString().trim()) || 1;
const pin = (core: number) => (has("taskset") && cores > 1 ? ["taskset", "-c", String(core)] : []);

if (!values["skip-build"]) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverCommand = [...pin(0), "node", "build/server.js"];
const server = spawn(serverCommand[0]!, serverCommand.slice(1), {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATABASE_URL: process.env.DATABASE_URL ?? "memory://",
    SEED_PRODUCTS: values.products,
  },
});
process.on("exit", () => server.kill("SIGTERM"));

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not start");
}

type WrkResult = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

function wrk(path: string): WrkResult {
  const args = [...pin(1), "wrk", "-t1", `-c${values.connections}`, `-d${duration}s`, "-s", "scripts/bench/report.lua", `${base}${path}`];
  const run = spawnSync(args[0]!, args.slice(1), { encoding: "utf8" });
  const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
  if (!line) throw new Error(`wrk failed: ${run.stderr}`);
  return JSON.parse(line) as WrkResult;
}

async function fixedRate(path: string) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections: 4,
    overallRate: Number(values.rate),
    duration,
  });
  return { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, non2xx: result.non2xx };
}

await waitForServer();
targets.push(...(await catalogueTargets()));
for (const target of targets) await fetch(`${base}${target.path}`); // warm caches and JIT

const rows = [];
for (const target of targets) {
  const saturated = wrk(target.path);
  const steady = await fixedRate(target.path);
  rows.push({ ...target, saturated, steady });
}

const baseline = rows[0]!.saturated.rps;
const database = (process.env.DATABASE_URL ?? "memory://").startsWith("postgres") ? "PostgreSQL" : "embedded PGlite";
console.log(`\nBench: ${database}, ${values.products} products, ${cores} cores (server on core 0, load on core 1), ${duration}s per run`);
console.log(`wrk ${values.connections} connections (saturating) | autocannon at ${values.rate} req/s (latency in ms)`);
console.log("target                 req/s   vs bare   p50     p95     p99   | fixed-rate p50  p97.5  p99");
for (const row of rows) {
  const s = row.saturated;
  console.log(
    `${row.name.padEnd(20)} ${s.rps.toFixed(0).padStart(7)}   ${(s.rps / baseline).toFixed(2).padStart(5)}×  ${s.p50.toFixed(1).padStart(6)}  ${s.p95.toFixed(1).padStart(6)}  ${s.p99.toFixed(1).padStart(6)}  | ${String(row.steady.p50).padStart(9)}  ${String(row.steady.p97_5).padStart(5)}  ${String(row.steady.p99).padStart(4)}` +
      (s.errors || s.non2xx || row.steady.non2xx ? `  (errors ${s.errors}, non-2xx ${s.non2xx + row.steady.non2xx})` : ""),
  );
}
const health = (await (await fetch(`${base}/api/health`)).json()) as { eventLoopDelayMs: { p50: number; p99: number; max: number } };
console.log(`event-loop delay over the run: p50 ${health.eventLoopDelayMs.p50} ms, p99 ${health.eventLoopDelayMs.p99} ms, max ${health.eventLoopDelayMs.max} ms`);
mkdirSync("bench-results", { recursive: true });
writeFileSync(`bench-results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify({ database, rows }, null, 2));
server.kill("SIGTERM");
process.exit(0);
