import { mkdirSync } from "node:fs";
import path from "node:path";
import { watchForStall, type StallWatch } from "../../app/platform/stall-watchdog.server";

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

/** Watches this thread while the test file `file` runs; one watchdog per process, for as long as it lives. */
export function watchForHang(file: string) {
  const store = globalThis as unknown as { __hangWatch?: StallWatch };
  if (store.__hangWatch) {
    store.__hangWatch.relabel(file);
    return;
  }
  mkdirSync(path.dirname(HUNG_MARKER), { recursive: true });
  store.__hangWatch = watchForStall({
    label: file,
    message: "stopped answering for a minute: the embedded database hung (decision 015).",
    silenceMs: SILENCE_MS,
    marker: HUNG_MARKER,
  });
}
