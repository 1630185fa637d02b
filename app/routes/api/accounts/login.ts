import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { LoginSchema } from "~/models/accounts/schemas";
import { logIn } from "~/models/accounts/auth.server";
import { apiRefusal } from "~/web/accounts/outcome.server";
import { sessionSetCookie } from "~/web/accounts/sessions.server";
import { callerOf } from "~/web/accounts/caller.server";

// POST /api/auth/login {email, password}: signs in on a new session and
// answers {user}; 401 for wrong credentials, 403 for an account staff have
// blocked, 429 after ten attempts a minute.
export const action = apiHandler(async ({ request, context, t }) => {
  const result = await logIn(await readJsonBody(request, LoginSchema, t), await callerOf(request, context));
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ user: result.user }, { headers: { "set-cookie": await sessionSetCookie(result.sessionId) } });
});

export const loader = methodNotAllowed;
