import * as v from "valibot";
import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/lib/api.server";
import { AddressIdSchema, AddressSchema } from "~/lib/account-schemas";
import { requireApiUser } from "~/lib/guards.server";
import { countryExists, updateAddress } from "~/models/addresses.server";

// POST /api/account/update-delivery-address {id, …address}: 404 for an id
// that is not one of the caller's addresses.
const Schema = v.object({ ...AddressIdSchema.entries, ...AddressSchema.entries });

export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const { id, ...address } = await readJsonBody(request, Schema, t);
  if (!(await countryExists(address.country_id))) return apiError(400, t("account.unknownCountry"), { country_id: [t("account.unknownCountry")] });
  const updated = await updateAddress(user.id, id, address);
  return updated ? apiOk({ address: updated }) : apiError(404, t("api.notFoundItem"));
});

export const loader = methodNotAllowed;
