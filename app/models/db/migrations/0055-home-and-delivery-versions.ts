import { sql, type Kysely } from "kysely";

// The home page's sections and the shop's delivery settings are edited in
// the back office (/admin/content/home/…, /admin/settings/…): each row
// carries when it last changed, the version its form names (the stale-edit
// rule; a site's home page names its latest row's).
//
// A courier can be taken off the checkout (active false) and kept, or
// removed once no open checkout has chosen it or one of its lockers. An
// order keeps its courier's and locker's names as text (0015), so a placed
// checkout's link to them is let go (set null) when they are removed.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table home_sections add column updated_at timestamptz not null default now();
    alter table shipping_tiers add column updated_at timestamptz not null default now();
    alter table couriers
      add column active boolean not null default true,
      add column updated_at timestamptz not null default now();
    alter table pickup_points add column updated_at timestamptz not null default now();

    alter table checkouts
      drop constraint checkouts_courier_id_fkey,
      add constraint checkouts_courier_id_fkey foreign key (courier_id) references couriers on delete set null,
      drop constraint checkouts_pickup_point_id_fkey,
      add constraint checkouts_pickup_point_id_fkey foreign key (pickup_point_id) references pickup_points on delete set null;
  `.execute(db);
}
