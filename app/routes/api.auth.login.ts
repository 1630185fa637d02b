import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { LoginSchema } from "~/models/accounts/schemas";
import { attemptAllowed, recordFailedSignIn, signIn } from "~/models/accounts/auth.server";
import { getAccount, verifyCredentials } from "~/models/accounts/users.server";

// POST /api/auth/login {email, password}: signs in on a new session and
// answers {user}; the 11th attempt in a minute gets 429.
export const action = apiHandler(async ({ request, context, t }) => {
  const { email, password } = await readJsonBody(request, LoginSchema, t);
  if (!(await attemptAllowed("login", context, email))) return apiError(429, t("api.tooManyRequests"));
  const userId = await verifyCredentials(email, password);
  if (!userId) {
    await recordFailedSignIn(email);
    return apiError(401, t("auth.wrongCredentials"));
  }
  const setCookie = await signIn(request, context, userId);
  const account = await getAccount(userId);
  return apiOk(
    { user: { id: account.id, email: account.email, first_name: account.first_name, last_name: account.last_name } },
    { headers: { "set-cookie": setCookie } },
  );
});

export const loader = methodNotAllowed;
