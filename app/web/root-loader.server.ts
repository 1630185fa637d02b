import type { LoaderFunctionArgs } from "@remix-run/node";
import { isbot } from "isbot";
import { clientEnv } from "~/platform/env.server";
import { publicUser } from "~/web/guards.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { orFallback } from "~/platform/fallback.server";
import { isLocale, type Locale } from "~/lib/i18n";
import { localeFromRequest, translationsFor } from "~/platform/i18n.server";
import { textsFile } from "~/platform/page-texts.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { isSeller } from "~/models/pro/roles";
import type { ConsentCategory } from "~/models/marketing/consent";
import { unpaidAlertOf } from "~/web/orders/unpaid-alert.server";
import { pageMarketing } from "~/web/marketing.server";
import { siteForRequest } from "~/web/sites.server";

// The root route's data: what every page, the shop's and the back office's,
// needs of the visitor (language, user, the unpaid-orders alert, consent).
// The browser's rooms read it through hooks/route-data.ts, by this type.

const NO_MARKETING: ReturnType<typeof pageMarketing> = { offered: [], answered: false, tags: [], campaign: false };

/** The consent banner as markup, made by the UI (decision 029); the web edge imports no UI, so the root hands it in. */
export type ConsentBannerMaker = (locale: Locale, offered: readonly ConsentCategory[], answered: boolean) => string | null;

export function rootLoader(consentBannerHtml: ConsentBannerMaker) {
  return async function loader({ request, params, context }: LoaderFunctionArgs) {
    const locale = isLocale(params.locale) ? params.locale : localeFromRequest(request);
    // Spec 8: a failed current-user read is reported and the visitor is a guest.
    const user = await orFallback(() => getSessionUser(request), null, "Current user", "reported");
    const unpaidAlert = await unpaidAlertOf(request, user);
    // Consent and the third-party tags it allows (decision 029); a failure loads none.
    // The back office loads no third-party tags and offers no consent banner: staff are not the shop's visitors.
    const backOffice = new URL(request.url).pathname.startsWith("/admin");
    const marketing = backOffice
      ? NO_MARKETING
      : await orFallback(async () => pageMarketing(request, await siteForRequest(request), locale, user), NO_MARKETING, "Marketing tags", "reported");
    return {
      locale,
      // A document names its language's texts file, which the browser keeps
      // (platform/page-texts); a client navigation that reloads this data
      // needs the texts here, as it may change the language.
      textsHref: context.documentRequest ? textsFile(locale).href : undefined,
      translations: context.documentRequest ? undefined : translationsFor(locale),
      env: clientEnv(),
      isBot: isbot(request.headers.get("user-agent")),
      honeypot: honeypotInputProps(),
      user: publicUser(user),
      // Decision 030: the account menu leads a pro seller to their listings.
      seller: isSeller(user?.role),
      // Spec 4's unpaid-orders alert, when this user has one to see; the page decides whether its route shows it.
      unpaidAlert,
      // Decision 029: the banner as the server's markup, and only what the shell needs of the rest.
      marketing: {
        offered: marketing.offered.length > 0,
        banner: consentBannerHtml(locale, marketing.offered, marketing.answered),
        tags: marketing.tags,
        campaign: marketing.campaign,
      },
    };
  };
}

export type RootLoader = ReturnType<typeof rootLoader>;
