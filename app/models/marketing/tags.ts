import type { Consent, ConsentCategory } from "./consent";

// Which third-party tags a page carries (issue 16, point 8; spec 7): the
// vendors' own loaders, each only when the site has an id for it and the
// visitor has allowed its category. The server renders them into the page
// with its CSP nonce (components/marketing/MarketingTags), so before consent
// there is no script and no request to anyone else.

/** A site language's tag ids, from its configuration (spec 3, site config). */
export type TagSettings = {
  gtmId: string | null;
  /** The ad and social pixel (Meta): pivot.pixel_id is a comma-separated list. */
  pixelIds: string[];
  criteoKey: string | null;
  klaviyoKey: string | null;
  /** pivot.live_agent_id as "<account>:<button id>": the chat at <account>.ladesk.com. */
  liveAgent: { account: string; button: string } | null;
};

/** What the marketing tags may know of a signed-in visitor; nothing for a guest. */
export type TagVisitor = { email: string; emailHash: string; firstName: string; lastName: string } | null;

/** One script element: a vendor's file (`src`) or a few lines of set-up (`code`). */
export type Tag = { id: string; category: ConsentCategory; src?: string; code?: string };

// Ids go into URLs and script text: anything but the vendors' own formats is
// dropped rather than escaped.
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const PIXEL_ID = /^\d{5,20}$/;
const CRITEO_KEY = /^\d{1,12}$/;
const KLAVIYO_KEY = /^[A-Za-z0-9]{4,12}$/;
const LIVE_AGENT = /^([a-z0-9-]{1,63}):([a-z0-9]{4,20})$/i;
/** The vendors' formats, for the back office's form to check an id as it is saved; a pixel field is a comma-separated list of them. */
export const TAG_ID_FORMATS = { gtm: GTM_ID, pixel: PIXEL_ID, criteo: CRITEO_KEY, klaviyo: KLAVIYO_KEY, liveAgent: LIVE_AGENT } as const;

type SiteTagSource = {
  criteo_key: string | null;
  klaviyo_key: string | null;
  languages: { iso_code: string; pivot: { gtm_id: string | null; pixel_id: string | null; live_agent_id: string | null } }[];
};

const valid = (value: string | null | undefined, format: RegExp) => {
  const trimmed = value?.trim();
  return trimmed && format.test(trimmed) ? trimmed : null;
};

/** The tag ids of a site in one of its languages; ids in a wrong format are left out. */
export function tagSettingsFor(site: SiteTagSource, locale: string): TagSettings {
  const pivot = site.languages.find((language) => language.iso_code === locale)?.pivot;
  const liveAgent = pivot?.live_agent_id?.trim().match(LIVE_AGENT);
  return {
    gtmId: valid(pivot?.gtm_id, GTM_ID),
    pixelIds: [...new Set((pivot?.pixel_id ?? "").split(",").map((id) => id.trim()))].filter((id) => PIXEL_ID.test(id)),
    criteoKey: valid(site.criteo_key, CRITEO_KEY),
    klaviyoKey: valid(site.klaviyo_key, KLAVIYO_KEY),
    liveAgent: liveAgent ? { account: liveAgent[1]!.toLowerCase(), button: liveAgent[2]! } : null,
  };
}

/** The categories the site has at least one tag for: the banner asks only about these. */
export function offeredCategories(settings: TagSettings): ConsentCategory[] {
  const offered: ConsentCategory[] = [];
  if (settings.gtmId) offered.push("analytics");
  if (settings.pixelIds.length || settings.criteoKey || settings.klaviyoKey) offered.push("marketing");
  if (settings.liveAgent) offered.push("chat");
  return offered;
}

// Spec 9's retargeting device codes. The patterns are the retargeting
// vendor's own; the page's script tests the same ones in the browser, since
// a page a shared cache keeps must not depend on the asker's user agent.
export const TABLET_UA = /iPad/;
export const MOBILE_UA = /Mobile|iP(hone|od)|Android|BlackBerry|IEMobile|Silk/;

/** t for an iPad, m for a phone, d for anything else. */
export function deviceCode(userAgent: string): "t" | "m" | "d" {
  return TABLET_UA.test(userAgent) ? "t" : MOBILE_UA.test(userAgent) ? "m" : "d";
}

const DEVICE_CODE_SCRIPT = `(function(u){return ${TABLET_UA}.test(u)?"t":${MOBILE_UA}.test(u)?"m":"d"})(navigator.userAgent)`;

/** A value written into a script: JSON, with "<" escaped so no value can end the script. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The tags for this consent, site language and visitor, in the order they go into the page. */
export function tagsFor(consent: Consent | null, settings: TagSettings, visitor: TagVisitor): Tag[] {
  if (!consent) return [];
  const tags: Tag[] = [];
  if (consent.has("analytics") && settings.gtmId) {
    tags.push(
      { id: "gtm-init", category: "analytics", code: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});` },
      { id: "gtm", category: "analytics", src: `https://www.googletagmanager.com/gtm.js?id=${settings.gtmId}` },
    );
  }
  if (consent.has("marketing")) {
    if (settings.pixelIds.length) {
      const inits = settings.pixelIds.map((id) => `fbq("init",${js(id)});`).join("");
      tags.push(
        {
          id: "pixel-init",
          category: "marketing",
          // The vendor's stub, which queues calls until its file has loaded.
          code: `if(!window.fbq){var n=window.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};window._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[]}${inits}fbq("track","PageView");`,
        },
        { id: "pixel", category: "marketing", src: "https://connect.facebook.net/en_US/fbevents.js" },
      );
    }
    if (settings.criteoKey) {
      const email = visitor ? `{event:"setEmail",email:${js(visitor.emailHash)},hash_method:"sha256"},` : "";
      tags.push(
        {
          id: "criteo-init",
          category: "marketing",
          code: `window.criteo_q=window.criteo_q||[];window.criteo_q.push({event:"setAccount",account:${js(Number(settings.criteoKey))}},${email}{event:"setSiteType",type:${DEVICE_CODE_SCRIPT}},{event:"viewPage"});`,
        },
        { id: "criteo", category: "marketing", src: "https://static.criteo.net/js/ld/ld.js" },
      );
    }
    if (settings.klaviyoKey) {
      if (visitor) {
        const person = { $email: visitor.email, $first_name: visitor.firstName, $last_name: visitor.lastName };
        tags.push({ id: "klaviyo-identify", category: "marketing", code: `window._learnq=window._learnq||[];window._learnq.push(["identify",${js(person)}]);` });
      }
      tags.push({ id: "klaviyo", category: "marketing", src: `https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=${settings.klaviyoKey}` });
    }
  }
  if (consent.has("chat") && settings.liveAgent) {
    const { account, button } = settings.liveAgent;
    tags.push(
      { id: "live-chat", category: "chat", src: `https://${account}.ladesk.com/scripts/track.js` },
      // The vendor's button, once its file has run (it is deferred, so it has by "load").
      {
        id: "live-chat-button",
        category: "chat",
        code: `window.addEventListener("load",function(){window.LiveAgent&&window.LiveAgent.createButton(${js(button)},document.querySelector('script[data-tag="live-chat"]'))});`,
      },
    );
  }
  return tags;
}

/**
 * Where the tags, once allowed, send what they measure (beacons, images,
 * the chat's window): the page's security policy lets them through. Their
 * scripts need no entry: a script the page's nonce let in may load others
 * ('strict-dynamic').
 */
export const TAG_CONNECT_ORIGINS = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.facebook.com",
  "https://connect.facebook.net",
  "https://*.criteo.com",
  "https://*.criteo.net",
  "https://*.klaviyo.com",
  "https://*.ladesk.com",
];
