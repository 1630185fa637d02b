import { sql, type Kysely } from "kysely";

// The footer links the content pages at each language's own address
// (/lt/kontaktai rather than /lt/contacts and a redirect), so those
// addresses are part of the shell's kept data (decision 024): a write to the
// pages tables moves the shell's version (0019), as the blog's do (0026).
export async function up(db: Kysely<unknown>) {
  for (const table of ["pages", "page_translations"]) {
    await sql`
      create trigger ${sql.raw(`${table}_shell_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_shell_version()`.execute(db);
  }
}
