import * as v from "valibot";
import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { storeConfig } from "~/models/sites/store-config.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/store-config {langIso}: the site, its languages and currencies,
// the search keys and whether it has blog posts (spec 7).
const StoreConfigSchema = v.object({ langIso: v.pipe(v.string("validation.required"), v.minLength(1, "validation.required")) }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const { langIso } = await readJsonBody(request, StoreConfigSchema, t);
  const config = await storeConfig(await siteForRequest(request), langIso);
  if (!config) return apiError(400, t("api.badInput"), { langIso: [t("api.unknownLanguage")] });
  return apiOk(config);
});

export const loader = methodNotAllowed;
