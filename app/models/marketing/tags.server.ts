import type { SiteConfig } from "~/models/sites/sites.server";
import { consentFromCookieHeader } from "./consent";
import { hashEmail } from "./email-hash.server";
import { offeredCategories, tagSettingsFor, tagsFor, type TagVisitor } from "./tags";

type Visitor = { email: string; first_name: string; last_name: string } | null;

/**
 * What a page needs for consent and tags: the categories the site asks about
 * (none: no banner, no settings link), the visitor's answer, and the tags it
 * allows. For a guest it depends on the site, the language and the consent
 * cookie only, so a shared cache may keep the page (decision 029).
 */
export function pageMarketing(request: Request, site: SiteConfig, locale: string, user: Visitor) {
  const settings = tagSettingsFor(site, locale);
  const consent = consentFromCookieHeader(request.headers.get("cookie"));
  const visitor: TagVisitor = user ? { email: user.email, emailHash: hashEmail(user.email), firstName: user.first_name, lastName: user.last_name } : null;
  return {
    offered: offeredCategories(settings),
    consent: consent ? [...consent] : null,
    tags: tagsFor(consent, settings, visitor),
  };
}

export type PageMarketing = ReturnType<typeof pageMarketing>;
