import { sql } from "kysely";
import type { DB } from "~/models/db/db.server";

/**
 * Runs `load` with the foreign keys of `tables` dropped and adds them back
 * afterwards, as the PostgreSQL manual advises for populating a database:
 * checking a key row by row costs more than writing the row, while adding
 * the constraint back checks all rows in one join. The definitions are read
 * from the catalogue, so they come back exactly as the migrations made them.
 * Must run inside a transaction: if anything fails, the drop rolls back too.
 */
export async function withoutForeignKeys<T>(db: DB, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ table_name: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table_name, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.conrelid in (${sql.join(tables.map((t) => sql`${sql.lit(t)}::regclass`))})
    order by c.conrelid::regclass::text, c.conname`.execute(db);

  for (const fk of rows) await sql.raw(`alter table ${fk.table_name} drop constraint ${fk.name}`).execute(db);
  const result = await load();
  for (const table of new Set(rows.map((r) => r.table_name))) {
    const adds = rows.filter((r) => r.table_name === table).map((r) => `add constraint ${r.name} ${r.definition}`);
    await sql.raw(`alter table ${table} ${adds.join(", ")}`).execute(db);
  }
  return result;
}
