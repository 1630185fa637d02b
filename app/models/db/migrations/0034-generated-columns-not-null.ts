import { sql, type Kysely } from "kysely";

// Two generated columns that can never be null (a product's discount from
// its two prices, a translation's words from its name and description) were
// declared without NOT NULL, so the database called them nullable and the
// schema check (tests/integration/schema.test.ts) could not hold db/schema.ts
// to the truth. The constraint says what the expressions already guarantee.
export async function up(db: Kysely<unknown>) {
  await sql`alter table products alter column discount_percentage set not null`.execute(db);
  await sql`alter table product_translations alter column search_vector set not null`.execute(db);
}
