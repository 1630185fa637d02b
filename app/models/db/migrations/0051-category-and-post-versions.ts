import { sql, type Kysely } from "kysely";

// The back office's categories and blog posts (docs/back-office.md):
// - a category and a blog post carry when they last changed, the version
//   their edit form names (the stale-edit rule), as pages and FAQ entries
//   do (0048). The categories' and the blog's tables already move the
//   shell's version on every write (0019, 0026), so a renamed or moved
//   category is in every menu, listing and sitemap within a second;
// - a blog post's text in a language is published or a draft (only a
//   published text is shown, in the blog, its teasers, the footer's link
//   and the sitemap), with its own SEO title and description, as a page's
//   and an FAQ answer's are. The posts written so far stay published.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table categories add column updated_at timestamptz not null default now();
    alter table blog_posts add column updated_at timestamptz not null default now();
    alter table blog_post_translations
      add column published boolean not null default true,
      add column seo_title text not null default '',
      add column seo_description text not null default '';
  `.execute(db);
}
