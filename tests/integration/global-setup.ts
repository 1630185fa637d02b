import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase, migrate } from "~/models/db/db.server";

// On PostgreSQL the schema is built once per run, not once per test file:
// every data test file gets a copy of this migrated database
// (`create database … template`), which takes a fraction of the migrations'
// time. The embedded database is made afresh for each file: files started
// from a copy of a migrated PGlite hung inside a commit far more often
// (decision 015).

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database on the test server to copy. */
    migratedTemplate: string;
  }
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = project.config.env.DATABASE_URL;
  if (!serverUrl?.startsWith("postgres")) return;
  const template = `storefront_template_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `create database ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = createDatabase(url.toString());
  await migrate(database);
  // A template can be copied only while nobody is connected to it.
  await database.destroy();
  project.provide("migratedTemplate", template);
  return () => admin(serverUrl, `drop database if exists ${template} with (force)`);
}
