import { useLocation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { isUnsupportedBrowser } from "~/lib/browser-support";
import { intlLocale, type Locale } from "~/lib/i18n";
import { languageSwitchHref } from "~/models/sites/locale-rules";
import type { SiteConfig } from "~/models/sites/sites.server";
import type { ShellData } from "~/web/shell-loader.server";
import { CurrencySwitcher } from "./CurrencySwitcher";
import { LoadingOverlay } from "./LoadingOverlay";
import { LocaleLink } from "./LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { useDeviceWatcher } from "~/state/device";
import { useCloseModalsOnRouteChange } from "~/hooks/close-modals-on-route-change";
import { isAuthModal, openModalAtom } from "~/state/ui";
import { useAtomValue } from "jotai";
import { useHydrated } from "remix-utils/use-hydrated";
import { AuthLink } from "./account/AuthLink";
import { DeferredUnpaidOrdersAlert } from "./account/DeferredUnpaidOrdersAlert";
import { useUtmOnLanding } from "./marketing/use-utm";
import { useRootData } from "~/hooks/route-data";

/** Spec 2's app shell: notification strip, header, footer and the modal mount point. */
export function AppShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  useDeviceWatcher();
  useCloseModalsOnRouteChange();
  useUtmOnLanding(useRootData()?.marketing.campaign);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="shell-skip">
        {t("shell.skipToContent")}
      </a>
      {/* The site's own text for the strip (back office); none written: the shop's; an empty one: no strip. */}
      {shell.strip === "" ? null : <p className="bg-brand px-4 py-1.5 text-center text-sm text-on-brand">{shell.strip ?? t("shell.notification")}</p>}
      <Header shell={shell} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer siteName={shell.site.name} features={shell.site.features} pageAddresses={shell.pageAddresses} />
      <div id="modal-root" />
      <LoadingOverlay />
      <RarelyNeeded categoryDocKey={shell.site.category_doc_key} />
      <ConsentAsked />
    </div>
  );
}

// Loaded only for the few who need them, so nobody else downloads them:
// the outdated-browser notice, the sign-in modals once a guest opens one,
// the translation-key toggler for signed-in users (the server decides
// whether it shows), and the unpaid-orders alert (its module says how its
// code loads). The others all wait until the page is up: the toggler draws
// nothing until it has asked the server, and a Suspense boundary in the
// server's HTML, even an empty one, hydrates after the page, so the first
// update to it before then makes React throw it away and report an error.
const WhileTabOpen = lazy(() => import("./WhileTabOpen"));
const UnsupportedBrowserModal = lazy(() => import("./UnsupportedBrowserModal").then((m) => ({ default: m.UnsupportedBrowserModal })));
const TranslationKeyToggler = lazy(() => import("./TranslationKeyToggler").then((m) => ({ default: m.TranslationKeyToggler })));
const AuthModals = lazy(() => import("./account/AuthModals"));

function RarelyNeeded({ categoryDocKey }: { categoryDocKey: string | null }) {
  const root = useRootData();
  const hydrated = useHydrated();
  const [outdated, setOutdated] = useState(false);
  useEffect(() => setOutdated(isUnsupportedBrowser(navigator.userAgent)), []);
  const authModal = isAuthModal(useAtomValue(openModalAtom));
  return (
    <>
      {hydrated ? (
        <Suspense fallback={null}>
          <WhileTabOpen categoryDocKey={categoryDocKey} />
          {outdated ? <UnsupportedBrowserModal /> : null}
          {authModal ? <AuthModals /> : null}
          {root?.user ? <TranslationKeyToggler /> : null}
        </Suspense>
      ) : null}
      {root?.unpaidAlert ? <DeferredUnpaidOrdersAlert {...root.unpaidAlert} /> : null}
    </>
  );
}

// The search bar's suggestions load when its field is first used: most
// visits never search, and the plain form works without them.
const SearchSuggestions = lazy(() => import("./SearchSuggestions"));

function Header({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const searchText = new URLSearchParams(useLocation().search).get("q") ?? "";
  const searchField = useRef<HTMLInputElement>(null);
  const [suggesting, setSuggesting] = useState(false);
  const suggest = () => setSuggesting(true);
  // A shopper who clicked into the field before the page came alive fired no
  // focus event React saw: start the suggestions for them now.
  useEffect(() => {
    if (document.activeElement === searchField.current) setSuggesting(true);
  }, []);
  const features = shell.site.features;
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-3 md:gap-x-6">
        {/* On a phone the logo takes what the row leaves and a long site
            name is cut short, so the first row never wraps. */}
        <LocaleLink
          to="/"
          className="flex min-w-0 grow basis-0 items-center gap-2 text-xl font-extrabold tracking-tight text-brand-strong md:grow-0 md:basis-auto"
        >
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
            <rect width="32" height="32" rx="8" className="fill-brand" />
            <path d="M7 20l9-11 9 11M11 20v4h10v-4" fill="none" stroke="white" strokeWidth="2.5" strokeLinejoin="round" />
          </svg>
          <span className="truncate">{shell.site.name}</span>
        </LocaleLink>
        {features.marketplace && features.search ? (
          <form method="get" action={`/${locale}/search`} role="search" className="relative order-last flex w-full md:order-none md:w-auto md:flex-1">
            <label htmlFor="site-search" className="sr-only">
              {t("shell.searchLabel")}
            </label>
            <input
              id="site-search"
              name="q"
              type="search"
              placeholder={t("shell.searchPlaceholder")}
              defaultValue={searchText}
              key={searchText}
              ref={searchField}
              onFocus={suggest}
              onInput={suggest}
              className="w-full rounded-l-lg border border-line-strong bg-surface px-3 py-2"
            />
            <button type="submit" className="rounded-r-lg bg-brand px-4 font-semibold text-on-brand hover:bg-brand-strong">
              {t("shell.searchSubmit")}
            </button>
            {suggesting ? (
              <Suspense fallback={null}>
                <SearchSuggestions key={searchText} input={searchField} />
              </Suspense>
            ) : null}
          </form>
        ) : null}
        {/* Inline on a wide screen; on a narrower one a small menu, so the
            header keeps to two rows (logo and icons, then search). */}
        <details className="open-when-wide relative ml-auto md:ml-0">
          <summary className="flex cursor-pointer items-center gap-1 rounded px-2 py-1.5 text-sm font-semibold uppercase hover:bg-surface-muted">
            {/* One text each, as React writes a marker between two (on every page). */}
            <span className="sr-only">{`${t("shell.languageAndCurrency")}: `}</span>
            {shell.currency ? `${locale} · ${shell.currency.iso_code}` : locale}
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <path d="M5.5 7.5 10 12l4.5-4.5z" />
            </svg>
          </summary>
          <div className="shell-menu">
            <nav aria-label={t("shell.language")}>
              <LanguageLinks languages={shell.site.languages} />
            </nav>
            {shell.site.currencies.length > 1 ? (
              <CurrencySwitcher currencies={shell.site.currencies} selectedId={shell.currency?.id ?? null} />
            ) : null}
          </div>
        </details>
        <div className="flex items-center gap-1 text-sm font-medium sm:gap-4">
          <AccountLink />
          <LocaleLink to="/cart" className="flex items-center gap-1.5 rounded p-1.5 hover:text-brand-strong">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
              <circle cx="9" cy="19.5" r="1.5" />
              <circle cx="17" cy="19.5" r="1.5" />
            </svg>
            <span className="sr-only sm:not-sr-only">{t("shell.cart")}</span>
            <CartCount count={shell.cartCount} />
          </LocaleLink>
        </div>
      </div>
      {/* Its links' hover colour is the `main-menu` rule in tailwind.css: one rule, not one class a link. */}
      <nav aria-label={t("shell.mainNavigation")} className="main-menu border-t border-line">
        <ul className="mx-auto flex max-w-7xl gap-5 overflow-x-auto px-4 py-2 text-sm font-medium whitespace-nowrap">
          {features.marketplace ? (
            <li>
              <LocaleLink to="/marketplace">{t("shell.marketplace")}</LocaleLink>
            </li>
          ) : null}
          {features.marketplace && features.dealzone ? (
            <li>
              <LocaleLink to="/dealzone" className="text-accent-strong hover:underline">{t("shell.dealzone")}</LocaleLink>
            </li>
          ) : null}
          {(features.marketplace ? shell.categories : []).map((category) => (
            <li key={category.id}>
              <LocaleLink to={`/c/${category.path}`}>
                {category.name}
              </LocaleLink>
            </li>
          ))}
          <li>
            <LocaleLink to="/quotes">{t("shell.quotes")}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/tracking">{t("shell.tracking")}</LocaleLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

/**
 * A guest is offered sign-in, in a modal over the page once JavaScript runs;
 * a signed-in shopper goes to the account, named by first name.
 */
function AccountLink() {
  const { t } = useTranslation();
  const user = useRootData()?.user;
  const className = "flex items-center gap-1.5 rounded p-1.5 hover:text-brand-strong";
  const content = (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </svg>
      {user?.first_name ? <span className="sr-only">{t("shell.account")}: </span> : null}
      <span className="sr-only sm:not-sr-only">{user ? user.first_name || t("shell.account") : t("shell.signIn")}</span>
    </>
  );
  return user ? (
    <LocaleLink to="/user-account" className={className}>
      {content}
    </LocaleLink>
  ) : (
    <AuthLink to="/login" modal="login" className={className}>
      {content}
    </AuthLink>
  );
}

/** The same page in each of the site's languages: plain links, so it works before JavaScript. */
function LanguageLinks({ languages }: { languages: ShellData["site"]["languages"] }) {
  const { pathname, search } = useLocation();
  const current = useLocale();
  return (
    <ul className="flex gap-1 text-sm">
      {languages.map((language) => (
        <li key={language.id}>
          <a
            href={languageSwitchHref(pathname, search, language.iso_code)}
            hrefLang={intlLocale(language.iso_code as Locale)}
            lang={intlLocale(language.iso_code as Locale)}
            aria-current={language.iso_code === current ? "true" : undefined}
            title={language.local_title}
            className={`rounded px-2 py-1 uppercase ${language.iso_code === current ? "bg-brand-soft font-bold text-brand-strong" : "hover:bg-surface-muted"}`}
          >
            {language.iso_code}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Footer({ siteName, features, pageAddresses }: { siteName: string; features: SiteConfig["features"]; pageAddresses: Record<string, string> }) {
  const { t } = useTranslation();
  // A content page at this language's own address (/lt/kontaktai), not through its redirect.
  const page = (slug: string) => `/${pageAddresses[slug] ?? slug}`;
  const columns = [
    { title: t("footer.shopping"), links: [["/marketplace", t("shell.marketplace")], ["/dealzone", t("shell.dealzone")], ["/quotes", t("shell.quotes")], ["/stores", t("stores.title")], ["/tracking", t("shell.tracking")]] },
    { title: t("footer.help"), links: [["/calculate", t("calculator.title")], ["/faq", t("footer.faq")], [page("warranty"), t("footer.warranty")], [page("contacts"), t("footer.contacts")]] },
    { title: t("footer.company"), links: [...(features.about_us ? [[page("about-us"), t("footer.about")] as const] : []), ...(features.blog ? [["/blog", t("footer.blog")] as const] : []), [page("privacy-policy"), t("footer.privacy")]] },
  ] as const;
  return (
    // Its headings, lists and links are styled by their places: the `site-footer` rules in tailwind.css.
    <footer className="site-footer mt-16 bg-ink text-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        {columns.map((column) => (
          <div key={column.title}>
            <h2>{column.title}</h2>
            <ul>
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <LocaleLink to={to}>
                    {label}
                  </LocaleLink>
                </li>
              ))}
              {column === columns.at(-1) ? <CookieSettingsLink /> : null}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-surface/15 px-4 py-4 text-center text-sm text-surface/80">
        {t("footer.rights", { year: new Date().getFullYear(), site: siteName })}
      </p>
    </footer>
  );
}

/**
 * Decision 029: the consent banner, until the visitor answers, as the markup
 * the server made (components/marketing/consent-banner.server); not on the
 * settings page, which shows the same choices.
 */
function ConsentAsked() {
  const banner = useRootData()?.marketing.banner;
  const { pathname } = useLocation();
  if (!banner || pathname.endsWith("/cookie-consent")) return null;
  return <div dangerouslySetInnerHTML={{ __html: banner }} />;
}

/** "Cookie settings": the consent choices again, on a site that asks for consent. */
function CookieSettingsLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (!useRootData()?.marketing.offered) return null;
  return (
    <li>
      <LocaleLink to={`/cookie-consent?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`} data-testid="cookie-settings">
        {t("consent.settingsLink")}
      </LocaleLink>
    </li>
  );
}

/** The header's count of units in the cart, read out with the link's name. */
function CartCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span data-testid="cart-count" className="min-w-5 rounded-full bg-brand px-1.5 text-center text-xs font-bold leading-5 text-on-brand">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("shell.cartCount", { count })}</span>
    </span>
  );
}
