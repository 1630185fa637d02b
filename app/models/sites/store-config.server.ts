import { siteHasBlogPosts } from "~/models/content/blog.server";
import { db } from "~/models/db/db.server";
import { siteForRequest, type SiteConfig } from "./sites.server";

/** Every currency the shop knows, for converting amounts from any site. */
export function listAllCurrencies() {
  return db().selectFrom("currencies").select(["id", "iso_code", "symbol", "exchange_rate"]).orderBy("position").orderBy("id").execute();
}

/**
 * The store configuration of spec 7 for one of the site's languages, or null
 * when the site does not offer that language.
 */
export async function storeConfig(request: Request, langIso: string) {
  const site: SiteConfig = await siteForRequest(request);
  const language = site.languages.find((l) => l.iso_code === langIso);
  if (!language) return null;
  const [currencies, blogs] = await Promise.all([listAllCurrencies(), siteHasBlogPosts(site.id, language.id)]);
  return {
    blogs,
    conversionCurrency: site.conversionCurrency,
    currencies,
    filteredCurrencies: site.currencies,
    searchKeys: { countryId: site.defaultCountryId, languageId: language.id },
    site: {
      id: site.id,
      code: site.code,
      name: site.name,
      cdn_logo: site.cdn_logo,
      theme: site.theme,
      forceLightTheme: site.forceLightTheme,
      languages: site.languages,
      locale: { defaultLanguageIso: site.defaultLanguageIso, defaultCountryId: site.defaultCountryId, appUrl: site.appUrl },
      criteo_key: site.criteo_key,
      klaviyo_key: site.klaviyo_key,
      category_doc_key: site.category_doc_key,
    },
  };
}
