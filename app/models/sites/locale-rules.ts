import { isLocale, type Locale } from "~/lib/i18n";

// Spec 2, "Locale in the URL": which language a page is shown in, and where a
// path without a valid language prefix is sent.

type SiteLanguages = { languages: readonly { iso_code: string }[]; defaultLanguageIso: string | null };

/** The saved language if the site has it, else the site's default, else its first. */
export function fallbackLocale(site: SiteLanguages, saved: unknown): Locale {
  const offered = site.languages.map((l) => l.iso_code).filter(isLocale);
  if (isLocale(saved) && offered.includes(saved)) return saved;
  if (isLocale(site.defaultLanguageIso) && offered.includes(site.defaultLanguageIso)) return site.defaultLanguageIso;
  return offered[0] ?? "en";
}

/**
 * The first path segment selects the language when the site offers it. Any
 * other path is redirected to the same path under the fallback language; a
 * prefix naming a language this site does not offer is replaced, not kept.
 */
export function localeForPath(
  pathname: string,
  site: SiteLanguages,
  saved: unknown,
): { locale: Locale; redirect?: undefined } | { locale?: undefined; redirect: string } {
  const [, first = "", ...rest] = pathname.split("/");
  const offered = site.languages.map((l) => l.iso_code);
  if (isLocale(first) && offered.includes(first)) return { locale: first };
  const target = fallbackLocale(site, saved);
  const remainder = isLocale(first) ? rest : [first, ...rest];
  const path = remainder.join("/");
  return { redirect: path ? `/${target}/${path}` : `/${target}` };
}

/**
 * The same page in another language. Spec 4: the sort order starts again
 * from the new language's default, unless the shopper is searching.
 */
export function languageSwitchHref(pathname: string, search: string, target: string) {
  const [, first = "", ...rest] = pathname.split("/");
  const path = (isLocale(first) ? rest : [first, ...rest]).filter(Boolean).join("/");
  const params = new URLSearchParams(search);
  if (!params.get("q")) params.delete("sort");
  const query = params.toString();
  return `/${target}${path ? `/${path}` : ""}${query ? `?${query}` : ""}`;
}
