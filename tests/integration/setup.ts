import { afterAll, beforeAll, inject } from "vitest";
import { watchForHang } from "./hang-watchdog";
import { databaseUrl, query, testDatabaseName } from "../postgres";

// Each test file gets a database of its own: a fresh in-memory PGlite, or a
// database on the PostgreSQL server copied from the template global-setup.ts
// migrated, dropped afterwards.
const serverUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
let scratchName: string | undefined;

/** pg's pool.end() resolves before its sockets have closed; wait for them. */
async function waitForConnectionsToClose(database: string) {
  for (let i = 0; i < 50; i++) {
    const [row] = await query<{ n: number }>(serverUrl!, "select count(*)::int as n from pg_stat_activity where datname = $1", [database]);
    if (!row?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// At the top level, before the test file's imports read the environment.
if (serverUrl) {
  scratchName = testDatabaseName("test");
  await query(serverUrl!, `create database ${scratchName} template ${inject("migratedTemplate")}`);
  process.env.DATABASE_URL = databaseUrl(serverUrl, scratchName);
}
// Imported only now: the app reads its environment once, on the first
// import that needs it (the logger does at load), and must read this
// file's database, not the server's.
const { closeDatabase, migrate } = await import("~/models/db/db.server");

beforeAll(async (file) => {
  watchForHang("filepath" in file ? String(file.filepath) : file.name);
  await migrate();
});

afterAll(async () => {
  await closeDatabase();
  if (scratchName) {
    await waitForConnectionsToClose(scratchName);
    await query(serverUrl!, `drop database if exists ${scratchName} with (force)`);
  }
});
