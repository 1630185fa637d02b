import type { TestProject } from "vitest/node";
import { createDatabase, migrate } from "~/models/db/db.server";
import { databaseUrl, query, testDatabaseName } from "../postgres";

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

export default async function setup(project: TestProject) {
  const serverUrl = project.config.env.DATABASE_URL;
  if (!serverUrl?.startsWith("postgres")) return;
  const template = testDatabaseName("template");
  await query(serverUrl, `create database ${template}`);
  const database = createDatabase(databaseUrl(serverUrl, template));
  await migrate(database);
  // A template can be copied only while nobody is connected to it.
  await database.destroy();
  project.provide("migratedTemplate", template);
  return async () => void (await query(serverUrl, `drop database if exists ${template} with (force)`));
}
