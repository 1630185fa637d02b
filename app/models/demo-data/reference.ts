// The ids of the reference data the demo refers to. The rows themselves
// (languages, countries, currencies, sites and their hosts) come from the
// migration 0002-default-sites, so a shop without demo data has them too.

/** Every date in the demo data is measured back from here, never from now(). */
export const BASE_DATE = new Date("2026-11-01T00:00:00Z");

export const LANGUAGE_CODES = ["en", "lt", "lv", "ee"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
/** A text in each site language, keyed by the language's iso_code. */
export type Translated = Record<LanguageCode, string>;

export const LANGUAGE_IDS: Record<LanguageCode, number> = { en: 1, lt: 2, lv: 3, ee: 4 };
/** Migration 0002's countries. */
export const COUNTRY_IDS = { LT: 1, LV: 2, EE: 3 } as const;
export const CURRENCY_IDS = { EUR: 1, USD: 2, GBP: 3, PLN: 4 } as const;
export const SITE_IDS = { default: 1, lt: 2, lv: 3, ee: 4, pj: 5, tp: 6, wl: 7, nl: 8, ae: 9 } as const;
