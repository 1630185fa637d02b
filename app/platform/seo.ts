import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { intlLocale, isLocale, splitLocale } from "~/lib/i18n";
import { pageTitle } from "./meta";

type MetaArgs = Parameters<MetaFunction>[0];
type LayoutData = { shell?: { site?: { appUrl: string; defaultLanguageIso: string | null; languages: { iso_code: string }[] } } };

/**
 * Spec 2: a listing filtered by manufacturer, or with the az or s keys, is
 * not indexed (nor is create-order, which says so itself).
 */
export function isNoindexQuery(search: string) {
  const keys = [...new URLSearchParams(search).keys()];
  return keys.some((key) => key === "az" || key === "s" || /(^|\.)manufacturer$/.test(key));
}

/**
 * Title, description, canonical URL and an hreflang alternate for every
 * language of the site, all on the site's configured address.
 */
export function pageMeta(
  { matches, location }: Pick<MetaArgs, "matches" | "location">,
  { title, description, noindex = false }: { title: string; description?: string; noindex?: boolean },
): MetaDescriptor[] {
  const site = (matches.find((match) => match.id === "routes/($locale)")?.data as LayoutData | undefined)?.shell?.site;
  const tags: MetaDescriptor[] = [{ title: pageTitle(matches, title) }];
  if (description) tags.push({ name: "description", content: description });
  if (noindex || isNoindexQuery(location.search)) tags.push({ name: "robots", content: "noindex, follow" });
  if (!site) return tags;

  const { rest } = splitLocale(location.pathname);
  const path = rest === "/" ? "" : rest;
  tags.push({ tagName: "link", rel: "canonical", href: `${site.appUrl}${location.pathname}` });
  for (const { iso_code } of site.languages) {
    if (!isLocale(iso_code)) continue;
    tags.push({ tagName: "link", rel: "alternate", hrefLang: intlLocale(iso_code), href: `${site.appUrl}/${iso_code}${path}` });
  }
  const fallback = site.defaultLanguageIso ?? site.languages[0]?.iso_code;
  if (fallback) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${site.appUrl}/${fallback}${path}` });
  return tags;
}
