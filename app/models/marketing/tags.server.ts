import type { Locale } from "~/lib/i18n";
import type { SiteConfig } from "~/models/sites/sites.server";
import { consentFromCookieHeader } from "./consent";
import { hashEmail } from "./email-hash.server";
import { offeredCategories, tagSettingsFor, tagsFor, type TagVisitor } from "./tags";
import { UTM_COOKIE } from "./utm";

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
