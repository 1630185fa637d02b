import { isLocale, type Locale } from "~/lib/i18n";
import type { SiteFeatures } from "~/models/sites/sites.server";

// Which content page a path names (docs/content.md). A page has one slug
// (pages.slug, its name in every language that has none of its own) and
// may have a slug of its own in a language (page_translations.slug, lt
// "kontaktai"): its address there. Safe in the browser; no I/O here.

/** The page of the contact form: the catch-all route shows the form below its text. */
export const CONTACTS_SLUG = "contacts";
/** The page that also offers the four browsers' download links. */
export const UNSUPPORTED_BROWSER_SLUG = "unsupported-browser";

/**
 * The pages spec 2 guards, by the part of the site each needs: a site
 * without it answers 404 and its sitemap leaves the page out.
 */
export const PAGE_FEATURES: Partial<Record<string, keyof SiteFeatures>> = {
  "about-us": "about_us",
  "purchase-agreement": "purchase_agreement",
  "reservation-policy": "marketplace",
};

/** One page in one language, as the site shows it: `address` is its slug in that language. */
export type PageAddressRow = { page_slug: string; iso_code: string; address: string };

/** The page's path in each language it has a text in, without the language prefix ("/kontaktai"). */
export type PagePaths = Partial<Record<Locale, string>>;

export type ResolvedPage<R> =
  | { kind: "page"; row: R; paths: PagePaths }
  /** The path names the page in another way (its slug, or another language's): it lives at `path` in this language. */
  | { kind: "moved"; pageSlug: string; path: string }
  | null;

export function pagePaths(rows: readonly PageAddressRow[], pageSlug: string): PagePaths {
  const paths: PagePaths = {};
  for (const row of rows) if (row.page_slug === pageSlug && isLocale(row.iso_code)) paths[row.iso_code] = `/${row.address}`;
  return paths;
}

/**
 * The page a path names in a language, from the rows of every page that has
 * the path as its slug or as an address in any language:
 * - its address in the language: the page;
 * - its slug, or its address in another language (the language switcher
 *   keeps the path): moved to its address in this language;
 * - a page without a text in the language, or nothing: null (the 404).
 * An address in the language wins over a slug, and a slug over another
 * language's address.
 */
export function resolvePage<R extends PageAddressRow>(rows: readonly R[], locale: Locale, slug: string): ResolvedPage<R> {
  const here = rows.find((row) => row.iso_code === locale && row.address === slug);
  if (here) return { kind: "page", row: here, paths: pagePaths(rows, here.page_slug) };
  const named = rows.find((row) => row.page_slug === slug) ?? rows.find((row) => row.address === slug);
  const target = named && rows.find((row) => row.page_slug === named.page_slug && row.iso_code === locale);
  return target ? { kind: "moved", pageSlug: target.page_slug, path: `/${target.address}` } : null;
}

/** Whether the site shows the page at all (spec 2's guards). */
export function siteShowsPage(features: SiteFeatures, pageSlug: string) {
  const feature = PAGE_FEATURES[pageSlug];
  return feature === undefined || features[feature];
}
