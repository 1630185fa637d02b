import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { CheckClientSchema } from "~/models/accounts/schemas";
import { localeFromRequest } from "~/platform/i18n.server";
import { checkClientEmail } from "~/models/accounts/auth.server";
import { apiRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/auth/register/check-client {email}: spec 5's first registration
// step, {found, new_password_has_been_sent}. Rate-limited like sign-up.
export const action = apiHandler(async ({ request, context, t }) => {
  const { email } = await readJsonBody(request, CheckClientSchema, t);
  const result = await checkClientEmail(email, { clientIp: context.clientIp, site: await siteForRequest(request), locale: localeFromRequest(request) });
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ found: result.found, new_password_has_been_sent: result.new_password_has_been_sent });
});

export const loader = methodNotAllowed;
