import { sql, type Kysely } from "kysely";

// What every page's shell reads (the sites with their hosts, languages and
// currencies, the categories, the redirects), and the catalogue's settings
// (additional fields and flags, their names and which are facets), changes a
// few times a day, by an operator. Each app server keeps it in memory (shell-cache.server.ts)
// and drops it when shell_state.version moves, which any write to those
// tables does, from any server or command, in the writer's transaction.
const SHELL_TABLES = [
  "sites",
  "site_hosts",
  "site_languages",
  "site_currencies",
  "languages",
  "currencies",
  "categories",
  "category_translations",
  "redirects",
  "additional_fields",
  "additional_field_translations",
  "additional_field_options",
  "additional_field_option_translations",
  "flags",
  "flag_translations",
];

export async function up(db: Kysely<unknown>) {
  await sql`
    create table shell_state (
      only_row boolean primary key default true check (only_row),
      version bigint not null default 1
    );
    insert into shell_state default values;
    create function bump_shell_version() returns trigger language plpgsql as $$
    begin
      update shell_state set version = version + 1;
      return null;
    end $$;
  `.execute(db);
  for (const table of SHELL_TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_shell_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_shell_version()`.execute(db);
  }
}
