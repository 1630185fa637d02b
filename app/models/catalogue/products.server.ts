import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { keptUntilWrite } from "~/models/db/kept-until-write.server";
import { shellCached } from "~/models/db/shell-cache.server";
import { getCategoryPage } from "./categories.server";
import { productsIn } from "./localized-products.server";

export type ProductDetails = NonNullable<Awaited<ReturnType<typeof readProduct>>>;

/**
 * Product pages read on the embedded database, by language and address,
 * until its next write (decision 057): the product's statement was a fifth
 * of the page's time there. PostgreSQL is read every time.
 */
const keptProducts = keptUntilWrite<ProductDetails>(5_000);

/** A product page's data in the shopper's language, or null when there is no such active product. */
export async function getProduct(locale: Locale, slug: string): Promise<ProductDetails | null> {
  const kept = keptProducts();
  const key = `${locale} ${slug}`;
  const found = kept?.get(key);
  if (found) return found;
  const product = await readProduct(locale, slug);
  if (product) kept?.set(key, product);
  return product;
}

async function readProduct(locale: Locale, slug: string) {
  const product = await productsIn(locale)
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("manufacturers as m", "m.id", "p.manufacturer_id")
    .select([
      "p.id",
      "p.sku",
      "p.slug",
      "p.listing_type",
      "p.price_minor",
      "p.original_price_minor",
      "p.discount_percentage",
      "p.stock",
      "p.image",
      "p.images",
      "p.image_alts",
      "pt.name",
      "pt.description",
      "m.name as manufacturer",
      "c.path as category_path",
      sql<number[]>`array(select v.option_id from product_additional_values v where v.product_id = p.id)`.as("option_ids"),
      sql<number[]>`array(select f.flag_id from product_flags f where f.product_id = p.id)`.as("flag_ids"),
    ])
    .where("p.slug", "=", slug)
    .where("p.is_active", "=", true)
    .executeTakeFirst();
  if (!product) return null;

  const [labels, category] = await Promise.all([productLabels(locale), getCategoryPage(locale, product.category_path)]);
  const { option_ids, flag_ids, image_alts, ...details } = product;

  // Several values of one field (sizes, colours) are the product's variants;
  // fields in id order, options in their position.
  const groups = new Map<number, { id: number; code: string; name: string; options: { id: number; code: string; label: string }[] }>();
  const options = option_ids.flatMap((id) => labels.options.get(id) ?? []).sort((a, b) => a.field.id - b.field.id || a.position - b.position);
  for (const option of options) {
    const group = groups.get(option.field.id) ?? { id: option.field.id, code: option.field.code, name: option.field.name, options: [] };
    group.options.push({ id: option.id, code: option.code, label: option.label });
    groups.set(option.field.id, group);
  }
  const flags = flag_ids
    .flatMap((id) => labels.flags.get(id) ?? [])
    .sort((a, b) => a.position - b.position)
    .map(({ id, type, name }) => ({ id, type, name }));
  const gallery = [...new Set([details.image, ...details.images])];
  return {
    ...details,
    gallery,
    /** Each picture's text in the shopper's language, as staff wrote it (null: the product's name says it). */
    galleryAlts: gallery.map((path) => image_alts[path]?.[locale] || null),
    fields: [...groups.values()],
    flags,
    breadcrumbs: category ? [...category.ancestors, category].map((c) => ({ name: c.name, path: c.path })) : [],
  };
}

type OptionLabel = { id: number; code: string; label: string; position: number; field: { id: number; code: string; name: string } };
type FlagLabel = { id: number; type: string; name: string; position: number };

/**
 * The names a product page shows for its fields, options and flags, in the
 * shopper's language: configuration an operator edits, kept with the shell
 * (decision 024). A field kept out of the index, or one without a name in
 * this language, is not shown.
 */
function productLabels(locale: Locale) {
  return shellCached(`product-labels:${locale}`, async () => {
    const [options, flags] = await Promise.all([
      db()
        .selectFrom("additional_field_options as o")
        .innerJoin("additional_fields as f", "f.id", "o.field_id")
        .innerJoin("additional_field_translations as ft", "ft.field_id", "f.id")
        .innerJoin("additional_field_option_translations as ot", "ot.option_id", "o.id")
        .innerJoin("languages as l", (join) => join.onRef("l.id", "=", "ft.language_id").onRef("l.id", "=", "ot.language_id"))
        .select(["o.id", "o.code", "o.position", "ot.label", "f.id as field_id", "f.code as field_code", "ft.name as field_name"])
        .where("f.disabled_in_index", "=", false)
        .where("l.iso_code", "=", locale)
        .execute(),
      db()
        .selectFrom("flags as f")
        .innerJoin("flag_translations as t", "t.flag_id", "f.id")
        .innerJoin("languages as l", "l.id", "t.language_id")
        .select(["f.id", "f.type", "f.position", "t.name"])
        .where("l.iso_code", "=", locale)
        .execute(),
    ]);
    return {
      options: new Map<number, OptionLabel>(
        options.map((o) => [o.id, { id: o.id, code: o.code, label: o.label, position: o.position, field: { id: o.field_id, code: o.field_code, name: o.field_name } }]),
      ),
      flags: new Map<number, FlagLabel>(flags.map((f) => [f.id, f])),
    };
  });
}
