// `npm test`: everything that can run on this machine, in order, stopping at
// the first failure. With CI=true a missing browser or database fails the run
// instead of being skipped.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import pg from "pg";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { NGINX, suiteBrowserPath } from "../tests/e2e/browser";
import { FILE_OUTCOMES, filesToRunAgain, readFileOutcomes, type TestFile } from "../tests/file-outcomes-reporter";
import { HUNG_MARKER } from "../tests/integration/hang-watchdog";
import { databaseUrl, query, testDatabaseNames } from "../tests/postgres";

const isCI = process.env.CI === "true" || process.env.CI === "1";
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings: string[] = [];
// What this run could not do on this machine, and why: said once, at the end.
const skippedSteps: string[] = [];
mkdirSync("reports", { recursive: true });

type Outcome = "passed" | "failed" | "timed out";

const testServer = () => databaseUrl(process.env.TEST_DATABASE_URL!, "postgres");

// This run's mark in the names of the data tests' databases, which its test processes inherit.
const runId = randomBytes(4).toString("hex");
process.env.TEST_RUN_ID = runId;

/**
 * Drops what a stopped run left on the test server: the data tests'
 * databases (a migrated template per run, a copy per file) that a run drops
 * itself as it ends, but a stopped one cannot. Only this run's, by their
 * names: another run on the same server keeps its own.
 */
async function dropLeftBehind() {
  if (!process.env.TEST_DATABASE_URL) return;
  const rows = await query<{ datname: string }>(testServer(), "select datname from pg_database where datname ~ $1", [testDatabaseNames(runId)]);
  for (const { datname } of rows) await query(testServer(), `drop database if exists ${datname} with (force)`);
  if (rows.length) console.warn(`⚠ Dropped ${rows.length} test database${rows.length === 1 ? "" : "s"} the stopped run left behind.`);
}

// Ctrl-C reaches only this script, since each step has a process group of
// its own: it passes it on to every step running, and drops the databases
// the data tests were using.
const running = new Set<number>();
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    stopping = true;
    for (const group of running) process.kill(-group, "SIGTERM");
    await dropLeftBehind().catch(() => {});
    process.exit(130);
  });
}

/**
 * Runs one step. A step that outlives `minutes` is stopped with everything it
 * started, so a hung process fails the run at once instead of holding CI
 * until its own limit.
 */
async function run(name: string, command: string, args: string[], minutes: number): Promise<Outcome> {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  // Its own process group, so the workers it starts are stopped with it.
  const child = spawn(command, args, { stdio: "inherit", detached: true });
  running.add(child.pid!);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(`✖ ${name} did not finish in ${minutes} minutes: stopped.`);
    process.kill(-child.pid!, "SIGKILL");
  }, minutes * 60_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  running.delete(child.pid!);
  // Stopped by Ctrl-C: the signal's handler ends the run once it has cleared up.
  if (stopping) await new Promise(() => {});
  // What the step started and left running goes with it: when the watchdog
  // ends a test process, vitest ends at once and leaves its other test
  // processes running their files, each holding a core and gigabytes.
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // the whole group had ended
  }
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return timedOut ? "timed out" : code === 0 ? "passed" : "failed";
}

async function step(name: string, command: string, args: string[], minutes = 10) {
  return (await run(name, command, args, minutes)) === "passed";
}

function finish(ok: boolean): never {
  console.log(`\nSteps: ${timings.join(", ")}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  for (const note of skippedSteps) console.warn(`⚠ Not run: ${note}`);
  process.exit(ok ? 0 : 1);
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

// The PostgreSQL tests run on TEST_DATABASE_URL, or else on the local server
// at its default address when it answers; its database is created if it is
// missing, so a newcomer with PostgreSQL installed needs to set nothing.
const LOCAL_TEST_DATABASE = "postgres://postgres@127.0.0.1:5432/test";

/** Whether the database at `url` can be used, created first if its server lacks it; else why not. */
async function readyDatabase(url: string): Promise<true | string> {
  const name = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      console.log(`Creating the database ${name} for the PostgreSQL tests…`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const chosenDatabase = process.env.TEST_DATABASE_URL ?? LOCAL_TEST_DATABASE;
const databaseReady = await readyDatabase(chosenDatabase);
if (databaseReady === true) {
  process.env.TEST_DATABASE_URL = chosenDatabase;
} else {
  const message = process.env.TEST_DATABASE_URL
    ? `the PostgreSQL tests: TEST_DATABASE_URL does not answer (${databaseReady}).`
    : `the PostgreSQL tests: no PostgreSQL answers at ${LOCAL_TEST_DATABASE} (${databaseReady}); start one, or set TEST_DATABASE_URL.`;
  if (isCI || process.env.TEST_DATABASE_URL) {
    console.error(`✖ Cannot run ${message}`);
    finish(false);
  }
  delete process.env.TEST_DATABASE_URL;
  skippedSteps.push(message);
}
// Side by side: each is one thread, and the machine has two cores.
const checks = await Promise.all([step("typecheck", "npx", ["tsc"]), step("lint", "npx", ["eslint", "--max-warnings", "0", "."])]);
if (!checks.every(Boolean)) finish(false);

// They take 6 to 9 minutes, as busy as the machine is. The embedded
// database runs PostgreSQL in WebAssembly on the test's own thread, and now
// and then it spins inside a commit and never returns (an open PGlite problem like
// electric-sql/pglite#1068); no test timeout can fire then. A watchdog thread
// (tests/integration/hang-watchdog.ts) ends such a run within a minute and
// names the file in HUNG_MARKER; the step's time limit stops anything else
// that hangs. Either way the files that had not finished run again, twice
// at most; a failing test is never run again (decision 015).
const vitestArgs = ["vitest", "run", "--reporter=default", "--reporter=./tests/file-outcomes-reporter.ts"];

/** Every test file of every project, as vitest finds them. */
async function allTestFiles(): Promise<TestFile[]> {
  const { stdout } = await promisify(execFile)("npx", ["vitest", "list", "--filesOnly", "--json"], { maxBuffer: 16 * 1024 * 1024 });
  return (JSON.parse(stdout) as { file: string; projectName: string }[]).map(({ file, projectName }) => ({ project: projectName, file }));
}

type UnitOutcome = Outcome | "hung";

/** One run of vitest: of every file, or of only `files`. */
async function unitAndDataTests(name: string, files?: TestFile[]): Promise<UnitOutcome> {
  rmSync(HUNG_MARKER, { force: true });
  const only = files ? [...new Set(files.map((f) => f.project))].flatMap((project) => ["--project", project]).concat(files.map((f) => f.file)) : [];
  const outcome = await run(name, "npx", [...vitestArgs, ...only], 14);
  if (outcome === "timed out" || existsSync(HUNG_MARKER)) await dropLeftBehind();
  return existsSync(HUNG_MARKER) && outcome !== "passed" ? "hung" : outcome;
}

rmSync(FILE_OUTCOMES, { force: true });
let unitOutcome = await unitAndDataTests("unit and data tests");
const hungIn = () => (existsSync(HUNG_MARKER) ? readFileSync(HUNG_MARKER, "utf8").trim() : undefined);
// A process the watchdog ended once its files had all reported (a hang while
// it closed its databases) fails no test: vitest passes the run, or ends it
// with every file reported.
if (unitOutcome === "passed" && hungIn()) console.warn(`⚠ A test process hung after its tests had passed, in ${hungIn()}; every test passed.`);
for (const again of ["again", "a third time"]) {
  if (unitOutcome !== "timed out" && unitOutcome !== "hung") break;
  const next = filesToRunAgain(await allTestFiles(), readFileOutcomes());
  if (next.failed) {
    console.error("✖ The unit and data tests hung, and a test had failed before: nothing is run again.");
    unitOutcome = "failed";
    break;
  }
  const unfinished = next.files;
  const where = hungIn() ? ` in ${hungIn()}` : "";
  if (unfinished.length === 0) {
    console.warn(`⚠ A test process hung${where} after every file had reported; every test passed.`);
    unitOutcome = "passed";
    break;
  }
  console.error(`✖ The unit and data tests ${unitOutcome === "hung" ? "hung" : "timed out"}${where}: running the ${unfinished.length} file${unfinished.length === 1 ? "" : "s"} that had not finished ${again}.`);
  unitOutcome = await unitAndDataTests(`unfinished unit and data tests, ${again}`, unfinished);
}
const unitOk = unitOutcome === "passed";
for (const outcome of readFileOutcomes()) {
  totals.passed += outcome.passed;
  totals.failed += outcome.failed;
  totals.skipped += outcome.skipped;
}
if (!unitOk) finish(false);

if (!(await step("production build", "npm", ["run", "build"]))) finish(false);
if (!(await step("JavaScript budget", "npx", ["tsx", "scripts/js-budget.ts"]))) finish(false);
if (!(await step("HTML budget", "npx", ["tsx", "scripts/html-budget.ts"]))) finish(false);

if (!suiteBrowserPath()) {
  const message = "the browser suite: no Chromium found. Install Debian's with `apt-get install -y chromium chromium-headless-shell`, or set CHROMIUM_PATH.";
  if (isCI) {
    console.error(`✖ Cannot run ${message} CI needs it.`);
    finish(false);
  }
  skippedSteps.push(message);
  finish(true);
}
if (!NGINX) {
  const message = "Shared cache test skipped: no nginx found. Install Debian's with `apt-get install -y nginx`.";
  if (isCI) {
    console.error(`✖ ${message} CI needs it.`);
    finish(false);
  }
  console.warn(`⚠ ${message}`);
}
rmSync("reports/e2e.json", { force: true });
// 15 to 50 minutes on 2 cores, as busy as the machine is; bounded so that a
// hung server fails the run inside CI's limit.
const e2eOk = await step("browser suite", "npx", ["playwright", "test"], 60);
type E2eSuite = { file?: string; specs?: { title: string; line: number; tests: { projectName: string; status: string }[] }[]; suites?: E2eSuite[] };
const e2e = readJson<{ stats: { expected: number; unexpected: number; skipped: number; flaky: number }; suites: E2eSuite[] }>("reports/e2e.json");
if (e2e) {
  totals.passed += e2e.stats.expected + e2e.stats.flaky;
  totals.failed += e2e.stats.unexpected;
  totals.skipped += e2e.stats.skipped;
  // A walk that failed once and passed when run again (playwright.config.ts) is named, never hidden.
  const flaky = (suite: E2eSuite, file = suite.file): string[] => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.filter((t) => t.status === "flaky").map((t) => `[${t.projectName}] ${file}:${spec.line} ${spec.title}`)),
    ...(suite.suites ?? []).flatMap((inner) => flaky(inner, inner.file ?? file)),
  ];
  for (const name of e2e.suites.flatMap((suite) => flaky(suite))) console.warn(`⚠ Failed once, passed when run again: ${name}`);
}
finish(e2eOk);
