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
 * of a run, or a test file's copy of it. It carries the run's mark
 * (TEST_RUN_ID, which `npm test` sets for each run), so that `npm test` drops
 * what a stopped run of its own left behind by `testDatabaseNames`, and never
 * a database another run beside it on the same server is using.
 */
export function testDatabaseName(kind: "template" | "test") {
  return `storefront_${kind}_${process.env.TEST_RUN_ID ?? "local"}_${randomBytes(6).toString("hex")}`;
}

/** Every name testDatabaseName gives in the run `run`, as a PostgreSQL regular expression. */
export function testDatabaseNames(run: string) {
  return `^storefront_(template|test)_${run}_[0-9a-f]+$`;
}
