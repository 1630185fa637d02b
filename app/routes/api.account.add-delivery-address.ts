import { apiError, apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/platform/api.server";
import { AddressSchema } from "~/models/accounts/schemas";
import { requireApiUser } from "~/platform/guards.server";
import { addAddress, countryExists, TooManyAddressesError } from "~/models/accounts/addresses.server";

// POST /api/account/add-delivery-address {first_name, last_name, first_address, city, zip, phone_number, country_id}.
export const action = apiHandler(async ({ request, t }) => {
  const user = await requireApiUser(request, t);
  const address = await readJsonBody(request, AddressSchema, t);
  if (!(await countryExists(address.country_id))) return apiError(400, t("account.unknownCountry"), { country_id: [t("account.unknownCountry")] });
  try {
    return apiOk({ address: await addAddress(user.id, address) }, { status: 201 });
  } catch (error) {
    if (error instanceof TooManyAddressesError) return apiError(409, t("account.tooManyAddresses"));
    throw error;
  }
});

export const loader = methodNotAllowed;
