import { RemixI18Next } from "remix-i18next/server";
import en from "~/locales/en";
import ee from "~/locales/ee";
import lt from "~/locales/lt";
import lv from "~/locales/lv";
import ruValidation from "~/locales/ru-validation";
import { keepTexts } from "~/platform/page-texts";
import { DEFAULT_LOCALE, LOCALES, isLocale, splitLocale, type Locale } from "~/lib/i18n";

export const resources = {
  en: { translation: en },
  lt: { translation: lt },
  lv: { translation: lv },
  ee: { translation: ee },
};

/**
 * The shopper's language: the URL prefix for pages; for API calls the
 * x-locale header the client adds, then the browser's languages.
 */
export function localeFromRequest(request: Request): Locale {
  const url = new URL(request.url);
  const fromPath = splitLocale(url.pathname).locale;
  if (fromPath) return fromPath;
  const header = request.headers.get("x-locale")?.toLowerCase();
  if (isLocale(header)) return header;
  for (const part of (request.headers.get("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    const candidate = tag === "et" ? "ee" : tag;
    if (isLocale(candidate)) return candidate;
  }
  return DEFAULT_LOCALE;
}

const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    findLocale: async (request) => localeFromRequest(request),
  },
  i18next: {
    resources,
    defaultNS: "translation",
    // A missing text shows its key (spec 8), never another language, as on pages (lib/texts).
    fallbackLng: false,
    interpolation: { escapeValue: false },
  },
});

const translators = new Map<Locale, ReturnType<RemixI18Next["getFixedT"]>>();

/**
 * The server's translator for a request's language or a given one. remix-i18next
 * builds a new i18next instance on every call (3–4% of a page's CPU,
 * docs/server-time.md); a language's translator never changes, so each is
 * made once and shared.
 */
export const i18nServer = {
  getFixedT(requestOrLocale: Request | Locale) {
    const locale = typeof requestOrLocale === "string" ? requestOrLocale : localeFromRequest(requestOrLocale);
    let translator = translators.get(locale);
    if (!translator) {
      translator = remixI18next.getFixedT(locale);
      translator.catch(() => translators.delete(locale));
      translators.set(locale, translator);
    }
    return translator;
  },
};

/** Every language's texts, and the validation messages of spec 5 in Russian. */
export function allTranslationResources() {
  return { ...resources, ru: { translation: { validation: ruValidation } } };
}

export function translationsFor(locale: Locale) {
  return resources[locale].translation;
}

// Every page's texts, known once for each language (platform/page-texts).
for (const locale of LOCALES) keepTexts(locale, translationsFor(locale));
