import type { Locale } from "~/lib/i18n";
import { consentFromCookieHeader, type ConsentCategory } from "~/models/marketing/consent";
import { hashEmail } from "~/models/marketing/email-hash.server";
import { offeredCategories, tagSettingsFor, tagsFor, type TagVisitor } from "~/models/marketing/tags";
import { UTM_COOKIE, utmFromCookieHeader, type Utm } from "~/models/marketing/utm";
import type { SiteConfig } from "~/models/sites/sites.server";

// What the marketing rules (models/marketing) need of a request: its
// consent and utm cookies, and the landing URL's utm_ keys.

/** The categories a site asks about in a language, and the visitor's answer so far (empty before one). */
export function consentChoices(request: Request, site: SiteConfig, locale: string) {
  const consent = consentFromCookieHeader(request.headers.get("cookie"));
  return { offered: offeredCategories(tagSettingsFor(site, locale)), allowed: consent ? [...consent] : ([] as ConsentCategory[]) };
}

/** The campaign the shopper's request carries in its utm cookie, for an order or a quote; null without one. */
export function utmFromRequest(request: Request): Utm | null {
  return utmFromCookieHeader(request.headers.get("cookie"));
}

type Visitor = { email: string; first_name: string; last_name: string } | null;

/**
 * What a page needs for consent, tags and the campaign: the categories the
 * site asks about (none: no banner, no settings link), whether the visitor
 * has answered, the tags the answer allows, and whether there
 * is a campaign to send to /api/utm (the landing URL's utm_ keys, or the
 * saved ones). For a guest it depends on the site, the language, the URL and
 * the consent and utm cookies only, so a shared cache may keep the page
 * (decision 029).
 */
export function pageMarketing(request: Request, site: SiteConfig, locale: Locale, user: Visitor) {
  const settings = tagSettingsFor(site, locale);
  const cookie = request.headers.get("cookie");
  const consent = consentFromCookieHeader(cookie);
  const offered = offeredCategories(settings);
  const visitor: TagVisitor = user ? { email: user.email, emailHash: hashEmail(user.email), firstName: user.first_name, lastName: user.last_name } : null;
  return {
    offered,
    answered: consent !== null,
    tags: tagsFor(consent, settings, visitor),
    campaign: /[?&]utm_/i.test(new URL(request.url).search) || new RegExp(`(^|;\\s*)${UTM_COOKIE}=`).test(cookie ?? ""),
  };
}

export type PageMarketing = ReturnType<typeof pageMarketing>;
