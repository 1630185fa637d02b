import { useTranslation } from "react-i18next";
import type { Locale } from "~/lib/i18n";
import { KEY_MODE_LANGUAGE } from "~/platform/translation-keys";

/**
 * Gives i18next the texts of the page's language before the page renders:
 * on first load from the root loader's data, and again whenever a link
 * changes the language; in translation-key mode, the keys instead.
 */
export function useLocaleTexts(locale: Locale, texts: object | undefined, showKeys = false) {
  const { i18n } = useTranslation();
  if (texts && !i18n.hasResourceBundle(locale, "translation")) i18n.addResourceBundle(locale, "translation", texts);
  const language = showKeys ? KEY_MODE_LANGUAGE : locale;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}
