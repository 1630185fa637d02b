import { db } from "~/models/db/db.server";
import type { SiteConfig } from "./sites.server";

/** Whether the site has a blog post in the language, its own or every site's: the store config's `blogs` flag (spec 3). */
async function siteHasBlogPosts(siteId: number, languageId: number) {
  const row = await db()
    .selectFrom("blog_posts as p")
    .innerJoin("blog_post_translations as t", "t.post_id", "p.id")
    .select("p.id")
    .where("t.language_id", "=", languageId)
    .where("t.published", "=", true)
    .where((eb) => eb.or([eb("p.site_id", "is", null), eb("p.site_id", "=", siteId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every currency the shop knows, for converting amounts from any site. */
export function listAllCurrencies() {
  return db().selectFrom("currencies").select(["id", "iso_code", "symbol", "exchange_rate"]).orderBy("position").orderBy("id").execute();
}

/**
 * The store configuration of spec 7 for one of the site's languages, or null
 * when the site does not offer that language.
 */
export async function storeConfig(site: SiteConfig, langIso: string) {
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
