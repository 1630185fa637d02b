import { sql, type Kysely } from "kysely";

// Issue 16, FAQ and blog:
// - an FAQ entry belongs to one category (ordering, payment, shipping,
//   quotes, returns; anything else is shown under "other"), named in the
//   page texts rather than in a table: the list is short and fixed;
// - a blog post names its author, and may belong to one site only (null:
//   every site shows it), so a white-label site can have no blog at all;
// - whether a site has posts is part of its shell (the footer's blog link),
//   so a write to the blog tables moves the shell's version (0019) too.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table faq_entries add column category text not null default 'other';
    create index faq_entries_position on faq_entries (category, position);
    alter table blog_posts add column author text not null default '';
    alter table blog_posts add column site_id integer references sites on delete cascade;
    create index blog_posts_site on blog_posts (site_id, published_at desc);
  `.execute(db);
  for (const table of ["blog_posts", "blog_post_translations"]) {
    await sql`
      create trigger ${sql.raw(`${table}_shell_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_shell_version()`.execute(db);
  }
}
