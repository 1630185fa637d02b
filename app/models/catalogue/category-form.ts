import * as v from "valibot";
import { LOCALES, type Locale } from "~/lib/i18n";

// The back office's category forms (checked in the browser and on the server
// alike): a new category, and a category's edit, each with its slug (one
// segment of its /c/ address), parent, order among its siblings, and its name
// and page title in every language. An edit names the version its page
// showed (the stale-edit rule).

export const CATEGORY_LIMITS = { slug: 80, name: 100, title: 150, position: 32_767 } as const;

/** One segment of a category's address: lower-case words joined by "-", as the shop's paths are. */
export const CATEGORY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const slug = v.pipe(
  v.string("admin.categories.slugRequired"),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("admin.categories.slugRequired"),
  v.maxLength(CATEGORY_LIMITS.slug, "validation.tooLong"),
  v.regex(CATEGORY_SLUG, "admin.categories.slugFormat"),
);
/** The parent's id; empty (undefined from conform) for a top category. */
const parent = v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/, "admin.categories.parentMissing"), v.transform(Number)));
const position = v.pipe(
  v.string("admin.categories.positionFormat"),
  v.trim(),
  v.regex(/^[0-9]{1,5}$/, "admin.categories.positionFormat"),
  v.transform(Number),
  v.maxValue(CATEGORY_LIMITS.position, "admin.categories.positionFormat"),
);
const name = v.pipe(v.string("admin.categories.nameRequired"), v.trim(), v.nonEmpty("admin.categories.nameRequired"), v.maxLength(CATEGORY_LIMITS.name, "validation.tooLong"));
// An empty title is the name (conform sends an empty field as undefined).
const title = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CATEGORY_LIMITS.title, "validation.tooLong")));

/** The name and page-title fields of each language: name_en, title_en, name_lt… */
const texts = Object.fromEntries(LOCALES.flatMap((locale) => [[`name_${locale}`, name], [`title_${locale}`, title]])) as Record<`name_${Locale}`, typeof name> & Record<`title_${Locale}`, typeof title>;

export const CategoryCreateSchema = v.object({ intent: v.literal("create"), slug, parent, position, ...texts });

export const CategorySaveSchema = v.object({
  intent: v.literal("save"),
  version: v.pipe(v.string("validation.required"), v.isoTimestamp("validation.required")),
  slug,
  parent,
  position,
  ...texts,
});

/** What the use cases take: plain values, the texts by language. */
export type CategoryInput = { slug: string; parentId: number | null; position: number; texts: Record<Locale, { name: string; title: string }> };

/** A form's values as the use cases take them; an empty title is the name. */
export function categoryInput(value: v.InferOutput<typeof CategoryCreateSchema> | v.InferOutput<typeof CategorySaveSchema>): CategoryInput {
  const texts = Object.fromEntries(LOCALES.map((locale) => [locale, { name: value[`name_${locale}`], title: value[`title_${locale}`] || value[`name_${locale}`] }])) as CategoryInput["texts"];
  return { slug: value.slug, parentId: value.parent ?? null, position: value.position, texts };
}
