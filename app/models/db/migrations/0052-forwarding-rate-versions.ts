import { sql, type Kysely } from "kysely";

// The calculator's forwarding rates are edited in the back office
// (/admin/settings/forwarding/…): each rate carries when it last changed,
// the version its edit form names (the stale-edit rule), as the cart's
// shipping rates do.
export async function up(db: Kysely<unknown>) {
  await sql`alter table forwarding_rates add column updated_at timestamptz not null default now()`.execute(db);
}
