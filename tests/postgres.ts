import { randomBytes } from "node:crypto";
import pg from "pg";

// The PostgreSQL server the tests may use (TEST_DATABASE_URL), shared by the
// data tests and the browser suite: one statement on it, and the address of
// one of its databases.

export const serverUrl = process.env.TEST_DATABASE_URL;

export async function query<R extends pg.QueryResultRow>(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** The address of the database `name` on the server at `url`. */
export function databaseUrl(url: string, name: string) {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/**
 * A new name for one of the data tests' own databases: the migrated template
 * of a run, or a test file's copy of it. `npm test` finds a stopped run's
 * leftovers by TEST_DATABASE_NAMES and drops them.
 */
export function testDatabaseName(kind: "template" | "test") {
  return `storefront_${kind}_${randomBytes(6).toString("hex")}`;
}

/** Every name testDatabaseName gives, as a PostgreSQL regular expression. */
export const TEST_DATABASE_NAMES = "^storefront_(template|test)_[0-9a-f]+$";
