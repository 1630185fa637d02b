import { sql } from "kysely";
import { db } from "~/models/db/db.server";
import { shellCached } from "~/models/db/shell-cache.server";

// Host → site. The mapping (site_hosts) and each site's configuration live in
// the database, where an operator can change them.

export type SiteLanguage = {
  id: number;
  iso_code: string;
  local_title: string;
  pivot: { gtm_id: string | null; pixel_id: string | null; live_agent_id: string | null; mp_default_sort: string | null };
};

export type SiteCurrency = { id: number; iso_code: string; symbol: string; exchange_rate: string };

export type SiteConfig = {
  id: number;
  code: string;
  name: string;
  theme: string;
  cdn_logo: string | null;
  appUrl: string;
  /** Spec 1: every variant but the default brand is forced to a light theme. */
  forceLightTheme: boolean;
  languages: SiteLanguage[];
  defaultLanguageIso: string | null;
  defaultCountryId: number | null;
  currencies: SiteCurrency[];
  conversionCurrency: SiteCurrency | null;
  criteo_key: string | null;
  klaviyo_key: string | null;
  category_doc_key: string | null;
  /** What the site offers; an operator turns a part off in sites.settings ({"marketplace": false}). */
  features: SiteFeatures;
};

export type SiteFeatures = {
  marketplace: boolean;
  dealzone: boolean;
  search: boolean;
  /** The brand's own about-us page: a white-label site may have none. */
  about_us: boolean;
  purchase_agreement: boolean;
  /** Whether any blog post is shown on the site (its own or every site's): the footer's blog link. */
  blog: boolean;
};

type SiteRow = Omit<SiteConfig, "forceLightTheme" | "conversionCurrency" | "appUrl" | "defaultCountryId" | "features"> & {
  app_url: string;
  settings: Partial<Record<keyof SiteFeatures, unknown>>;
  default_country_id: number | null;
  conversion_currency_id: number | null;
  has_blog: boolean;
};

/** The site a host serves, with its languages and currencies; an unknown host gets the default site. */
export async function siteForHost(host: string): Promise<SiteConfig> {
  const hosts = await shellCached("site-hosts", readSiteHosts);
  const id = hosts.byHost.get(host) ?? hosts.defaultId;
  return shellCached(`site:${id}`, () => readSite(id));
}

/** Every host an operator has given a site, and the default site's id. */
async function readSiteHosts() {
  const [rows, fallback] = await Promise.all([
    db().selectFrom("site_hosts").select(["host", "site_id"]).execute(),
    db().selectFrom("sites").select("id").where("code", "=", "default").executeTakeFirst(),
  ]);
  if (!fallback) throw new Error("No default site: run the migrations");
  return { byHost: new Map(rows.map((row) => [row.host, row.site_id])), defaultId: fallback.id };
}

async function readSite(id: number): Promise<SiteConfig> {
  const { rows } = await sql<SiteRow>`
    select s.id, s.code, s.name, s.theme, s.cdn_logo, s.app_url, s.default_country_id, s.conversion_currency_id,
           s.criteo_key, s.klaviyo_key, s.category_doc_key, s.settings,
           exists (select 1 from blog_posts bp join blog_post_translations bt on bt.post_id = bp.id and bt.published where bp.site_id is null or bp.site_id = s.id) as has_blog,
           dl.iso_code as "defaultLanguageIso",
           coalesce((
             select json_agg(json_build_object(
                      'id', l.id, 'iso_code', l.iso_code, 'local_title', l.local_title,
                      'pivot', json_build_object('gtm_id', sl.gtm_id, 'pixel_id', sl.pixel_id,
                                                 'live_agent_id', sl.live_agent_id, 'mp_default_sort', sl.mp_default_sort))
                    order by sl.position, l.id)
             from site_languages sl join languages l on l.id = sl.language_id
             where sl.site_id = s.id), '[]') as languages,
           coalesce((
             select json_agg(json_build_object(
                      'id', c.id, 'iso_code', c.iso_code, 'symbol', c.symbol, 'exchange_rate', c.exchange_rate::text)
                    order by sc.position, c.id)
             from site_currencies sc join currencies c on c.id = sc.currency_id
             where sc.site_id = s.id), '[]') as currencies
    from sites s
    left join languages dl on dl.id = s.default_language_id
    where s.id = ${id}`.execute(db());
  const row = rows[0];
  if (!row) throw new Error(`No site ${id}`);
  const { app_url, default_country_id, conversion_currency_id, settings, has_blog, ...site } = row;
  return {
    ...site,
    appUrl: app_url,
    defaultCountryId: default_country_id,
    forceLightTheme: site.theme !== "default",
    conversionCurrency: site.currencies.find((c) => c.id === conversion_currency_id) ?? null,
    features: {
      marketplace: settings.marketplace !== false,
      dealzone: settings.dealzone !== false,
      search: settings.search !== false,
      about_us: settings.about_us !== false,
      purchase_agreement: settings.purchase_agreement !== false,
      blog: has_blog,
    },
  };
}

/** Every site's id and code, for a back-office filter; the nine sites change rarely, so the shell's cache keeps them. */
export function allSites() {
  return shellCached("site-codes", () => db().selectFrom("sites").select(["id", "code"]).orderBy("id").execute());
}
