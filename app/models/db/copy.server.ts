import { sql } from "kysely";
import { migrate, type DB } from "./db.server";

// Moves a shop from one database to another: the embedded database to a
// PostgreSQL server (npm run db:move-to-postgres, docs/operations.md).
// pg_dump cannot do it: PGlite is PostgreSQL 18, and an 18 dump does not
// restore into an older server. So the target's schema is built by the
// app's own migrations, which run on every version the shop supports, and
// only the rows are carried over, each as JSON that the target reads back
// with its own types (numeric, bytea, arrays, jsonb and times keep their
// exact text). The target is filled in one transaction: a move that fails
// leaves it as empty as it was.

/** Tables the migrations keep for themselves, and catalogue_changes, whose transaction ids mean nothing on another server (a starting server builds its index from the products). */
const NOT_COPIED = new Set(["kysely_migration", "kysely_migration_lock", "catalogue_changes"]);
const BATCH_ROWS = 2_000;

export type CopiedTable = { table: string; rows: number };

async function tablesOf(database: DB) {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(database);
  return rows.map((row) => row.name).filter((name) => !NOT_COPIED.has(name));
}

/** The columns a row can be given: generated ones are computed again by the target. */
async function writableColumns(database: DB, table: string) {
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_attribute a
    where a.attrelid = ('public.' || quote_ident(${table}))::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`.execute(database);
  return rows.map((row) => row.name);
}

async function migrationsOf(database: DB) {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database);
  return rows.map((row) => row.name);
}

async function countRows(database: DB, table: string) {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(database);
  return Number(rows[0]!.n);
}

/**
 * Copies every row of `source` into `target`, a database with no shop in it
 * yet (no user, product or order); both are migrated first. Answers each
 * table with its row count, checked equal on both sides.
 */
export async function copyDatabase(source: DB, target: DB, onTable: (copied: CopiedTable) => void = () => {}): Promise<CopiedTable[]> {
  await migrate(source);
  await migrate(target);
  const [from, to] = [await migrationsOf(source), await migrationsOf(target)];
  if (from.join() !== to.join()) throw new Error("The two databases' migrations differ: update the app and run it on the source first.");
  for (const table of ["users", "products", "orders"]) {
    if ((await countRows(target, table)) > 0) throw new Error(`The target database already holds a shop (${table} has rows): move into a new, empty database.`);
  }
  const tables = await tablesOf(target);
  const sourceTables = new Set(await tablesOf(source));
  const absent = tables.filter((table) => !sourceTables.has(table));
  if (absent.length) throw new Error(`The source has no table ${absent.join(", ")}.`);

  const copied: CopiedTable[] = [];
  await target.transaction().execute(async (trx) => {
    // Rows arrive table by table in no order their references know: the
    // references are set aside and made again at the end, which checks
    // every one of them. The app's triggers would log each row as a new
    // change (or bump a version on the truncation) and are held too.
    const { rows: references } = await sql<{ table: string; name: string; definition: string }>`
      select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`.execute(trx);
    for (const reference of references) await sql`alter table ${sql.raw(reference.table)} drop constraint ${sql.id(reference.name)}`.execute(trx);
    for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
    // Rows the migrations wrote (the default sites, languages, states) are the source's now.
    await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);

    for (const table of tables) {
      const columns = sql.join((await writableColumns(trx, table)).map((column) => sql.id(column)));
      let rows = 0;
      await source.transaction().execute(async (reading) => {
        await sql`declare rows_to_copy no scroll cursor for select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(reading);
        for (;;) {
          const batch = await sql<{ row: string }>`fetch forward ${sql.raw(String(BATCH_ROWS))} from rows_to_copy`.execute(reading);
          if (!batch.rows.length) break;
          // One text parameter: the rows never pass through JavaScript's numbers.
          const json = `[${batch.rows.map((row) => row.row).join(",")}]`;
          await sql`insert into ${sql.table(table)} (${columns}) overriding system value
            select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(trx);
          rows += batch.rows.length;
        }
        await sql`close rows_to_copy`.execute(reading);
      });
      copied.push({ table, rows });
      onTable({ table, rows });
    }

    // The next id each sequence gives is the source's.
    const { rows: sequences } = await sql<{ name: string; last_value: string | null; start_value: string }>`
      select sequencename as name, last_value::text as last_value, start_value::text as start_value from pg_sequences where schemaname = 'public'`.execute(source);
    for (const { name, last_value, start_value } of sequences) {
      const sequence = sql`('public.' || quote_ident(${name}))::regclass`;
      if (last_value === null) await sql`select setval(${sequence}, ${start_value}::bigint, false)`.execute(trx);
      else await sql`select setval(${sequence}, ${last_value}::bigint, true)`.execute(trx);
    }

    for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
    for (const reference of references) await sql`alter table ${sql.raw(reference.table)} add constraint ${sql.id(reference.name)} ${sql.raw(reference.definition)}`.execute(trx);
  });

  for (const { table, rows } of copied) {
    const written = await countRows(target, table);
    if (written !== rows) throw new Error(`${table}: ${rows} rows read, ${written} written.`);
  }
  return copied;
}
