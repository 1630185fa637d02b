import { sql, type Kysely } from "kysely";

// Changes to what listings filter, count and sort by are applied to each app
// server's index in place (catalogue-index.server.ts, decision 014) instead
// of giving the catalogue a new version that rebuilds it. Each change leaves
// the product's id in catalogue_changes with the id of the transaction that
// made it; a server reads the ids its last look could not yet see
// (pg_visible_in_snapshot), so a change committed late, or while the server
// was away, is never passed over. Stock, pictures and paid amounts are not
// listing changes: paid amounts reach best sellers in batches (0016).
//
// A new version now comes only from a truncation (the demo seed) or a
// change to the facet labels' tables (0008). Bulk writers that rebuild
// afterwards set storefront.bulk_load and log nothing.
export async function up(db: Kysely<unknown>) {
  await sql`
    create table catalogue_changes (
      xid xid8 not null default pg_current_xact_id(),
      product_id bigint not null,
      changed_at timestamptz not null default now()
    );
    create index catalogue_changes_xid on catalogue_changes (xid);

    create function log_product_change() returns trigger language plpgsql as $$
    begin
      insert into catalogue_changes (product_id) values (case when tg_op = 'DELETE' then old.id else new.id end);
      return null;
    end $$;
    create function log_product_part_change() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then insert into catalogue_changes (product_id) values (old.product_id); end if;
      if tg_op <> 'DELETE' then insert into catalogue_changes (product_id) values (new.product_id); end if;
      return null;
    end $$;

    drop trigger products_catalogue_version on products;
    drop trigger products_catalogue_version_columns on products;
    drop trigger product_additional_values_catalogue_version on product_additional_values;
    drop trigger product_flags_catalogue_version on product_flags;

    create trigger products_catalogue_version after truncate on products
      for each statement execute function bump_catalogue_version();
    create trigger product_additional_values_catalogue_version after truncate on product_additional_values
      for each statement execute function bump_catalogue_version();
    create trigger product_flags_catalogue_version after truncate on product_flags
      for each statement execute function bump_catalogue_version();

    create trigger products_changes after insert or delete on products
      for each row when (current_setting('storefront.bulk_load', true) is distinct from 'on')
      execute function log_product_change();
    create trigger products_changes_columns after update on products
      for each row when (current_setting('storefront.bulk_load', true) is distinct from 'on'
        and (old.category_id, old.listing_type, old.manufacturer_id, old.price_minor, old.original_price_minor,
             old.discount_percentage, old.arrived_at, old.is_active)
        is distinct from (new.category_id, new.listing_type, new.manufacturer_id, new.price_minor, new.original_price_minor,
             new.discount_percentage, new.arrived_at, new.is_active))
      execute function log_product_change();
    create trigger product_additional_values_changes after insert or update or delete on product_additional_values
      for each row when (current_setting('storefront.bulk_load', true) is distinct from 'on')
      execute function log_product_part_change();
    create trigger product_flags_changes after insert or update or delete on product_flags
      for each row when (current_setting('storefront.bulk_load', true) is distinct from 'on')
      execute function log_product_part_change();
  `.execute(db);
}
