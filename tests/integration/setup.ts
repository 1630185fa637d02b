import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, migrate } from "~/models/db.server";

// Each test file gets a database of its own: a fresh in-memory PGlite, or a
// fresh database on the PostgreSQL server, dropped afterwards.
const serverUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
let scratchName: string | undefined;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// At the top level, before the test file's imports read the environment.
if (serverUrl) {
  scratchName = `storefront_test_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${scratchName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${scratchName}`;
  process.env.DATABASE_URL = url.toString();
}

beforeAll(async () => {
  await migrate();
});

afterAll(async () => {
  await closeDatabase();
  if (scratchName) await admin(`drop database if exists ${scratchName} with (force)`);
});
