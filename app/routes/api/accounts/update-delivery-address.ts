import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { AddressIdSchema, AddressSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/web/guards.server";
import { updateDeliveryAddress } from "~/models/accounts/addresses.server";
import { apiRefusal } from "~/web/accounts/outcome.server";

// POST /api/account/update-delivery-address {id, …address}: 404 for an id
// that is not one of the caller's addresses.
const Schema = v.object({ ...AddressIdSchema.entries, ...AddressSchema.entries }, "validation.required");

export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const { id, ...address } = await readJsonBody(request, Schema, t);
  const result = await updateDeliveryAddress(user.id, id, address);
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ address: result.address });
});

export const loader = methodNotAllowed;
