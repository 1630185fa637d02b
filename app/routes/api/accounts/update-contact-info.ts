import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { ContactInfoSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/web/guards.server";
import { saveContactDetails } from "~/models/accounts/profile.server";

// POST /api/auth/update-contact-info {first_name, last_name, phone?}: {user}.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const result = await saveContactDetails(user, await readJsonBody(request, ContactInfoSchema, t));
  return apiOk({ user: result.user });
});

export const loader = methodNotAllowed;
