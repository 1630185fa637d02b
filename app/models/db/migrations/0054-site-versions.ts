import { sql, type Kysely } from "kysely";

// A site's name, features, currencies and tag ids are edited in the back
// office (/admin/settings/sites/…): the site carries when it last changed,
// the version its edit form names (the stale-edit rule). The sites' tables
// already move the shell's version on every write (0019), so every server
// follows a saved site within a second.
export async function up(db: Kysely<unknown>) {
  await sql`alter table sites add column updated_at timestamptz not null default now()`.execute(db);
}
