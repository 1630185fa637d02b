// Refuses state-changing requests that another site's page made the
// browser send (cross-site request forgery). Browsers say where a request
// comes from: Sec-Fetch-Site on every current browser, Origin on every
// POST. A request with neither did not come from a browser page, so no
// shopper's cookies are being abused and it may pass; a request from this
// site's own pages passes. SameSite=Lax cookies already stop most of this;
// the check is the second lock on the door.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths other sites must be able to post to: the payment providers' webhooks. */
export const CROSS_SITE_PATHS = ["/api/payments/webhooks/"];

export type RequestOrigin = {
  method: string;
  path: string;
  secFetchSite?: string;
  /** The Origin header as sent; an empty one is still sent. */
  origin?: string;
  /** The host the request was addressed to (addressedHost below). */
  host?: string;
};

/**
 * The host an Origin must name: X-Forwarded-Host's first value when one was
 * sent, else Host, exactly as Remix reads them. Remix makes the same
 * comparison before any page's action and answers a mismatch with a 500, so
 * the shop makes it first and answers 403. Taking X-Forwarded-Host even from
 * an untrusted sender opens nothing: a page on another site cannot make a
 * browser send it without a preflight the shop never grants.
 */
export function addressedHost(req: { get(name: string): string | undefined }) {
  return req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host") || undefined;
}

export function isCrossSiteWrite({ method, path, secFetchSite, origin, host }: RequestOrigin) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (CROSS_SITE_PATHS.some((prefix) => path.startsWith(prefix))) return false;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return true;
  // Compared even when Sec-Fetch-Site says same-origin: a browser's own request always agrees, and one that does not would fail Remix's check.
  if (origin !== undefined) {
    if (origin === "null" || !host) return true;
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  return false;
}
