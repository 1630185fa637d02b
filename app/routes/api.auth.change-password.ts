import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { ChangePasswordSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/platform/guards.server";
import { endUserSessions } from "~/models/accounts/sessions.server";
import { changePassword } from "~/models/accounts/users.server";

// POST /api/auth/change-password {current_password, new_password}: every
// other session of the account ends; the caller's stays.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const { current_password, new_password } = await readJsonBody(request, ChangePasswordSchema, t);
  if (!(await changePassword(user.id, current_password, new_password))) return apiError(400, t("account.wrongPassword"));
  await endUserSessions(user.id, request);
  return apiOk({ changed: true });
});

export const loader = methodNotAllowed;
