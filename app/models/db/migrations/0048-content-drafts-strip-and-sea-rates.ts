import { sql, type Kysely } from "kysely";

// The back office's content and rates (docs/back-office.md):
// - a content page's and an FAQ answer's text in a language is published or
//   a draft (only published texts are shown), with its own SEO title (and,
//   for an answer, SEO description; a page had its description already);
// - an FAQ entry carries when it last changed, the version its edit form
//   names (the stale-edit rule), as pages do;
// - the notification strip over every page says what the site wrote for
//   it in each language (no row: the shop's own text; an empty text: no
//   strip). It is part of every page's shell, so a write to it moves the
//   shell's version (0019) and every app server shows it within a second;
// - the cart's rates carry when they last changed, for the same rule;
// - the demo's sea rate (0014) priced light, bulky carts above air: its
//   volumetric divisor was 1,000 cm³ per kg against air's 5,000, so a
//   mascara of 23,600 cm³ came to €70.43 by sea and €36.19 by air. Sea's
//   divisor is now 6,000, as the calculator's demo sea rates have (0024),
//   so sea is never dearer than air. A rate an operator set is left alone.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table faq_entries add column updated_at timestamptz not null default now();
    alter table faq_translations
      add column published boolean not null default true,
      add column seo_title text not null default '',
      add column seo_description text not null default '';
    alter table page_translations
      add column published boolean not null default true,
      add column seo_title text not null default '';

    create table notification_strips (
      site_id smallint not null references sites on delete cascade,
      language_id smallint not null references languages,
      text text not null check (char_length(text) <= 300),
      updated_at timestamptz not null default now(),
      primary key (site_id, language_id)
    );
    create trigger notification_strips_shell_version
      after insert or update or delete or truncate on notification_strips
      for each statement execute function bump_shell_version();

    alter table shipping_rates add column updated_at timestamptz not null default now();
    update shipping_rates set volumetric_divisor = 6000
      where method = 'sea' and volumetric_divisor = 1000 and base_minor = 199 and per_kg_minor = 290 and discount_percent = 10;
  `.execute(db);
}
