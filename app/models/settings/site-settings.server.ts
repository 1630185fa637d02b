import { sql } from "kysely";
import { changedSince, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { SITE_FEATURES, type SiteFeature, type SiteSettingsInput } from "./site-settings-schema";

// A site's own settings as staff keep them (/admin/settings/sites/…): its
// name, the parts of the shop it offers, the currencies shoppers may pick
// and the ids of the tags that load only after consent (docs/marketing.md):
// Google Tag Manager, the pixel and the live chat per language, Criteo and
// Klaviyo for the site. The sites' tables move the shell's version on every
// write (migration 0019), so every server shows a saved site on its next
// page. Hosts, themes and languages are the deployment's, not edited here.

/** Every site, for the settings page's list. */
export function staffSites() {
  return db()
    .selectFrom("sites")
    .select(["code", "name", sql<string>`(select string_agg(c.iso_code, ', ' order by sc.position, c.id) from site_currencies sc join currencies c on c.id = sc.currency_id where sc.site_id = sites.id)`.as("currencies")])
    .orderBy("id")
    .execute();
}

/** One site's settings as its form shows them, with every currency the shop has; null for an unknown code. */
export async function staffSiteSettings(code: string) {
  const site = await db()
    .selectFrom("sites")
    .leftJoin("currencies as conversion", "conversion.id", "sites.conversion_currency_id")
    .select(["sites.id", "sites.code", "sites.name", "sites.settings", "sites.criteo_key", "sites.klaviyo_key", "sites.updated_at", "conversion.iso_code as conversionCurrency"])
    .where("sites.code", "=", code)
    .executeTakeFirst();
  if (!site) return null;
  const [currencies, languages] = await Promise.all([
    db()
      .selectFrom("currencies as c")
      .leftJoin("site_currencies as sc", (join) => join.onRef("sc.currency_id", "=", "c.id").on("sc.site_id", "=", site.id))
      .select(["c.iso_code", "c.symbol", sql<boolean>`sc.site_id is not null`.as("chosen")])
      .orderBy("c.position")
      .orderBy("c.id")
      .execute(),
    db()
      .selectFrom("site_languages as sl")
      .innerJoin("languages as l", "l.id", "sl.language_id")
      .select(["l.iso_code", "l.local_title", "sl.gtm_id", "sl.pixel_id", "sl.live_agent_id"])
      .where("sl.site_id", "=", site.id)
      .orderBy("sl.position")
      .orderBy("l.id")
      .execute(),
  ]);
  const settings = site.settings as Partial<Record<SiteFeature, unknown>>;
  return {
    code: site.code,
    name: site.name,
    updatedAt: site.updated_at,
    conversionCurrency: site.conversionCurrency,
    features: Object.fromEntries(SITE_FEATURES.map((feature) => [feature, settings[feature] !== false])) as Record<SiteFeature, boolean>,
    currencies: currencies.map((currency) => ({ isoCode: currency.iso_code, symbol: currency.symbol, chosen: currency.chosen })),
    criteoKey: site.criteo_key,
    klaviyoKey: site.klaviyo_key,
    languages: languages.map((language) => ({ isoCode: language.iso_code, title: language.local_title, gtmId: language.gtm_id, pixelId: language.pixel_id, liveAgentId: language.live_agent_id })),
  };
}

export type SiteSettingsOutcome =
  | { ok: true }
  | { ok: false; error: "not_found" }
  /** The currency a site's prices convert to for its tags and reports (sites.conversion_currency_id) must stay offered. */
  | { ok: false; error: "conversion_currency"; currency: string }
  | { ok: false; error: "unknown_currency"; currency: string }
  | StaleEdit;

/** A site's settings, all at once; `seen` is the version the page showed. Audited with before and after. */
export async function saveSiteSettings(actor: StaffActor, code: string, input: SiteSettingsInput, seen: Date | undefined): Promise<SiteSettingsOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<SiteSettingsOutcome> => {
      const site = await trx.selectFrom("sites").selectAll().where("code", "=", code).forUpdate().executeTakeFirst();
      if (!site) return { ok: false, error: "not_found" };
      if (changedSince(site, seen)) return staleEdit(trx, "sites", code);
      const before = await siteAsSaved(trx, site.id);
      const currencies = await trx.selectFrom("currencies").select(["id", "iso_code"]).orderBy("position").orderBy("id").execute();
      const unknown = input.currencies.find((iso) => !currencies.some((currency) => currency.iso_code === iso));
      if (unknown) return { ok: false, error: "unknown_currency", currency: unknown };
      const conversion = currencies.find((currency) => currency.id === site.conversion_currency_id);
      if (conversion && !input.currencies.includes(conversion.iso_code)) return { ok: false, error: "conversion_currency", currency: conversion.iso_code };

      await trx
        .updateTable("sites")
        .set({ name: input.name, criteo_key: input.criteoKey, klaviyo_key: input.klaviyoKey, settings: JSON.stringify({ ...site.settings, ...input.features }), updated_at: new Date() })
        .where("id", "=", site.id)
        .execute();
      await trx.deleteFrom("site_currencies").where("site_id", "=", site.id).execute();
      const chosen = currencies.filter((currency) => input.currencies.includes(currency.iso_code));
      await trx
        .insertInto("site_currencies")
        .values(chosen.map((currency, position) => ({ site_id: site.id, currency_id: currency.id, position })))
        .execute();
      const languages = await trx.selectFrom("site_languages as sl").innerJoin("languages as l", "l.id", "sl.language_id").select(["l.id", "l.iso_code"]).where("sl.site_id", "=", site.id).execute();
      for (const language of languages) {
        const tags = input.tags[language.iso_code];
        if (!tags) continue;
        await trx
          .updateTable("site_languages")
          .set({ gtm_id: tags.gtmId, pixel_id: tags.pixelId, live_agent_id: tags.liveAgentId })
          .where("site_id", "=", site.id)
          .where("language_id", "=", language.id)
          .execute();
      }
      const after = { ...input, currencies: chosen.map((currency) => currency.iso_code) };
      await recordAudit(trx, actor, { action: "settings.site", entity: "sites", entityId: code, before, after });
      return { ok: true };
    });
}

/** What the audit log keeps of a site before a save. */
async function siteAsSaved(trx: DB, siteId: number) {
  const site = await trx.selectFrom("sites").select(["name", "settings", "criteo_key", "klaviyo_key"]).where("id", "=", siteId).executeTakeFirstOrThrow();
  const currencies = await trx.selectFrom("site_currencies as sc").innerJoin("currencies as c", "c.id", "sc.currency_id").select("c.iso_code").where("sc.site_id", "=", siteId).orderBy("sc.position").execute();
  const tags = await trx.selectFrom("site_languages as sl").innerJoin("languages as l", "l.id", "sl.language_id").select(["l.iso_code", "sl.gtm_id", "sl.pixel_id", "sl.live_agent_id"]).where("sl.site_id", "=", siteId).execute();
  return {
    name: site.name,
    features: site.settings,
    currencies: currencies.map((row) => row.iso_code),
    criteoKey: site.criteo_key,
    klaviyoKey: site.klaviyo_key,
    tags: Object.fromEntries(tags.map((row) => [row.iso_code, { gtmId: row.gtm_id, pixelId: row.pixel_id, liveAgentId: row.live_agent_id }])),
  };
}
