import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { orFallback } from "~/platform/fallback.server";
import { LOCALES } from "~/lib/i18n";
import { listFlags } from "~/models/catalogue/flags.server";

// POST /api/search/flags {langId, locale}: the flags and offers (spec 7);
// an empty list when they cannot be read (spec 8).
const FlagsSchema = v.object({ locale: v.picklist(LOCALES, "api.badInput"), langId: v.optional(v.number()) }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const { locale } = await readJsonBody(request, FlagsSchema, t);
  return apiOk(await orFallback(() => listFlags(locale), [], "Flag list", "quiet"));
});

export const loader = methodNotAllowed;
