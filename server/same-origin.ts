import type { RequestHandler } from "express";

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
  origin?: string;
  /** The hosts this request was addressed to: Host, and X-Forwarded-Host through a trusted proxy. */
  hosts: string[];
};

export function isCrossSiteWrite({ method, path, secFetchSite, origin, hosts }: RequestOrigin) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (CROSS_SITE_PATHS.some((prefix) => path.startsWith(prefix))) return false;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (origin) {
    if (origin === "null") return true;
    try {
      const host = new URL(origin).host.toLowerCase();
      return !hosts.some((h) => h.toLowerCase() === host);
    } catch {
      return true;
    }
  }
  return false;
}

export function sameOriginOnly(): RequestHandler {
  return (req, res, next) => {
    const trustedForwardedHost = req.hostname !== req.get("host")?.replace(/:\d+$/, "") ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const hosts = [req.get("host"), trustedForwardedHost].filter((h): h is string => Boolean(h));
    if (!isCrossSiteWrite({ method: req.method, path: req.path, secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin"), hosts })) {
      next();
      return;
    }
    res.status(403).type("application/json").send(JSON.stringify({ status: false, message: "Cross-site requests may not change anything here." }));
  };
}
