import { LANGUAGE_CODES, LANGUAGE_IDS, type LanguageCode, type Translated } from "./reference";

/** One row per language from texts given per language, e.g. name and title. */
export function perLanguage<K extends string, R extends object>(
  texts: Record<K, Translated>,
  extra: R,
): (R & { language_id: number } & Record<K, string>)[] {
  return LANGUAGE_CODES.map((code: LanguageCode) => {
    const row: Record<string, unknown> = { ...extra, language_id: LANGUAGE_IDS[code] };
    for (const key of Object.keys(texts) as K[]) row[key] = texts[key][code];
    return row as R & { language_id: number } & Record<K, string>;
  });
}
