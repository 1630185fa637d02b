import { sql, type Kysely } from "kysely";

// A category's picture, shown on the home page's category tiles, comes from
// the data like a product's, not from a path the page makes up. Null means
// the category has none, and its tile shows only the name.
export async function up(db: Kysely<unknown>) {
  await sql`alter table categories add column image text`.execute(db);
}
