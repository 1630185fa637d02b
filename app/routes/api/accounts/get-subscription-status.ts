import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { CheckClientSchema } from "~/models/accounts/schemas";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { newsletterStatusFor } from "~/models/accounts/profile.server";

// POST /api/auth/get-subscription-status {email}: {data: {result}}. Only the
// signed-in customer's own status is told; for any other email the answer is
// false, so the call reveals nothing about other people.
export const action = apiHandler(async ({ request, t }) => {
  const { email } = await readJsonBody(request, CheckClientSchema, t);
  return apiOk({ data: { result: await newsletterStatusFor(await getSessionUser(request), email) } });
});

export const loader = methodNotAllowed;
