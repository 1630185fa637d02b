import { useTranslation } from "react-i18next";
import type { Locale } from "./i18n";

/**
 * Gives i18next the texts of the page's language before the page renders:
 * on first load from the root loader's data, and again whenever a link
 * changes the language.
 */
export function useLocaleTexts(locale: Locale, texts: object | undefined) {
  const { i18n } = useTranslation();
  if (texts && !i18n.hasResourceBundle(locale, "translation")) i18n.addResourceBundle(locale, "translation", texts);
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}
