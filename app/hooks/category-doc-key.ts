import { callApi } from "~/lib/api-client";
import { useReloadOnReturn } from "./reload-on-return";

type StoreConfig = { site: { category_doc_key: string | null } };

/** The site's category doc key as the server has it now; undefined when it cannot be asked. */
async function fetchCategoryDocKey(locale: string) {
  const result = await callApi<StoreConfig>("/api/store-config", { method: "POST", body: { langIso: locale }, locale });
  return result.ok ? result.data.site.category_doc_key : undefined;
}

/**
 * Spec 4: categories and flags reload when the language or the site's
 * category doc key changes. A language change is a navigation that reloads
 * them; a doc key that an operator changes while a tab stays open is found
 * when the shopper comes back to the tab, and the page's data is reloaded.
 */
export function useCategoriesOnReturn(locale: string, shown: string | null) {
  useReloadOnReturn(async () => {
    const current = await fetchCategoryDocKey(locale);
    return current !== undefined && current !== shown;
  });
}
