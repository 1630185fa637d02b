import { apiHandler, apiOk, methodNotAllowed } from "~/platform/api.server";
import { siteForRequest } from "~/models/sites/sites.server";

// GET /api/config/languages: the languages of the site this host serves.
export const loader = apiHandler(async ({ request }) => {
  const site = await siteForRequest(request);
  return apiOk(site.languages.map(({ id, iso_code, local_title }) => ({ id, iso_code, local_title })));
});

export const action = methodNotAllowed;
