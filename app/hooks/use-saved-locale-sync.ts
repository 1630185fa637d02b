import { useEffect } from "react";
import { callApi } from "~/lib/api-client";
import { useLocale } from "~/components/LocaleLink";

/**
 * Spec 2: when the URL's language differs from the saved one, the server is
 * told (1 s timeout, 2 retries) and its answer ignored: a failure only means
 * the next bare URL lands on the old language.
 */
export function useSavedLocaleSync(savedLocale: string | null) {
  const locale = useLocale();
  useEffect(() => {
    if (locale === savedLocale) return;
    void callApi("/api/locale/change", { body: { newLocale: locale }, retries: 2, timeoutMs: 1000, locale });
  }, [locale, savedLocale]);
}
