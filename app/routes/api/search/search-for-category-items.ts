import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { LOCALES } from "~/lib/i18n";
import { defaultSort, isSort, parseFilters } from "~/models/catalogue/listing";
import { searchItems } from "~/models/search/search-items.server";

// POST /api/search/searchForCategoryItems {locale, params, categoryId, limit, offset}:
// items of a listing for widgets such as an offer's pictures (spec 7), as
// spec 3's search items.
const ItemsSchema = v.object(
  {
    locale: v.picklist(LOCALES, "api.badInput"),
    params: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))])), {}),
    categoryId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48)), 5),
    offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
    q: v.optional(v.string(), ""),
    sort: v.optional(v.string()),
  },
  "api.badInput",
);

export const action = apiHandler(async ({ request, t }) => {
  const body = await readJsonBody(request, ItemsSchema, t);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body.params)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key.startsWith("f.") ? key : `f.${key}`, String(item));
  }
  const { items, total } = await searchItems({
    locale: body.locale,
    categoryIds: body.categoryId ? [body.categoryId] : null,
    listingType: null,
    text: body.q,
    filters: parseFilters(params),
    sort: isSort(body.sort) ? body.sort : defaultSort(body.q, null),
    page: 1,
    rate: "1",
    limit: body.limit,
    offset: body.offset,
  });
  return apiOk({ items, total });
});

export const loader = methodNotAllowed;
