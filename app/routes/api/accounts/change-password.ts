import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { ChangePasswordSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/web/guards.server";
import { apiRefusal } from "~/web/accounts/outcome.server";
import { changeOwnPassword } from "~/models/accounts/profile.server";
import { sessionIdOf } from "~/web/accounts/sessions.server";

// POST /api/auth/change-password {current_password, new_password}: every
// other session of the account ends; the caller's stays.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const result = await changeOwnPassword(user, await readJsonBody(request, ChangePasswordSchema, t), await sessionIdOf(request));
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ changed: true });
});

export const loader = methodNotAllowed;
