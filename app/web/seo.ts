import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { intlLocale, isLocale, splitLocale, type Locale } from "~/lib/i18n";
import { pageTitle } from "./meta";

type MetaArgs = Parameters<MetaFunction>[0];
type LayoutData = { shell?: { site?: { appUrl: string; defaultLanguageIso: string | null; languages: { iso_code: string }[] } } };

/**
 * Spec 2: a listing filtered by manufacturer, or with the az or s keys, is
 * not indexed (nor is create-order, which says so itself). Nor is a listing
 * with a filter list shown whole (`more`, FACET_MORE_PARAM): the same
 * products as without it. The name is written out here, where every page's
 * scripts load it, rather than imported with the listing's module; the test
 * holds the two to the same.
 */
export function isNoindexQuery(search: string) {
  const keys = [...new URLSearchParams(search).keys()];
  return keys.some((key) => key === "az" || key === "s" || key === "more" || /(^|\.)manufacturer$/.test(key));
}

/** A page search engines leave out (an account's, the sign-in pages): its loader's `title`, and robots noindex. */
export const noindexPageMeta: MetaFunction = ({ data, matches, location }) => {
  const title = (data as { title?: unknown } | undefined)?.title;
  return typeof title === "string" ? pageMeta({ matches, location }, { title, noindex: true }) : [{ name: "robots", content: "noindex, follow" }];
};

/**
 * Title, description, canonical URL and an hreflang alternate for every
 * language of the site, all on the site's configured address. A page whose
 * path differs by language (a content page's own slug in a language) names
 * its `paths`, without the language prefix: then the alternates are the
 * languages it has a path in, each at its own.
 */
export function pageMeta(
  { matches, location }: Pick<MetaArgs, "matches" | "location">,
  { title, description, noindex = false, paths }: { title: string; description?: string; noindex?: boolean; paths?: Partial<Record<string, string>> },
): MetaDescriptor[] {
  const site = (matches.find((match) => match.id === "routes/layout")?.data as LayoutData | undefined)?.shell?.site;
  const tags: MetaDescriptor[] = [{ title: pageTitle(matches, title) }];
  if (description) tags.push({ name: "description", content: description });
  if (noindex || isNoindexQuery(location.search)) tags.push({ name: "robots", content: "noindex, follow" });
  if (!site) return tags;

  const { locale, rest } = splitLocale(location.pathname);
  const samePath = rest === "/" ? "" : rest;
  const pathIn = (iso: string) => (paths ? paths[iso] : samePath);
  const own = paths && locale ? paths[locale] : undefined;
  tags.push({ tagName: "link", rel: "canonical", href: `${site.appUrl}${own !== undefined ? `/${locale}${own}` : location.pathname}` });
  const shown = site.languages.filter(({ iso_code }) => isLocale(iso_code) && pathIn(iso_code) !== undefined);
  for (const { iso_code } of shown) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: intlLocale(iso_code as Locale), href: `${site.appUrl}/${iso_code}${pathIn(iso_code)}` });
  }
  const preferred = site.defaultLanguageIso ?? site.languages[0]?.iso_code;
  const fallback = shown.find(({ iso_code }) => iso_code === preferred)?.iso_code ?? (paths ? shown[0]?.iso_code : preferred);
  if (fallback) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${site.appUrl}/${fallback}${pathIn(fallback) ?? samePath}` });
  return tags;
}
