import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { databaseUrl, query, serverUrl } from "../postgres";

// The browser suite's own shop: the production build with demo data. Given a
// PostgreSQL server (TEST_DATABASE_URL), as in CI, it runs on a fresh
// database there, as production does (decision 015); otherwise on the
// embedded database in memory, so the suite needs nothing but Chromium.

const port = process.env.PORT ?? "3100";
let address = "memory://";
const database = `storefront_e2e_${port}`;
// Production with PostgreSQL refuses to start without a secret of its own.
const sessionSecret = randomBytes(32).toString("hex");

if (serverUrl) {
  // A fixed name, so a run that was killed leaves nothing the next one keeps.
  await query(serverUrl, `drop database if exists ${database} with (force)`);
  await query(serverUrl, `create database ${database}`);
  address = databaseUrl(serverUrl, database);
}

const server = spawn("node", ["build/server.js"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: address, SEED_ON_START: "always", SESSION_SECRET: sessionSecret },
});

async function dropDatabase() {
  if (serverUrl) await query(serverUrl, `drop database if exists ${database} with (force)`).catch(() => {});
}

// `on`, not `once`: the signal may come twice (to the process group, and passed on by tsx).
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
server.once("exit", async (code, signal) => {
  await dropDatabase();
  process.exit(code ?? (signal ? 1 : 0));
});
