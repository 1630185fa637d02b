import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/guards.server";
import { chooseNewsletter } from "~/models/accounts/profile.server";

// POST /api/auth/update-subscription-status {subscribed}: the signed-in customer's newsletter choice.
const Schema = v.object({ subscribed: v.boolean("validation.required") }, "validation.required");

export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const { subscribed } = await chooseNewsletter(user, (await readJsonBody(request, Schema, t)).subscribed);
  return apiOk({ data: { result: subscribed } });
});

export const loader = methodNotAllowed;
