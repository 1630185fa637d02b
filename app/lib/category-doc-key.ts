import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { callApi } from "./api-client";

type StoreConfig = { site: { category_doc_key: string | null } };

/** The site's category doc key as the server has it now; undefined when it cannot be asked. */
export async function fetchCategoryDocKey(locale: string, fetchImpl: typeof fetch = fetch) {
  const result = await callApi<StoreConfig>("/api/store-config", { method: "POST", body: { langIso: locale }, locale, fetchImpl });
  return result.ok ? result.data.site.category_doc_key : undefined;
}

/**
 * Spec 4: categories and flags reload when the language or the site's
 * category doc key changes. A language change is a navigation that reloads
 * them; a doc key that an operator changes while a tab stays open is found
 * when the shopper comes back to the tab, and the page's data is reloaded.
 */
export function useCategoriesOnReturn(locale: string, shown: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      const current = await fetchCategoryDocKey(locale);
      if (current !== undefined && current !== shown) revalidate();
    };
    document.addEventListener("visibilitychange", check);
    return () => document.removeEventListener("visibilitychange", check);
  }, [locale, shown, revalidate]);
}
