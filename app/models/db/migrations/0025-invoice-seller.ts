import { sql, type Kysely } from "kysely";

// An issued invoice never changes: the seller's details are kept with it as
// they were on the day it was issued, so a later change of the business's
// name or address does not rewrite invoices already sent.
export async function up(db: Kysely<unknown>) {
  await sql`alter table invoices add column seller jsonb`.execute(db);
}
