import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { AddressIdSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/platform/guards.server";
import { deleteAddress } from "~/models/accounts/addresses.server";

// POST /api/account/delete-delivery-address {id}: {success: true}, or 404
// for an id that is not one of the caller's addresses.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const { id } = await readJsonBody(request, AddressIdSchema, t);
  return (await deleteAddress(user.id, id)) ? apiOk({ success: true }) : apiError(404, t("api.notFoundItem"));
});

export const loader = methodNotAllowed;
