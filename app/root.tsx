import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { isbot } from "isbot";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { DeferredErrorScreen } from "./components/DeferredErrorScreen";
import { ProgressBar } from "./components/ProgressBar";
import { clientEnv } from "./platform/env.server";
import { publicUser } from "./web/guards.server";
import { honeypotInputProps } from "./web/honeypot.server";
import { orFallback } from "./platform/fallback.server";
import { DEFAULT_LOCALE, intlLocale, isLocale, splitLocale } from "./lib/i18n";
import { localeFromRequest, translationsFor } from "./platform/i18n.server";
import { errorMeta } from "./web/meta";
import { useNonce } from "./web/nonce";
import { InlineStylesheet } from "./web/stylesheet";
import { TextsLink, keptTexts } from "./platform/page-texts";
import { textsFile } from "./platform/page-texts.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { isSeller } from "./models/pro/roles";
import { unpaidAlertOf } from "./web/orders/unpaid-alert.server";
import { translationKeyModeAtom } from "./platform/translation-keys";
import { useAtomValue } from "jotai";
import { TextsProvider } from "./hooks/use-translation";
import type { loader as localeLayoutLoader } from "./routes/layout";
import { themeName } from "./themes";
import { pageMarketing } from "./web/marketing.server";
import { siteForRequest } from "~/web/sites.server";
import { MarketingTags } from "./components/marketing/MarketingTags";
import { consentBannerHtml } from "./components/marketing/consent-banner.server";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ error, matches }) => (error ? errorMeta(matches, error) : []);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
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
}

const NO_MARKETING: ReturnType<typeof pageMarketing> = { offered: [], answered: false, tags: [], campaign: false };

// The texts are sent once per language, not on every navigation.
// A post (sign-in, sign-out...) or an explicit reload of the same page
// (useRevalidator) reads the user again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }) =>
  (formMethod !== undefined && formMethod !== "GET") || currentUrl.href === nextUrl.href
    ? defaultShouldRevalidate
    : splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const layout = useRouteLoaderData<typeof localeLayoutLoader>("routes/layout");
  const nonce = useNonce();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const showKeys = useAtomValue(translationKeyModeAtom);
  return (
    <TextsProvider texts={data?.translations ?? keptTexts(data?.locale)} lang={intlLocale(locale)} showKeys={showKeys}>
      <html lang={intlLocale(locale)} data-locale={locale} data-theme={themeName(layout?.shell.site.theme)}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <InlineStylesheet />
          {data?.textsHref ? <TextsLink locale={data.locale} href={data.textsHref} /> : null}
          <Links />
        </head>
        <body className="min-h-screen bg-surface text-ink antialiased">
          <ProgressBar />
          {children}
          <script
            nonce={nonce}
            // The browser-side settings; clientEnv() holds nothing secret.
            dangerouslySetInnerHTML={{
              __html: `window.ENV = ${JSON.stringify(data?.env ?? {})}`,
            }}
          />
          {data ? <MarketingTags tags={data.marketing.tags} nonce={nonce} /> : null}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    </TextsProvider>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  // Marks the page as answering through React from now on: until then a
  // click is the browser's own (a link loads a whole page, a radio only
  // turns), which styles and the browser tests can tell apart by it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <HoneypotProvider {...data?.honeypot}>
      <Outlet />
    </HoneypotProvider>
  );
}

export function ErrorBoundary() {
  return <DeferredErrorScreen />;
}
