import { sql, type Kysely } from "kysely";

// The back office's categories (docs/back-office.md): a category carries
// when it last changed, the version its edit form names (the stale-edit
// rule), as pages and FAQ entries do (0048). Its tables already move the
// shell's version on every write (0019), so a renamed or moved category is
// in every menu, listing and sitemap within a second.
export async function up(db: Kysely<unknown>) {
  await sql`alter table categories add column updated_at timestamptz not null default now()`.execute(db);
}
