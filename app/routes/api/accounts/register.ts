import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { RegisterSchema } from "~/models/accounts/schemas";
import { localeFromRequest } from "~/platform/i18n.server";
import { signUp } from "~/models/accounts/auth.server";
import { apiRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";
import { sessionSetCookie } from "~/web/accounts/sessions.server";
import { callerOf } from "~/web/accounts/caller.server";

// POST /api/auth/register: spec 5's flow. A new email gets an account and a
// session (201 {user}); an account without a password is sent a link to set
// one ({password_sent: true}); any other existing account is a 409 with the
// user_already_exists message.
export const action = apiHandler(async ({ request, context, t }) => {
  const input = await readJsonBody(request, RegisterSchema, t);
  const result = await signUp(input, { ...(await callerOf(request, context)), site: await siteForRequest(request), locale: localeFromRequest(request) });
  if (!result.ok) return apiRefusal(result.error, t);
  if (result.kind === "password_sent") return apiOk({ password_sent: true });
  return apiOk({ user: result.user }, { status: 201, headers: { "set-cookie": await sessionSetCookie(result.sessionId) } });
});

export const loader = methodNotAllowed;
