import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { LOCALES } from "~/lib/i18n";
import { savedLocaleCookie } from "~/web/preferences.server";

// POST /api/locale/change {newLocale}: remembers the shopper's language, so a
// later visit without a language in the URL lands on it.
const ChangeLocaleSchema = v.object({ newLocale: v.picklist(LOCALES, "api.badInput") }, "api.badInput");

export const action = apiHandler(async ({ request, t }) => {
  const { newLocale } = await readJsonBody(request, ChangeLocaleSchema, t);
  return apiOk({ locale: newLocale }, { headers: { "set-cookie": await savedLocaleCookie.serialize(newLocale) } });
});

export const loader = methodNotAllowed;
