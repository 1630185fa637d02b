import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { ResetPasswordApiSchema } from "~/models/accounts/schemas";
import { attemptAllowed } from "~/models/accounts/auth.server";
import { resetPassword } from "~/models/accounts/password-reset.server";

// POST /api/auth/password-reset {token, password}: sets the new password
// with an emailed token, once, and ends every session of the account.
export const action = apiHandler(async ({ request, context, t }) => {
  const { token, password } = await readJsonBody(request, ResetPasswordApiSchema, t);
  if (!(await attemptAllowed("reset", context))) return apiError(429, t("api.tooManyRequests"));
  if (!(await resetPassword(token, password))) return apiError(400, t("auth.invalidToken"));
  return apiOk({ reset: true });
});

export const loader = methodNotAllowed;
