import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { siteForRequest } from "~/web/sites.server";

// GET /api/config/languages: the languages of the site this host serves.
export const loader = apiHandler(async ({ request }) => {
  const site = await siteForRequest(request);
  return apiOk(site.languages.map(({ id, iso_code, local_title }) => ({ id, iso_code, local_title })));
});

export const action = methodNotAllowed;
