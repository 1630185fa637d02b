import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { ContactInfoSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/platform/guards.server";
import { updateContactInfo } from "~/models/accounts/users.server";

// POST /api/auth/update-contact-info {first_name, last_name, phone?}.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const info = await readJsonBody(request, ContactInfoSchema, t);
  await updateContactInfo(user.id, info);
  return apiOk({ user: { id: user.id, email: user.email, first_name: info.first_name, last_name: info.last_name, phone: info.phone ?? null } });
});

export const loader = methodNotAllowed;
