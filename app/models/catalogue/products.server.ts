import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { getCategoryPage } from "./categories.server";

export type ProductDetails = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

/** A product page's data in the shopper's language, or null when there is no such active product. */
export async function getProduct(locale: Locale, slug: string) {
  const product = await db()
    .selectFrom("products as p")
    .innerJoin("product_translations as pt", "pt.product_id", "p.id")
    .innerJoin("languages as l", "l.id", "pt.language_id")
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
      "pt.name",
      "pt.description",
      "m.name as manufacturer",
      "c.path as category_path",
    ])
    .where("p.slug", "=", slug)
    .where("p.is_active", "=", true)
    .where("l.iso_code", "=", locale)
    .executeTakeFirst();
  if (!product) return null;

  const [fields, flags, category] = await Promise.all([
    db()
      .selectFrom("product_additional_values as v")
      .innerJoin("additional_fields as f", "f.id", "v.field_id")
      .innerJoin("additional_field_translations as ft", "ft.field_id", "v.field_id")
      .innerJoin("additional_field_options as o", "o.id", "v.option_id")
      .innerJoin("additional_field_option_translations as ot", "ot.option_id", "v.option_id")
      .innerJoin("languages as l", (join) => join.onRef("l.id", "=", "ft.language_id").onRef("l.id", "=", "ot.language_id"))
      .select(["f.id as field_id", "f.code", "ft.name as field", "o.id as option_id", "o.code as option_code", "ot.label"])
      .where("v.product_id", "=", product.id)
      .where("f.disabled_in_index", "=", false)
      .where("l.iso_code", "=", locale)
      .orderBy("f.id")
      .orderBy("o.position")
      .execute(),
    db()
      .selectFrom("product_flags as pf")
      .innerJoin("flags as f", "f.id", "pf.flag_id")
      .innerJoin("flag_translations as t", "t.flag_id", "f.id")
      .innerJoin("languages as l", "l.id", "t.language_id")
      .select(["f.id", "f.type", "t.name"])
      .where("pf.product_id", "=", product.id)
      .where("l.iso_code", "=", locale)
      .orderBy("f.position")
      .execute(),
    getCategoryPage(locale, product.category_path),
  ]);

  // Several values of one field (sizes, colours) are the product's variants.
  const groups = new Map<number, { id: number; code: string; name: string; options: { id: number; code: string; label: string }[] }>();
  for (const row of fields) {
    const group = groups.get(row.field_id) ?? { id: row.field_id, code: row.code, name: row.field, options: [] };
    group.options.push({ id: row.option_id, code: row.option_code, label: row.label });
    groups.set(row.field_id, group);
  }
  const gallery = [...new Set([product.image, ...product.images])];
  return {
    ...product,
    gallery,
    fields: [...groups.values()],
    flags,
    breadcrumbs: category ? [...category.ancestors, category].map((c) => ({ name: c.name, path: c.path })) : [],
  };
}
