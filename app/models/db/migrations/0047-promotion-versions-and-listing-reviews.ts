import { sql, type Kysely } from "kysely";

// The back office's promotions and sellers' listings (docs/back-office.md):
// - a promotion gains a version, raised by every staff change, so an edit
//   made on an old page is refused (the stale-edit rule); a checkout's use
//   of a code counts in `uses` and leaves the version alone, so a shopper
//   never makes a staff member's form stale;
// - a pro seller's listing is reviewed before its fee can be paid: one row
//   per listing made since, waiting, approved or refused with the reason
//   the seller reads. A listing with no row was listed before reviews
//   began and counts as approved. The version is raised by the seller's
//   every save as well as by a decision, so a decision made on what the
//   seller has since changed is refused.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table promotions add column version integer not null default 1;

    create table listing_reviews (
      product_id bigint primary key references products on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'approved', 'refused')),
      reason text check (reason is null or char_length(reason) between 1 and 1000),
      check ((status = 'refused') = (reason is not null)),
      version integer not null default 1,
      -- When the seller last sent it for review: the queue's order.
      submitted_at timestamptz not null default now(),
      decided_at timestamptz,
      decided_by text
    );
    create index listing_reviews_queue on listing_reviews (status, submitted_at);
  `.execute(db);
}
