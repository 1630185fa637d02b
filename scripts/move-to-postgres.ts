// `npm run db:move-to-postgres -- postgres://user:pass@host:5432/storefront`:
// copies the embedded database (DATABASE_URL, default file://./data/pglite)
// into a new, empty PostgreSQL database, schema by the app's migrations and
// every row carried over (app/models/db/copy.server.ts). Stop the server
// first: the embedded database is one process's at a time.
import { parseArgs } from "node:util";
import { copyDatabase } from "../app/models/db/copy.server";
import { createDatabase, describeDatabase } from "../app/models/db/db.server";
import { env } from "../app/platform/env.server";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { from: { type: "string" } } });
const from = values.from ?? env().DATABASE_URL;
const to = positionals[0];

if (!to || describeDatabase(to).kind !== "postgres") {
  console.error("Usage: npm run db:move-to-postgres -- [--from file://./data/pglite] postgres://user:pass@host:5432/database");
  process.exit(2);
}
if (describeDatabase(from).kind !== "embedded" || from === "memory://") {
  console.error(`The source must be an embedded database's folder (file://DIR), not ${from}. For one PostgreSQL server to another, use pg_dump and pg_restore (docs/operations.md).`);
  process.exit(2);
}

const source = createDatabase(from);
const target = createDatabase(to);
try {
  const started = performance.now();
  const copied = await copyDatabase(source, target, ({ table, rows }) => console.log(`${table}: ${rows}`));
  const rows = copied.reduce((total, table) => total + table.rows, 0);
  console.log(`Moved ${rows} rows in ${copied.length} tables in ${Math.round((performance.now() - started) / 1000)} s; every count checked.`);
} catch (error) {
  console.error(`The move failed, and the target was left as it was: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await Promise.all([source.destroy(), target.destroy()]);
}
