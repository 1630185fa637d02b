import { mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

// The embedded database runs PostgreSQL in WebAssembly on the test's own
// thread, and now and then it spins inside a commit and never returns
// (decision 015). No timer on that thread fires then, so a thread of its own
// watches for the test thread's heartbeat. When it stops for a minute the
// watchdog names the test file in HUNG_MARKER and ends the process, and
// `npm test` runs the tests again at once, instead of waiting out the
// step's time limit. A test that fails is never run again: only this marker
// starts a second run.

export const HUNG_MARKER = path.resolve("reports/hung.txt");
const SILENCE_MS = 60_000;

const WATCHDOG = `
const { workerData, parentPort } = require("node:worker_threads");
const { writeFileSync } = require("node:fs");
const beats = new Int32Array(workerData.beats);
let file = workerData.file;
parentPort.on("message", (next) => (file = next));
parentPort.unref();
let last = Atomics.load(beats, 0);
let since = Date.now();
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== last) {
    last = now;
    since = Date.now();
  } else if (Date.now() - since > workerData.silenceMs) {
    writeFileSync(workerData.marker, file + "\\n", { flag: "a" });
    process.stderr.write("\\n✖ " + file + " stopped answering for a minute: the embedded database hung (decision 015).\\n");
    process.kill(process.pid, "SIGKILL");
  }
}, 1000);
`;

/** Watches this thread while the test file `file` runs; one watchdog per process, for as long as it lives. */
export function watchForHang(file: string) {
  const store = globalThis as unknown as { __hangWatchdog?: Worker };
  if (store.__hangWatchdog) {
    store.__hangWatchdog.postMessage(file);
    return;
  }
  mkdirSync(path.dirname(HUNG_MARKER), { recursive: true });
  const beats = new SharedArrayBuffer(4);
  const counter = new Int32Array(beats);
  setInterval(() => Atomics.add(counter, 0, 1), 1000).unref();
  store.__hangWatchdog = new Worker(WATCHDOG, { eval: true, workerData: { beats, file, marker: HUNG_MARKER, silenceMs: SILENCE_MS } });
  store.__hangWatchdog.unref();
}
