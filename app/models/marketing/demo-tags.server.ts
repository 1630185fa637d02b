import type { DB } from "~/models/db/db.server";

// DEMO_TAG_IDS gives the demo shop's default site tag ids, so that the
// consent banner and the tags can be tried (and tested in a browser) on a
// shop whose sites have none: the demo data sets none, and a real shop's
// operator sets them in the sites and site_languages tables. Applied only
// when the demo data is seeded, so it never changes a real shop's settings.
//
//   DEMO_TAG_IDS="gtm_id=GTM-TEST01;pixel_id=1234567890,2345678901;criteo_key=12345;klaviyo_key=AbC123;live_agent_id=shipwise:ab12cd34"

const LANGUAGE_KEYS = ["gtm_id", "pixel_id", "live_agent_id"] as const;
const SITE_KEYS = ["criteo_key", "klaviyo_key"] as const;
type Key = (typeof LANGUAGE_KEYS)[number] | (typeof SITE_KEYS)[number];

/** The ids DEMO_TAG_IDS names; throws on a key it does not know, so a typo is not silently ignored. */
export function parseDemoTagIds(value: string): Partial<Record<Key, string>> {
  const ids: Partial<Record<Key, string>> = {};
  for (const part of value.split(";")) {
    if (!part.trim()) continue;
    const [key, ...rest] = part.split("=");
    const name = key!.trim() as Key;
    if (![...LANGUAGE_KEYS, ...SITE_KEYS].includes(name)) throw new Error(`DEMO_TAG_IDS: unknown key "${name}"`);
    ids[name] = rest.join("=").trim();
  }
  return ids;
}

/** Puts the ids on the default site and every one of its languages. */
export async function applyDemoTagIds(db: DB, value: string) {
  const ids = parseDemoTagIds(value);
  const site = await db.selectFrom("sites").select("id").where("code", "=", "default").executeTakeFirstOrThrow();
  const siteIds = Object.fromEntries(SITE_KEYS.filter((key) => key in ids).map((key) => [key, ids[key]!]));
  const languageIds = Object.fromEntries(LANGUAGE_KEYS.filter((key) => key in ids).map((key) => [key, ids[key]!]));
  if (Object.keys(siteIds).length) await db.updateTable("sites").set(siteIds).where("id", "=", site.id).execute();
  if (Object.keys(languageIds).length) await db.updateTable("site_languages").set(languageIds).where("site_id", "=", site.id).execute();
}
