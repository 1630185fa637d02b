import * as v from "valibot";
import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/guards.server";
import { DEFAULT_ORDER_FILTER, MAX_ORDERS_PAGE, ORDER_FILTER_IDS } from "~/models/orders/orders";
import { isIntermediarySite, listOrders } from "~/models/orders/orders.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/my-orders/get-my-orders {language_id, page, type_for_filter}:
// one page of the signed-in customer's orders, newest first, and how many
// the filter keeps in all (spec 7). The orders page reads the same model.
const GetMyOrdersSchema = v.object(
  {
    language_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ORDERS_PAGE)), 1),
    // Spec 6: the intermediary variant sends none.
    type_for_filter: v.optional(v.nullable(v.picklist(ORDER_FILTER_IDS, "api.badInput"))),
  },
  "api.badInput",
);

export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const body = await readJsonBody(request, GetMyOrdersSchema, t);
  const site = await siteForRequest(request);
  const languageId = body.language_id ?? null;
  if (languageId !== null && !site.languages.some((language) => language.id === languageId)) {
    return apiError(400, t("api.badInput"), { language_id: [t("api.unknownLanguage")] });
  }
  const filter = (await isIntermediarySite(site.id)) ? DEFAULT_ORDER_FILTER : (body.type_for_filter ?? DEFAULT_ORDER_FILTER);
  const { items, total } = await listOrders(user.id, { filter, page: body.page, languageId });
  return apiOk({ items, total });
});

export const loader = methodNotAllowed;
