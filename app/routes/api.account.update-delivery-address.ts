import * as v from "valibot";
import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { AddressIdSchema, AddressSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/platform/guards.server";
import { countryExists, updateAddress } from "~/models/accounts/addresses.server";

// POST /api/account/update-delivery-address {id, …address}: 404 for an id
// that is not one of the caller's addresses.
const Schema = v.object({ ...AddressIdSchema.entries, ...AddressSchema.entries }, "validation.required");

export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const { id, ...address } = await readJsonBody(request, Schema, t);
  if (!(await countryExists(address.country_id))) return apiError(400, t("account.unknownCountry"), { country_id: [t("account.unknownCountry")] });
  const updated = await updateAddress(user.id, id, address);
  return updated ? apiOk({ address: updated }) : apiError(404, t("api.notFoundItem"));
});

export const loader = methodNotAllowed;
