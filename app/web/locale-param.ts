import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n";

/** The page's language from its params; the layout route has already checked it. */
export function localeParam(params: { locale?: string }) {
  return isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
}
