import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { ResetPasswordApiSchema } from "~/models/accounts/schemas";
import { resetPasswordWithToken } from "~/models/accounts/auth.server";
import { apiRefusal } from "~/web/accounts/outcome.server";

// POST /api/auth/password-reset {token, password}: sets the new password
// with an emailed token, once, and ends every session of the account.
export const action = apiHandler(async ({ request, context, t }) => {
  const result = await resetPasswordWithToken(await readJsonBody(request, ResetPasswordApiSchema, t), { clientIp: context.clientIp });
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ reset: true });
});

export const loader = methodNotAllowed;
