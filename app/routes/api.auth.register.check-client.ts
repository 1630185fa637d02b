import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { CheckClientSchema } from "~/models/accounts/schemas";
import { localeFromRequest } from "~/platform/i18n.server";
import { attemptAllowed, checkClient } from "~/models/accounts/auth.server";
import { siteForRequest } from "~/models/sites/sites.server";

// POST /api/auth/register/check-client {email}: spec 5's first registration
// step, {found, new_password_has_been_sent}. Rate-limited like sign-up.
export const action = apiHandler(async ({ request, context, t }) => {
  const { email } = await readJsonBody(request, CheckClientSchema, t);
  if (!(await attemptAllowed("register", context, email))) return apiError(429, t("api.tooManyRequests"));
  return apiOk(await checkClient(email, await siteForRequest(request), localeFromRequest(request)));
});

export const loader = methodNotAllowed;
