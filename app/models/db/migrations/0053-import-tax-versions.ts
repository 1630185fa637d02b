import { sql, type Kysely } from "kysely";

// A destination's import VAT, duty and duty-free value are edited in the
// back office (/admin/settings/taxes/…): each row carries when it last
// changed, the version its edit form names (the stale-edit rule).
export async function up(db: Kysely<unknown>) {
  await sql`alter table import_taxes add column updated_at timestamptz not null default now()`.execute(db);
}
