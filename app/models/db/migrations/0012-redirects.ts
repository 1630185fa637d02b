import { sql, type Kysely } from "kysely";

// Spec 2's server-provided redirects: old paths an operator sends elsewhere,
// permanently (301) or for now (302). The primary key on the path is the
// index every page's check reads.
export async function up(db: Kysely<unknown>) {
  await sql`
    create table redirects (
      from_path text primary key check (from_path like '/%' and from_path not like '//%'),
      to_url text not null check (to_url <> ''),
      status smallint not null default 301 check (status in (301, 302)),
      created_at timestamptz not null default now()
    )`.execute(db);
}
