import { Worker } from "node:worker_threads";

// The embedded database runs PostgreSQL in WebAssembly on the calling thread,
// and now and then it spins inside a commit and never returns
// (electric-sql/pglite#1068, decision 015). No timer on that thread fires
// then, and nothing on it can stop the loop, so a thread of its own watches
// for its heartbeat. When the heartbeat stops for `silenceMs`, the watchdog
// says so on stderr, adds the label to `marker` when one is given, and ends
// the process: a process manager starts a fresh one, where a spinning one
// would hold every request at 100% CPU for ever.

const WATCHDOG = `
const { workerData, parentPort } = require("node:worker_threads");
const { appendFileSync, writeSync } = require("node:fs");
const beats = new Int32Array(workerData.beats);
let label = workerData.label;
parentPort.on("message", (next) => (label = next));
parentPort.unref();
let last = Atomics.load(beats, 0);
let since = Date.now();
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== last) {
    last = now;
    since = Date.now();
  } else if (Date.now() - since > workerData.silenceMs) {
    if (workerData.marker) appendFileSync(workerData.marker, label + "\\n");
    // Straight to the file descriptor: a worker's process.stderr is relayed by the thread that hung.
    writeSync(2, "\\n✖ " + label + " " + workerData.message + "\\n");
    process.kill(process.pid, "SIGKILL");
  }
}, Math.min(1000, workerData.silenceMs / 4));
`;

export type StallWatch = {
  /** Names what the thread is doing now, for the message and the marker. */
  relabel(label: string): void;
};

/** Ends this process when its thread has not answered for `silenceMs`; one watch per process, for as long as it lives. */
export function watchForStall({ label, message, silenceMs, marker }: { label: string; message: string; silenceMs: number; marker?: string }): StallWatch {
  const beats = new SharedArrayBuffer(4);
  const counter = new Int32Array(beats);
  setInterval(() => Atomics.add(counter, 0, 1), Math.min(1000, silenceMs / 4)).unref();
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { beats, label, message, silenceMs, marker } });
  worker.unref();
  return { relabel: (next) => worker.postMessage(next) };
}
