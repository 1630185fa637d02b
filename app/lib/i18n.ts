// Languages of the shop. The URL's first segment names one of these; "ee" is
// Estonian, whose BCP 47 tag for <html lang> and Intl formatting is "et".
export const LOCALES = ["en", "lt", "lv", "ee"] as const;
export type Locale = (typeof LOCALES)[number];

/** Spec 9: the default locale is lt-LT. */
export const DEFAULT_LOCALE: Locale = "lt";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function intlLocale(locale: Locale) {
  return locale === "ee" ? "et" : locale;
}

const countFormats = new Map<Locale, Intl.NumberFormat>();

/** A count as the language writes it: 264,465 in English, 264 465 in Lithuanian. */
export function formatCount(locale: Locale, count: number) {
  let format = countFormats.get(locale);
  if (!format) countFormats.set(locale, (format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 })));
  return format.format(count);
}

/** The path with its locale prefix, e.g. localePath("ee", "/faq") → "/ee/faq". */
export function localePath(locale: Locale, path: string) {
  const rest = path === "/" ? "" : path;
  return `/${locale}${rest}`;
}

/** Splits "/lt/c/phones" into its locale and the rest; rest keeps a leading slash. */
export function splitLocale(pathname: string): { locale: Locale | undefined; rest: string } {
  const [, first, ...others] = pathname.split("/");
  if (isLocale(first)) return { locale: first, rest: `/${others.join("/")}` };
  return { locale: undefined, rest: pathname };
}
