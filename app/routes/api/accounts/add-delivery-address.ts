import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { AddressSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/web/guards.server";
import { addDeliveryAddress } from "~/models/accounts/addresses.server";
import { apiRefusal } from "~/web/accounts/outcome.server";

// POST /api/account/add-delivery-address {first_name, last_name, first_address, city, zip, phone_number, country_id}:
// 201 {address}; 400 for an unknown country, 409 when the book is full.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const result = await addDeliveryAddress(user.id, await readJsonBody(request, AddressSchema, t));
  if (!result.ok) return apiRefusal(result.error, t);
  return apiOk({ address: result.address }, { status: 201 });
});

export const loader = methodNotAllowed;
