import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { statsFacetsFrom, type Facet, type ListingType } from "~/lib/listing";
import { db } from "./db.server";

// Precomputed counts for unfiltered listings (migration 0004): every category
// scope (the category and everything below it, or 0 for the whole catalogue)
// by listing type ('' for both), counted in a few grouped passes.

const SCOPES = sql`
  with recursive up(category_id, scope) as (
    select id, id from categories
    union all
    select up.category_id, c.parent_id from up join categories c on c.id = up.scope where c.parent_id is not null
  ),
  scopes as (select category_id, scope from up union all select id, 0 from categories)`;

/** Rebuilds the counts; run after the catalogue changes (the demo seed does). */
export async function refreshFacetCounts(database = db()) {
  await sql`
    delete from facet_counts;

    insert into facet_counts (category_id, listing_type, facet, value_id, count, min_value, max_value)
    ${SCOPES}
    select s.scope, coalesce(p.listing_type, ''), 'total', 0, count(*),
           min(p.price_minor), max(p.price_minor)
    from products p join scopes s on s.category_id = p.category_id
    where p.is_active
    group by grouping sets ((s.scope, p.listing_type), (s.scope));

    insert into facet_counts (category_id, listing_type, facet, value_id, count, min_value, max_value)
    ${SCOPES}
    select s.scope, coalesce(p.listing_type, ''), 'ratio', 0, count(*),
           min(p.price_minor::numeric / nullif(p.original_price_minor, 0)),
           max(p.price_minor::numeric / nullif(p.original_price_minor, 0))
    from products p join scopes s on s.category_id = p.category_id
    where p.is_active
    group by grouping sets ((s.scope, p.listing_type), (s.scope));

    insert into facet_counts (category_id, listing_type, facet, value_id, count)
    ${SCOPES}
    select s.scope, coalesce(p.listing_type, ''), 'manufacturer', p.manufacturer_id, count(*)
    from products p join scopes s on s.category_id = p.category_id
    where p.is_active and p.manufacturer_id is not null
    group by grouping sets ((s.scope, p.listing_type, p.manufacturer_id), (s.scope, p.manufacturer_id));

    insert into facet_counts (category_id, listing_type, facet, value_id, count)
    ${SCOPES}
    select s.scope, coalesce(p.listing_type, ''), 'flag_ids', f.flag_id, count(*)
    from products p join scopes s on s.category_id = p.category_id join product_flags f on f.product_id = p.id
    where p.is_active
    group by grouping sets ((s.scope, p.listing_type, f.flag_id), (s.scope, f.flag_id));

    insert into facet_counts (category_id, listing_type, facet, field_id, value_id, count)
    ${SCOPES}
    select s.scope, coalesce(p.listing_type, ''), 'additional', v.field_id, v.option_id, count(*)
    from products p join scopes s on s.category_id = p.category_id join product_additional_values v on v.product_id = p.id
    where p.is_active
    group by grouping sets ((s.scope, p.listing_type, v.field_id, v.option_id), (s.scope, v.field_id, v.option_id));
  `.execute(database);
}

type Row = { facet: string; field_id: number; value_id: number; count: number; min_value: string | null; max_value: string | null; label: string | null; field: string | null };

/**
 * The total and facets of an unfiltered listing, or null when the counts are
 * missing (they were never refreshed), so the caller counts them itself.
 */
export async function precomputedFacets(locale: Locale, categoryId: number | null, listingType: ListingType | null) {
  const language = sql`(select id from languages where iso_code = ${locale})`;
  const { rows } = await sql<Row>`
    select fc.facet, fc.field_id, fc.value_id, fc.count, fc.min_value::text, fc.max_value::text,
           coalesce(m.name, ft.name, ot.label) as label, aft.name as field
    from facet_counts fc
    left join manufacturers m on fc.facet = 'manufacturer' and m.id = fc.value_id
    left join flag_translations ft on fc.facet = 'flag_ids' and ft.flag_id = fc.value_id and ft.language_id = ${language}
    left join additional_field_option_translations ot on fc.facet = 'additional' and ot.option_id = fc.value_id and ot.language_id = ${language}
    left join additional_field_translations aft on fc.facet = 'additional' and aft.field_id = fc.field_id and aft.language_id = ${language}
    left join additional_field_options o on fc.facet = 'additional' and o.id = fc.value_id
    where fc.category_id = ${categoryId ?? 0} and fc.listing_type = ${listingType ?? ""}
    order by fc.facet, fc.field_id, o.position, fc.count desc, label`.execute(db());
  const total = rows.find((r) => r.facet === "total");
  if (!total) return null;

  const values = (facet: string) => rows.filter((r) => r.facet === facet).sort((a, b) => b.count - a.count).map((r) => ({ id: r.value_id, label: r.label ?? "", count: r.count }));
  const fields = new Map<number, { label: string; values: { id: number; label: string; count: number }[] }>();
  for (const row of rows.filter((r) => r.facet === "additional")) {
    const field = fields.get(row.field_id) ?? { label: row.field ?? "", values: [] };
    field.values.push({ id: row.value_id, label: row.label ?? "", count: row.count });
    fields.set(row.field_id, field);
  }
  const ratio = rows.find((r) => r.facet === "ratio");
  const facets: Facet[] = [
    { key: "manufacturer", type: "terms", label: "manufacturer", values: values("manufacturer").slice(0, 50) },
    ...[...fields.entries()].sort(([a], [b]) => a - b).map(([id, field]): Facet => ({ key: `additional_field_${id}`, type: "terms", label: field.label, values: field.values })),
    { key: "flag_ids", type: "flags", label: "flag_ids", values: values("flag_ids") },
  ];
  facets.push(
    ...statsFacetsFrom({ min: total.min_value, max: total.max_value }, { min: ratio?.min_value ?? null, max: ratio?.max_value ?? null }),
  );
  return { total: total.count, facets };
}
