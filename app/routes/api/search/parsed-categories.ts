import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { LOCALES } from "~/lib/i18n";
import { buildTree, listCategories } from "~/models/catalogue/categories.server";

// POST /api/search/parsed-categories {queryKey, locale}: the category tree,
// children by position, with the synthetic "all" category (id 0, no slug).
const CategoriesSchema = v.object({ locale: v.picklist(LOCALES, "api.badInput"), queryKey: v.optional(v.string()) }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const { locale } = await readJsonBody(request, CategoriesSchema, t);
  const tree = buildTree(await listCategories(locale));
  return apiOk([{ id: 0, parent_id: null, position: 0, slug: null, name: t("listing.allCategories"), children: tree }]);
});

export const loader = methodNotAllowed;
