import * as v from "valibot";
import { LOCALES, type Locale } from "~/lib/i18n";
import { TAG_ID_FORMATS } from "~/models/marketing/tags";

// The back office's form for a site's settings (/admin/settings/sites/…):
// its name, a box for each part of the shop it offers, a box for each
// currency (one at least), and the tag ids. An empty id is no tag; an id is
// checked for the shape its vendor gives it, so a pasted snippet or a typo
// is named by its field instead of loading nothing for every shopper.

/** The parts of the shop a site may turn off (sites.settings); the blog follows its posts. */
export const SITE_FEATURES = ["marketplace", "dealzone", "search", "about_us", "purchase_agreement"] as const;
export type SiteFeature = (typeof SITE_FEATURES)[number];

export type SiteTags = { gtmId: string | null; pixelId: string | null; liveAgentId: string | null };

export type SiteSettingsInput = {
  name: string;
  features: Record<SiteFeature, boolean>;
  /** ISO codes, in the order the shop lists its currencies. */
  currencies: string[];
  criteoKey: string | null;
  klaviyoKey: string | null;
  /** By language ISO code; a language the site does not speak is ignored. */
  tags: Record<string, SiteTags>;
};

const version = v.pipe(v.string("validation.required"), v.isoTimestamp("validation.required"));
/** Empty: none; otherwise in the vendor's format (models/marketing/tags.ts), which the shop would otherwise drop unseen. */
const tagId = (valid: (text: string) => boolean, message: string) => v.optional(v.pipe(v.string(), v.trim(), v.check(valid, message)));
const matches = (format: RegExp) => (text: string) => format.test(text);

const tagEntries = Object.fromEntries(
  LOCALES.flatMap((locale) => [
    [`gtm_${locale}`, tagId(matches(TAG_ID_FORMATS.gtm), "admin.settings.gtmFormat")],
    [`pixel_${locale}`, tagId((text) => text.split(",").every((id) => TAG_ID_FORMATS.pixel.test(id.trim())), "admin.settings.pixelFormat")],
    [`agent_${locale}`, tagId(matches(TAG_ID_FORMATS.liveAgent), "admin.settings.liveAgentFormat")],
  ]),
) as Record<`${"gtm" | "pixel" | "agent"}_${Locale}`, ReturnType<typeof tagId>>;

const featureEntries = Object.fromEntries(SITE_FEATURES.map((feature) => [feature, v.optional(v.literal("on"))])) as Record<SiteFeature, v.OptionalSchema<v.LiteralSchema<"on", undefined>, undefined>>;

export const SiteSettingsSchema = v.object({
  intent: v.literal("site"),
  version,
  name: v.pipe(v.string("admin.settings.nameRequired"), v.trim(), v.nonEmpty("admin.settings.nameRequired"), v.maxLength(60, "admin.settings.nameLength")),
  ...featureEntries,
  currencies: v.pipe(v.optional(v.array(v.string()), []), v.minLength(1, "admin.settings.currencyRequired")),
  criteo: tagId(matches(TAG_ID_FORMATS.criteo), "admin.settings.criteoFormat"),
  klaviyo: tagId(matches(TAG_ID_FORMATS.klaviyo), "admin.settings.klaviyoFormat"),
  ...tagEntries,
});

/** The form's values as the model takes them. */
export function siteSettingsInput(value: v.InferOutput<typeof SiteSettingsSchema>): SiteSettingsInput {
  const orNull = (text: string | undefined) => text || null;
  return {
    name: value.name,
    features: Object.fromEntries(SITE_FEATURES.map((feature) => [feature, value[feature] === "on"])) as Record<SiteFeature, boolean>,
    currencies: value.currencies,
    criteoKey: orNull(value.criteo),
    klaviyoKey: orNull(value.klaviyo),
    tags: Object.fromEntries(LOCALES.map((locale) => [locale, { gtmId: orNull(value[`gtm_${locale}`]), pixelId: orNull(value[`pixel_${locale}`]), liveAgentId: orNull(value[`agent_${locale}`]) }])),
  };
}
