import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { shellCached } from "~/models/db/shell-cache.server";

export type CategoryNode = { id: number; parent_id: number | null; position: number; path: string; slug: string; name: string; title: string };

export type CategoryPage = CategoryNode & {
  /** From the root down to the parent. */
  ancestors: CategoryNode[];
  children: CategoryNode[];
  /** The category and everything below it: what its listing shows. */
  descendantIds: number[];
  filterableFieldIds: number[];
};

/** Every category in the shopper's language, ordered by parent and position; kept with the shell (decision 024). */
export function listCategories(locale: Locale): Promise<CategoryNode[]> {
  return shellCached(`categories:${locale}`, () => readCategories(locale));
}

function readCategories(locale: Locale): Promise<CategoryNode[]> {
  return db()
    .selectFrom("categories")
    .innerJoin("category_translations as ct", "ct.category_id", "categories.id")
    .innerJoin("languages", "languages.id", "ct.language_id")
    .select(["categories.id", "categories.parent_id", "categories.position", "categories.path", "categories.slug", "ct.name", "ct.title"])
    .where("languages.iso_code", "=", locale)
    .orderBy("categories.parent_id", (ob) => ob.nullsFirst())
    .orderBy("categories.position")
    .execute();
}

export type CategoryTree = CategoryNode & { children: CategoryTree[] };

/** Spec 3: the tree by parent, children sorted by position. */
export function buildTree(categories: CategoryNode[]): CategoryTree[] {
  const byParent = new Map<number | null, CategoryNode[]>();
  for (const category of categories) {
    const siblings = byParent.get(category.parent_id) ?? [];
    siblings.push(category);
    byParent.set(category.parent_id, siblings);
  }
  const grow = (parent: number | null): CategoryTree[] =>
    (byParent.get(parent) ?? []).sort((a, b) => a.position - b.position).map((node) => ({ ...node, children: grow(node.id) }));
  return grow(null);
}

/** The category at a multi-segment path ("clothes/jackets"), or null. */
export async function getCategoryPage(locale: Locale, path: string): Promise<CategoryPage | null> {
  const categories = await listCategories(locale);
  const category = categories.find((c) => c.path === path);
  if (!category) return null;
  const ancestors: CategoryNode[] = [];
  for (let parent = categories.find((c) => c.id === category.parent_id); parent; parent = categories.find((c) => c.id === parent!.parent_id)) {
    ancestors.unshift(parent);
  }
  const descendantIds = [category.id];
  for (let i = 0; i < descendantIds.length; i++) {
    for (const child of categories) if (child.parent_id === descendantIds[i]) descendantIds.push(child.id);
  }
  const filterable = await shellCached("filterable-fields", readFilterableFields);
  return {
    ...category,
    ancestors,
    children: categories.filter((c) => c.parent_id === category.id),
    descendantIds,
    filterableFieldIds: filterable.get(category.id) ?? [],
  };
}

/** Each category's filterable additional fields (spec 3), by category id. */
async function readFilterableFields() {
  const rows = await db().selectFrom("categories").select(["id", "filterable_additional_fields as fields"]).execute();
  return new Map(rows.map((row) => [row.id, row.fields]));
}
