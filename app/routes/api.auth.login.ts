import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { LoginSchema } from "~/models/accounts/schemas";
import { logIn } from "~/models/accounts/auth.server";
import { apiRefusal } from "~/models/accounts/outcome.server";

// POST /api/auth/login {email, password}: signs in on a new session and
// answers {user}; 401 for wrong credentials, 429 after ten attempts a minute.
export const action = apiHandler(async ({ request, context, t }) => {
  const result = await logIn(await readJsonBody(request, LoginSchema, t), { request, clientIp: context.clientIp });
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ user: result.user }, { headers: { "set-cookie": result.setCookie } });
});

export const loader = methodNotAllowed;
