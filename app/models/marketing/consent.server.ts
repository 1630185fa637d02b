import { secureCookies } from "~/platform/env.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { consentCookieHeader, consentFromForm } from "./consent";
import { offeredCategories, tagSettingsFor } from "./tags";

/**
 * The Set-Cookie header that records the consent form's answer, or null for
 * a form no page of ours sends. A category the site does not ask about is
 * never recorded as allowed.
 */
export function consentAnswer(form: Record<string, unknown>, site: SiteConfig, locale: string) {
  const consent = consentFromForm(form, offeredCategories(tagSettingsFor(site, locale)));
  return consent ? consentCookieHeader(consent, secureCookies()) : null;
}
