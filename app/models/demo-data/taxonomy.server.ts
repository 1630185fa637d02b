import type { DB } from "~/models/db/db.server";
import { MANUFACTURERS } from "./manufacturers";
import { ADDITIONAL_FIELDS, FLAGS, LEAF_CATEGORIES, TOP_CATEGORIES, filterableFieldIds } from "./taxonomy";
import { perLanguage } from "./translations";

export async function insertTaxonomy(db: DB) {
  // A parent offers every filter any of its children offers.
  const parentFields = (id: number) =>
    [...new Set(LEAF_CATEGORIES.filter((l) => l.parentId === id).flatMap(filterableFieldIds))].sort((a, b) => a - b);
  const categories = [
    ...TOP_CATEGORIES.map((c) => ({ ...c, path: c.slug, fields: parentFields(c.id) })),
    ...LEAF_CATEGORIES.map((c) => {
      const parent = TOP_CATEGORIES.find((p) => p.id === c.parentId)!;
      return { ...c, path: `${parent.slug}/${c.slug}`, fields: filterableFieldIds(c) };
    }),
  ];
  await db
    .insertInto("categories")
    .values(
      categories.map((c) => ({
        id: c.id,
        parent_id: c.parentId,
        position: c.position,
        slug: c.slug,
        path: c.path,
        filterable_additional_fields: c.fields,
        image: `/media/demo/${c.path}-0.svg`,
      })),
    )
    .execute();
  await db
    .insertInto("category_translations")
    .values(categories.flatMap((c) => perLanguage({ name: c.name, title: c.title }, { category_id: c.id })))
    .execute();

  await db
    .insertInto("additional_fields")
    .values(ADDITIONAL_FIELDS.map((f) => ({ id: f.id, code: f.code, filterable: true, disabled_in_index: f.disabledInIndex })))
    .execute();
  await db
    .insertInto("additional_field_translations")
    .values(ADDITIONAL_FIELDS.flatMap((f) => perLanguage({ name: f.name }, { field_id: f.id })))
    .execute();
  const options = ADDITIONAL_FIELDS.flatMap((f) =>
    f.options.map((o, i) => ({ id: f.id * 100 + i + 1, field_id: f.id, code: o.code, position: i + 1, label: o.label })),
  );
  await db
    .insertInto("additional_field_options")
    .values(options.map(({ id, field_id, code, position }) => ({ id, field_id, code, position })))
    .execute();
  await db
    .insertInto("additional_field_option_translations")
    .values(options.flatMap((o) => perLanguage({ label: o.label }, { option_id: o.id })))
    .execute();

  await db
    .insertInto("flags")
    .values(FLAGS.map((f) => ({ id: f.id, type: f.type, position: f.position, slug: f.slug, image: null })))
    .execute();
  await db
    .insertInto("flag_translations")
    .values(FLAGS.flatMap((f) => perLanguage({ name: f.name }, { flag_id: f.id })))
    .execute();

  await db.insertInto("manufacturers").values(MANUFACTURERS).execute();

  return { categories: categories.length, manufacturers: MANUFACTURERS.length, flags: FLAGS.length };
}
