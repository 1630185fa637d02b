// What a visitor has allowed (issue 16, point 8). Beyond the cookies the shop
// needs to work, each category of third-party tag loads only once its box is
// ticked: analytics (the tag manager), marketing (ad pixel, retargeting,
// email marketing) and chat (live chat). Safe in the browser.

export const CONSENT_CATEGORIES = ["analytics", "marketing", "chat"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** The categories allowed. An empty set is an answer too: "only necessary". */
export type Consent = ReadonlySet<ConsentCategory>;

export const CONSENT_COOKIE = "consent";
/** Asked again after about six months. */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;

// The cookie holds the categories in a fixed order and nothing else (no date,
// no id), so it takes one of eight values: pages a shared cache keeps vary by
// it (decision 029) without telling one visitor from another.
const NONE = "necessary";

export function serialiseConsent(consent: Consent) {
  const allowed = CONSENT_CATEGORIES.filter((category) => consent.has(category));
  return allowed.length ? allowed.join(".") : NONE;
}

/** The consent a cookie value records, or null when there is no (readable) answer yet. */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (!value) return null;
  if (value === NONE) return new Set();
  const parts = value.split(".");
  if (!parts.every((part): part is ConsentCategory => (CONSENT_CATEGORIES as readonly string[]).includes(part))) return null;
  return new Set(parts);
}

export type ConsentIntent = "all" | "necessary" | "save";

/**
 * What the banner's form asks for: every category, none, or the boxes
 * ticked (only among the categories the site offers). Null for a form no
 * page of ours sends.
 */
export function consentFromForm(form: { intent?: unknown; [category: string]: unknown }, offered: readonly ConsentCategory[] = CONSENT_CATEGORIES): Consent | null {
  if (form.intent === "all") return new Set(offered);
  if (form.intent === "necessary") return new Set();
  if (form.intent !== "save") return null;
  return new Set(offered.filter((category) => form[category] === "on"));
}

/** The Set-Cookie value that records `consent` in the browser. */
export function consentCookieHeader(consent: Consent, secure: boolean) {
  return `${CONSENT_COOKIE}=${serialiseConsent(consent)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

/** The consent cookie among a Cookie header's pairs. */
export function consentFromCookieHeader(header: string | null) {
  for (const pair of (header ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsent(value.join("="));
  }
  return null;
}
