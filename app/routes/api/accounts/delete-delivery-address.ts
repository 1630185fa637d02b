import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { AddressIdSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/web/guards.server";
import { deleteDeliveryAddress } from "~/models/accounts/addresses.server";
import { apiRefusal } from "~/web/accounts/outcome.server";

// POST /api/account/delete-delivery-address {id}: {success: true}, or 404
// for an id that is not one of the caller's addresses.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const result = await deleteDeliveryAddress(user.id, (await readJsonBody(request, AddressIdSchema, t)).id);
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ success: true });
});

export const loader = methodNotAllowed;
