import { sql, type Kysely } from "kysely";

// Spec 6's intermediary variant: a site that passes orders on for a partner
// and shows its customers one list of every order, with no type filter. The
// white-label site starts as one; an operator sets
// sites.settings->'intermediary' on any other.
export async function up(db: Kysely<unknown>) {
  await sql`update sites set settings = settings || '{"intermediary": true}'::jsonb where code = 'wl'`.execute(db);
}
