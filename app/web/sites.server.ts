import { siteForHost } from "~/models/sites/sites.server";
import { perRequest } from "~/web/per-request.server";

/**
 * The host the shopper asked for. Express puts it in the request's URL, taken
 * from X-Forwarded-Host only when the request came through a trusted proxy
 * (TRUST_PROXY).
 */
export function requestHost(request: Request) {
  return new URL(request.url).hostname.toLowerCase();
}

/** The site a request is for, by its host; read once per request. */
export function siteForRequest(request: Request) {
  return perRequest(request, "site", () => siteForHost(requestHost(request)));
}
