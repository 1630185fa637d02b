import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { RegisterSchema } from "~/models/accounts/schemas";
import { localeFromRequest } from "~/platform/i18n.server";
import { attemptAllowed, register, signIn } from "~/models/accounts/auth.server";
import { siteForRequest } from "~/models/sites/sites.server";

// POST /api/auth/register: spec 5's flow. A new email gets an account and a
// session ({user}); an account without a password is sent a link to set one
// ({password_sent: true}); any other existing account is a 409 with the
// user_already_exists message.
export const action = apiHandler(async ({ request, context, t }) => {
  const input = await readJsonBody(request, RegisterSchema, t);
  if (!(await attemptAllowed("register", context, input.email))) return apiError(429, t("api.tooManyRequests"));
  const [site, locale] = [await siteForRequest(request), localeFromRequest(request)];
  const languageId = site.languages.find((l) => l.iso_code === locale)?.id ?? null;
  const result = await register({ ...input, site_id: site.id, language_id: languageId }, site, locale);
  if (result.kind === "exists") {
    return apiError(409, t("auth.forms.user_already_exists"), { email: [t("auth.forms.user_already_exists")] });
  }
  if (result.kind === "password_sent") return apiOk({ password_sent: true });
  const setCookie = await signIn(request, context, result.userId);
  return apiOk(
    { user: { id: result.userId, email: input.email, first_name: input.first_name, last_name: input.last_name } },
    { status: 201, headers: { "set-cookie": setCookie } },
  );
});

export const loader = methodNotAllowed;
