import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { RequestResetSchema } from "~/models/accounts/schemas";
import { localeFromRequest } from "~/platform/i18n.server";
import { askForPasswordReset } from "~/models/accounts/auth.server";
import { apiRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";

// POST /api/auth/request-password-reset {email}: the same answer whether or
// not the account exists; the email, if any, is sent after answering.
export const action = apiHandler(async ({ request, context, t }) => {
  const { email } = await readJsonBody(request, RequestResetSchema, t);
  const result = await askForPasswordReset(email, { clientIp: context.clientIp, site: await siteForRequest(request), locale: localeFromRequest(request) });
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ sent: true });
});

export const loader = methodNotAllowed;
