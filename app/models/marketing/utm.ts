// The campaign a visitor came from (issue 16, point 9; spec 3 "UTM data" and
// 9): utm_campaign, utm_medium, utm_source and any other utm_ key of the
// landing URL. Kept in a first-party cookie for 90 days; orders and quotes
// record it. Safe in the browser.

export type Utm = Record<string, string>;

export const UTM_COOKIE = "utm";
export const UTM_MAX_AGE_SECONDS = 60 * 60 * 24 * 90;
/** Spec 7 and 9: the post to /api/utm gives up after 2 s and is tried 3 more times. */
export const UTM_TIMEOUT_MS = 2000;
export const UTM_RETRIES = 3;

// Bounds, so a crafted URL cannot grow the cookie or the stored landing.
export const UTM_KEY = /^utm_[a-z0-9_]{1,30}$/;
export const UTM_MAX_KEYS = 10;
export const UTM_MAX_VALUE = 200;

const clean = (value: string) => value.trim().slice(0, UTM_MAX_VALUE);

/** The utm_ keys of a URL's query with a value; a repeated key keeps its first. Null when there is none. */
export function utmFromSearch(search: string | URLSearchParams): Utm | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const utm: Utm = {};
  for (const [key, value] of params) {
    const name = key.toLowerCase();
    if (!UTM_KEY.test(name) || name in utm || !clean(value)) continue;
    if (Object.keys(utm).length === UTM_MAX_KEYS) break;
    utm[name] = clean(value);
  }
  return Object.keys(utm).length ? utm : null;
}

// Browsers drop a cookie of more than 4 KB whole.
const MAX_COOKIE_VALUE = 3000;

/**
 * The cookie's value: the keys as a query string, so both ends read it with
 * URLSearchParams. Keys that would take it past what a browser keeps are
 * left out, the first ones (utm_source, utm_medium...) kept.
 */
export function serialiseUtm(utm: Utm) {
  const kept = new URLSearchParams();
  let value = "";
  for (const [key, text] of Object.entries(utm)) {
    kept.append(key, text);
    const next = encodeURIComponent(kept.toString());
    if (next.length > MAX_COOKIE_VALUE) break;
    value = next;
  }
  return value;
}

export function parseUtm(value: string | null | undefined): Utm | null {
  if (!value) return null;
  try {
    return utmFromSearch(decodeURIComponent(value));
  } catch {
    return null;
  }
}

/** The utm cookie among a Cookie header's pairs (document.cookie has the same form). */
export function utmFromCookieHeader(header: string | null | undefined) {
  for (const pair of (header ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === UTM_COOKIE) return parseUtm(value.join("="));
  }
  return null;
}
