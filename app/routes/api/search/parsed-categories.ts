import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { LOCALES } from "~/lib/i18n";
import { buildTree, listCategories } from "~/models/catalogue/categories.server";
import { i18nServer } from "~/platform/i18n.server";

// POST /api/search/parsed-categories {queryKey, locale}: the category tree,
// children by position, with the synthetic "all" category (id 0, no slug).
// The body's locale names every category, "all" too; the headers' language
// words only refusals.
const CategoriesSchema = v.object({ locale: v.picklist(LOCALES, "api.badInput"), queryKey: v.optional(v.string()) }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const { locale } = await readJsonBody(request, CategoriesSchema, t);
  const [categories, inLocale] = await Promise.all([listCategories(locale), i18nServer.getFixedT(locale)]);
  return apiOk([{ id: 0, parent_id: null, position: 0, slug: null, name: inLocale("listing.allCategories"), children: buildTree(categories) }]);
});

export const loader = methodNotAllowed;
