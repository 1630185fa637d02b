import { db } from "~/models/db/db.server";
import { secureCookies } from "~/platform/env.server";
import { UTM_COOKIE, UTM_MAX_AGE_SECONDS, serialiseUtm, type Utm } from "./utm";

/** The Set-Cookie value that keeps the campaign for 90 days (spec 9). The page's script reads it back, so it is not HttpOnly. */
export function utmCookieHeader(utm: Utm) {
  const secure = secureCookies();
  return `${UTM_COOKIE}=${serialiseUtm(utm)}; Path=/; Max-Age=${UTM_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * POST /api/utm: counts one landing from the campaign on the site, and keeps
 * the campaign in the visitor's cookie. Only the campaign's keys are stored:
 * no address, no session, no user, so the table says how many visits each
 * campaign brought and nothing about who.
 */
export async function recordLanding(siteId: number, utm: Utm) {
  await db().insertInto("utm_landings").values({ site_id: siteId, utm: JSON.stringify(utm) }).execute();
  return utmCookieHeader(utm);
}
