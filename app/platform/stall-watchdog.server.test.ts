import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MODULE = path.resolve("app/platform/stall-watchdog.server.ts");

/** Runs `body` in a process of its own that watches its thread with a silence of 1.5 s; resolves with how it ended. */
function runWatched(body: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "stall-"));
  const marker = path.join(dir, "marker.txt");
  const script = path.join(dir, "child.ts");
  writeFileSync(
    script,
    `import { watchForStall } from ${JSON.stringify(MODULE)};
watchForStall({ label: "The test thread", message: "stopped answering.", silenceMs: 1500, marker: ${JSON.stringify(marker)} });
${body}`,
  );
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; marker: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code, signal) => {
      let written = "";
      try {
        written = readFileSync(marker, "utf8");
      } catch {
        // no marker: the watchdog never fired
      }
      resolve({ code, signal, stderr, marker: written });
    });
  });
}

describe("the stall watchdog", () => {
  it("ends a process whose thread spins without answering, and says so", async () => {
    // A loop that never yields, as PGlite's commit does when it hangs.
    const ended = await runWatched("setTimeout(() => { for (;;); }, 100);");
    expect(ended.signal).toBe("SIGKILL");
    expect(ended.stderr).toContain("✖ The test thread stopped answering.");
    expect(ended.marker).toBe("The test thread\n");
  }, 30_000);

  it("leaves a process alone while its thread answers, however long it runs", async () => {
    // Busy for 300 ms at a time, then answering: three seconds in all, twice the silence.
    const ended = await runWatched(`
const until = Date.now() + 3000;
const busy = () => { const stop = Date.now() + 300; while (Date.now() < stop); if (Date.now() < until) setTimeout(busy, 10); };
busy();`);
    expect(ended.signal).toBeNull();
    expect(ended.code).toBe(0);
    expect(ended.stderr).not.toContain("stopped answering");
    expect(ended.marker).toBe("");
  }, 30_000);
});
