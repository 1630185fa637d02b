// `npm test`: everything that can run on this machine, in order, stopping at
// the first failure. With CI=true a missing browser or database fails the run
// instead of being skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { chromiumPath } from "../tests/e2e/browser";

const isCI = process.env.CI === "true" || process.env.CI === "1";
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings: string[] = [];
mkdirSync("reports", { recursive: true });

function step(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  return result.status === 0;
}

function finish(ok: boolean): never {
  console.log(`\nSteps: ${timings.join(", ")}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

if (!step("typecheck", "npx", ["tsc"])) finish(false);
if (!step("lint", "npx", ["eslint", "--max-warnings", "0", "."])) finish(false);

if (!process.env.TEST_DATABASE_URL) {
  const message = "PostgreSQL data tests skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run them.";
  if (isCI) {
    console.error(`✖ ${message} CI needs them.`);
    finish(false);
  }
  console.warn(`⚠ ${message}`);
}
const unitOk = step("unit and data tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=reports/vitest.json",
]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(
  "reports/vitest.json",
);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!unitOk) finish(false);

if (!step("production build", "npm", ["run", "build"])) finish(false);
if (!step("JavaScript budget", "npx", ["tsx", "scripts/js-budget.ts"])) finish(false);

if (!chromiumPath()) {
  const message =
    "Browser suite skipped: no Chromium found. Install Debian's with `apt-get install -y chromium`, or set CHROMIUM_PATH.";
  if (isCI) {
    console.error(`✖ ${message} CI needs it.`);
    finish(false);
  }
  console.warn(`⚠ ${message}`);
  finish(true);
}
const e2eOk = step("browser suite", "npx", ["playwright", "test"]);
const e2e = readJson<{ stats: { expected: number; unexpected: number; skipped: number; flaky: number } }>("reports/e2e.json");
if (e2e) {
  totals.passed += e2e.stats.expected + e2e.stats.flaky;
  totals.failed += e2e.stats.unexpected;
  totals.skipped += e2e.stats.skipped;
}
finish(e2eOk);
