import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { RequestResetSchema } from "~/models/accounts/schemas";
import { localeFromRequest } from "~/platform/i18n.server";
import { attemptAllowed, startPasswordReset } from "~/models/accounts/auth.server";
import { siteForRequest } from "~/models/sites/sites.server";

// POST /api/auth/request-password-reset {email}: the same answer whether or
// not the account exists; the email, if any, is sent after answering.
export const action = apiHandler(async ({ request, context, t }) => {
  const { email } = await readJsonBody(request, RequestResetSchema, t);
  if (!(await attemptAllowed("reset", context, email))) return apiError(429, t("api.tooManyRequests"));
  startPasswordReset(email, await siteForRequest(request), localeFromRequest(request));
  return apiOk({ sent: true });
});

export const loader = methodNotAllowed;
