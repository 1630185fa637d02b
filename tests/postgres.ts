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
