import { sql, type Kysely } from "kysely";

// The home page's sections are edited in the back office
// (/admin/content/home/…): each row carries when it last changed, and a
// site's page of them names the latest, the version the stale-edit rule
// compares (docs/back-office.md).
export async function up(db: Kysely<unknown>) {
  await sql`alter table home_sections add column updated_at timestamptz not null default now()`.execute(db);
}
