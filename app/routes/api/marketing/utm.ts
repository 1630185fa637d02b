import * as v from "valibot";
import { UTM_KEY, UTM_MAX_KEYS, UTM_MAX_VALUE } from "~/models/marketing/utm";
import { recordLanding } from "~/models/marketing/utm.server";
import { siteForRequest } from "~/web/sites.server";
import { apiHandler, apiOk, methodNotAllowed, readJsonBody } from "~/web/api.server";

// POST /api/utm {utm_campaign, utm_medium, utm_source, …} (spec 7): counts a
// visit from the campaign and keeps it in the utm cookie for 90 days
// (docs/marketing.md). Only utm_ keys with short text values are accepted,
// at least one; anything else is a 400 and records nothing.
const UtmSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(UTM_KEY, "api.badInput")),
    v.pipe(v.string("api.badInput"), v.trim(), v.minLength(1, "api.badInput"), v.maxLength(UTM_MAX_VALUE, "api.badInput")),
    "api.badInput",
  ),
  v.check((utm) => Object.keys(utm).length >= 1 && Object.keys(utm).length <= UTM_MAX_KEYS, "api.badInput"),
);

export const action = apiHandler(async ({ request, t }) => {
  const utm = await readJsonBody(request, UtmSchema, t);
  const site = await siteForRequest(request);
  return apiOk({ status: "success" }, { headers: { "set-cookie": await recordLanding(site.id, utm) } });
});

export const loader = methodNotAllowed;
