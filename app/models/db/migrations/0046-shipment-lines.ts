import { sql, type Kysely } from "kysely";

// An order shipped line by line: each shipment says which of the order's
// lines, and how many of each, it carries, so what is left to ship is a sum
// and a second parcel can follow the first. A shipment may keep the
// carrier's label (a PDF or an image in the uploads storage) for staff to
// print again.
export async function up(db: Kysely<unknown>) {
  await sql`
    create table shipment_lines (
      shipment_id bigint not null references shipments (id),
      order_item_id bigint not null references order_items (id),
      quantity integer not null check (quantity > 0),
      primary key (shipment_id, order_item_id)
    );
    create index shipment_lines_item on shipment_lines (order_item_id);
    alter table shipments add column label text;
  `.execute(db);
}
