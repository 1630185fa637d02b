import { data, redirect, redirectDocument, type LoaderFunctionArgs } from "@remix-run/node";
import { selectCurrency } from "~/models/sites/currency";
import { fallbackLocale, localeForPath } from "~/models/sites/locale-rules";
import { orFallback } from "~/platform/fallback.server";
import { readPreferences, savedLocaleCookie } from "~/web/preferences.server";
import { ownPageAddresses } from "~/models/content/content.server";
import { notificationStrip } from "~/models/content/content-edit.server";
import { listTopCategories } from "~/models/catalogue/catalogue.server";
import { isAbsoluteTarget, redirectLocation } from "~/models/redirects/redirect-rules";
import { findRedirect } from "~/models/redirects/redirects.server";
import { type SiteConfig } from "~/models/sites/sites.server";
import { siteForRequest } from "~/web/sites.server";
import { cartCount } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";

// The data of the shop's language layout (routes/layout.tsx): the site, its
// categories, the strip and the cart's count that the header and footer of
// every shop page show. The browser's rooms read it through
// hooks/route-data.ts, by this loader's type.

// Every page of the shop lives under one of its site's languages: /lt,
// /en/faq... Any other path is sent to the same path under the saved
// language, else the site's default, else its first (spec 2).
export async function shellLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [moved, site, preferences] = await Promise.all([
    orFallback(() => findRedirect(url.pathname), null, "Redirect check", "reported"),
    siteForRequest(request),
    readPreferences(request),
  ]);
  // Spec 2: the operator's redirects come first, before the language check,
  // so an old path without a language goes straight to its new home. An
  // address on another origin is loaded as a new document.
  if (moved) {
    const location = redirectLocation(moved.to_url, url.search);
    throw isAbsoluteTarget(moved.to_url) ? redirectDocument(location, moved.status) : redirect(location, moved.status);
  }
  const resolved = localeForPath(url.pathname, site, preferences.savedLocale);
  if (resolved.redirect !== undefined) throw redirect(`${resolved.redirect}${url.search}`);
  // Spec 8: the shell shows no category links rather than an error screen.
  const [categories, pageAddresses, strip, cartUnits] = await Promise.all([
    orFallback(() => listTopCategories(resolved.locale), [], "Shell categories", "quiet"),
    // The footer's content pages at this language's own addresses; without them, their slugs (which redirect).
    orFallback(() => ownPageAddresses(site.id, resolved.locale), {}, "Page addresses", "quiet"),
    // What the site's staff wrote for the strip in this language; without it (or unread), the shop's own text.
    orFallback(() => notificationStrip(site.id, resolved.locale), null, "Notification strip", "quiet"),
    // Read again on every page, so the header's count follows a change made anywhere.
    orFallback(() => cartOwner(request).then((owner) => cartCount(owner, site.id)), 0, "Cart count", "reported"),
  ]);
  const shell = {
    site: shownSite(site),
    // The main menu names them; their pictures are the home page's, which reads its own.
    categories: categories.map(({ id, path, name }) => ({ id, path, name })),
    pageAddresses,
    strip,
    cartCount: cartUnits,
    currency: selectCurrency(site.currencies, preferences.currencyId) ?? null,
    productLayout: preferences.productLayout,
  };
  // Spec 2: a URL in another language than the saved one updates the saved
  // one. The answer itself carries the cookie, so it holds without JavaScript.
  // With nothing saved, a page in the language a bare path gives anyway
  // saves nothing: its answer sets no cookie, so a shared cache may keep it
  // (decision 025).
  const unchanged = preferences.savedLocale === undefined ? resolved.locale === fallbackLocale(site, undefined) : resolved.locale === preferences.savedLocale;
  if (unchanged) return data({ shell });
  return data({ shell }, { headers: { "set-cookie": await savedLocaleCookie.serialize(resolved.locale) } });
}

/** What the pages show of their site; the rest of its configuration (marketing keys, tags) stays on the server. */
function shownSite(site: SiteConfig) {
  const { name, theme, appUrl, defaultLanguageIso, category_doc_key, features, currencies } = site;
  const languages = site.languages.map(({ id, iso_code, local_title }) => ({ id, iso_code, local_title }));
  return { name, theme, appUrl, defaultLanguageIso, category_doc_key, features, currencies, languages };
}

export type ShellData = Awaited<ReturnType<typeof shellLoader>>["data"]["shell"];
