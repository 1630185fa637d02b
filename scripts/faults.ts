// `npm run faults` (issue 33): the fault scenarios, on PostgreSQL, one after
// another, each on production servers and a database of its own
// (playwright.faults.config.ts), then a report of what each proved. The
// same tests run in `npm test`; here they run alone, with nothing else
// loading the machine, and FAULTS_ROUNDS makes the shoppers of the
// connection-cutting scenario buy that many rounds each instead of five.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run faults -- [--skip-build] [--rounds 5]
//   SCRATCH_DATABASE_PREFIX: other database names for its servers (tests/e2e/scratch-server.ts); their ports are free ones
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { parseArgs, stripVTControlCharacters } from "node:util";
import { FAULT_SPECS } from "../playwright.faults.config";

const { values } = parseArgs({ options: { "skip-build": { type: "boolean", default: false }, rounds: { type: "string", default: "5" } } });

if (!process.env.TEST_DATABASE_URL) {
  console.error("The fault scenarios run on PostgreSQL: set TEST_DATABASE_URL=postgres://user@host:5432/db (a server where they may create databases).");
  process.exit(2);
}
if (!values["skip-build"]) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// What each scenario is about, for the report: the file's tests say how.
const WHAT: Record<string, string> = {
  "database-faults": "the database away: connections cut during checkouts, card payments and balance spends; the database gone and back",
  "server-kill": "an app server SIGKILLed inside an order's confirm and a payment's settlement, before and after each commit",
  "payment-crash": "an app server killed after the processor took the money, before the shop recorded it; reconciliation after the restart",
  "server-lifecycle": "starting (readiness), a failing loader (500 without a stack), SIGTERM with a request held on a lock",
  deploys: "a deploy's SIGTERM with requests sending their bodies and pages under way on kept-alive connections",
};

rmSync("reports/faults.json", { force: true });
const started = Date.now();
const child = spawn("npx", ["playwright", "test", "--config", "playwright.faults.config.ts"], { stdio: "inherit", env: { ...process.env, FAULTS_ROUNDS: values.rounds } });
const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));

type Spec = { title: string; file: string; tests: { results: { status: string; duration: number; error?: { message?: string } }[] }[] };
type Suite = { title: string; file: string; specs: Spec[]; suites?: Suite[] };
const report = existsSync("reports/faults.json") ? (JSON.parse(readFileSync("reports/faults.json", "utf8")) as { suites: Suite[] }) : { suites: [] };
const specs = (suite: Suite): Spec[] => [...suite.specs, ...(suite.suites ?? []).flatMap(specs)];

console.log(`\nFault scenarios, ${((Date.now() - started) / 1000).toFixed(0)}s:`);
let failed = 0;
for (const name of FAULT_SPECS) {
  const suite = report.suites.find((s) => s.file.endsWith(`${name}.spec.ts`));
  console.log(`\n${name}: ${WHAT[name] ?? ""}`);
  if (!suite) {
    failed += 1;
    console.log("  ✖ did not run");
    continue;
  }
  for (const spec of specs(suite)) {
    const result = spec.tests[0]?.results.at(-1);
    const status = result?.status ?? "not run";
    if (status !== "passed" && status !== "skipped") failed += 1;
    const mark = status === "passed" ? "✔" : status === "skipped" ? "–" : "✖";
    console.log(`  ${mark} ${spec.title} (${((result?.duration ?? 0) / 1000).toFixed(1)}s)${status === "passed" ? "" : `: ${status}`}`);
    if (result?.error?.message) console.log(`      ${stripVTControlCharacters(result.error.message).split("\n")[0]}`);
  }
}
console.log(failed || code !== 0 ? `\n✖ ${failed} scenario tests did not pass` : "\n✔ every fault scenario held");
process.exit(failed || code !== 0 ? 1 : 0);
