import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { allTranslationResources } from "~/platform/i18n.server";

// GET /api/translations/translationMessages: every text of every language,
// keyed by locale, then "translation", then key (spec 3).
export const loader = apiHandler(async () =>
  apiOk({ resources: allTranslationResources() }, { headers: { "cache-control": "public, max-age=300" } }),
);

export const action = methodNotAllowed;
