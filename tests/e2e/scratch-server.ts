import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { databaseUrl, query, serverUrl } from "../postgres";

// Browser tests that need the shop on PostgreSQL servers of their own: a
// database of their own on the server TEST_DATABASE_URL names, and
// production servers they start, kill and restart on it themselves, beside
// the suite's shared one.

export { query, serverUrl };

/** A new empty database on the test server, named for the test (after SCRATCH_DATABASE_PREFIX, "storefront" unless set); its URL. */
export async function createScratchDatabase(prefix: string) {
  const name = `${process.env.SCRATCH_DATABASE_PREFIX ?? "storefront"}_${prefix}_${randomBytes(5).toString("hex")}`;
  await query(serverUrl!, `create database ${name}`);
  return databaseUrl(serverUrl!, name);
}

export async function dropScratchDatabase(url: string | undefined) {
  if (!url) return;
  await query(serverUrl!, `drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
}

export type ScratchServer = { process: ChildProcess; base: string; output: () => string };

/** The production build on `port` over the database, once it reports itself ready. */
export async function startServer(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ScratchServer> {
  // A port another process holds would make its readiness answer for ours, and the test talk to someone else's shop.
  await new Promise<void>((resolve, reject) => {
    const probe = createServer().once("error", () => reject(new Error(`Port ${port} is taken by another process: take a free one (tests/e2e/free-port.ts)`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
  let output = "";
  const child = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_PRODUCTS: "200",
      LOG_LEVEL: "warn",
      SESSION_SECRET: "a-scratch-server-session-secret-for-tests",
      ...env,
    },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return { process: child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server on ${port} did not start:\n${output}`);
}

/** Kills a server as a power cut would: no shutdown hooks, no draining. */
export async function killServer(server: ScratchServer | undefined) {
  // Gone already: exited, or ended by a signal (which leaves exitCode null).
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGKILL");
  await exited;
}
