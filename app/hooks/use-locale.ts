import { useParams } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n";

/** The current page's language, from the URL. */
export function useLocale() {
  const { locale } = useParams();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
