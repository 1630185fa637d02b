import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from "@remix-run/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { DeferredErrorScreen } from "./components/DeferredErrorScreen";
import { ProgressBar } from "./components/ProgressBar";
import { LinkNavigation } from "./components/LocaleLink";
import { DEFAULT_LOCALE, intlLocale, splitLocale } from "./lib/i18n";
import { errorMeta } from "./web/meta";
import { useNonce } from "./web/nonce";
import { InlineStylesheet } from "./web/stylesheet";
import { TextsLink, keptTexts } from "./platform/page-texts";
import { translationKeyModeAtom } from "./platform/translation-keys";
import { useAtomValue } from "jotai";
import { TextsProvider } from "./hooks/use-translation";
import { themeName } from "./themes";
import { MarketingTags } from "./components/marketing/MarketingTags";
import { consentBannerHtml } from "./components/marketing/consent-banner.server";
import { rootLoader } from "./web/root-loader.server";
import { useRootData, useShellData } from "~/hooks/route-data";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ error, matches }) => (error ? errorMeta(matches, error) : []);

export const loader = rootLoader(consentBannerHtml);

// The texts are sent once per language, not on every navigation.
// A post (sign-in, sign-out...) or an explicit reload of the same page
// (useRevalidator) reads the user again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }) =>
  (formMethod !== undefined && formMethod !== "GET") || currentUrl.href === nextUrl.href
    ? defaultShouldRevalidate
    : splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const layout = useShellData();
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
          <LinkNavigation>{children}</LinkNavigation>
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
  const data = useRootData();
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
