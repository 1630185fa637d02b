import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { isbot } from "isbot";

// Decision 025. A page the same for every guest may be kept by a shared
// cache (a CDN) for a minute, and served stale for ten more while it asks
// again; the ETag lets it (and a browser) ask with If-None-Match and be
// answered 304 without the page. Anything personal keeps it out:
// - a cookie other than the shared preferences below (a session, a cart,
//   a dismissed alert: anything that can tell one shopper from another);
// - an answer that sets a cookie;
// - a robot, whose page differs in its error screens (root.tsx isBot).
// The preferences (language, currency, layout) change the page, so the
// answer varies by Cookie: a cache keeps one copy per set of them.

export const GUEST_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** What every other page's answer says: only the shopper's browser may keep it, and asks again before it uses it. */
export const PERSONAL_CACHE_CONTROL = "private, no-cache";

// Decision 029: the consent cookie is one of eight values (which tag
// categories are allowed) and changes the page's tags, as a preference
// does; the utm cookie holds a campaign's keys and changes nothing on the
// page. Neither tells one visitor from another.
const SHARED_COOKIES = new Set(["locale", "currency_id", "product_layout", "consent", "utm"]);

/**
 * The pages the same for every guest, by route id: the home page, listings,
 * search, products and content. Kept here rather than in each route's
 * handle, which would travel to every browser for the server's sake alone.
 */
export const SAME_FOR_EVERY_GUEST = new Set([
  "routes/shop/home",
  "routes/shop/category",
  "routes/shop/marketplace",
  "routes/shop/dealzone",
  "routes/shop/search",
  "routes/shop/product",
  "routes/content/page",
  "routes/forwarding/calculator",
  "routes/tracking/find",
  "routes/quotes/stores",
  "routes/content/faq",
  "routes/content/faq-entry",
  "routes/content/blog",
  "routes/content/blog-post",
]);

/** The names of the cookies a request carries. */
function cookieNames(request: Request) {
  return (request.headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

/**
 * Of these, the pages whose loader counts each request (a product page
 * counts a view): each request is drawn on its own (decision 034).
 */
export const COUNTS_EACH_REQUEST = new Set(["routes/shop/product"]);

/**
 * Set on a guest page's answer whose drawing guests asking for it at the
 * same moment may share (server/shared-drawing.ts); taken off before it is sent.
 */
export const SHARED_DRAWING_HEADER = "x-shared-drawing";

/** Whether a request could be answered with a page the same for every guest: a guest's GET or HEAD, not a robot's. */
export function mayBeSameForEveryGuest(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!cookieNames(request).every((name) => SHARED_COOKIES.has(name))) return false;
  return !isbot(request.headers.get("user-agent"));
}

/**
 * Whether this answer to this request is a page the same for every guest
 * who asks for it the same way. It may save a shared preference (a first
 * visit in another language saves it), as it would for each of them.
 */
export function isSameForEveryGuest(request: Request, status: number, headers: Headers, context: EntryContext) {
  if (status !== 200 || !mayBeSameForEveryGuest(request)) return false;
  if (!headers.getSetCookie().every((cookie) => SHARED_COOKIES.has(cookie.split("=")[0]!.trim()))) return false;
  const leaf = context.staticHandlerContext.matches.at(-1);
  return leaf !== undefined && SAME_FOR_EVERY_GUEST.has(leaf.route.id);
}

/** Whether such a page may be kept by a shared cache and served to any guest: not if it sets a cookie, which no cache may hand on. */
export function mayBeKeptByCaches(headers: Headers) {
  return !headers.has("set-cookie");
}

/** Whether guests asking for this page at the same moment may share one drawing of it. */
export function mayShareDrawing(context: EntryContext) {
  const leaf = context.staticHandlerContext.matches.at(-1);
  return leaf !== undefined && !COUNTS_EACH_REQUEST.has(leaf.route.id);
}

/**
 * The page's ETag. The CSP nonce is new on every answer and changes nothing
 * a shopper sees, so it is left out; a 304 therefore carries no CSP header
 * (server/remix-handler.ts) and the kept page keeps the policy it came with.
 */
export function pageEtag(html: Uint8Array, nonce: string) {
  const hash = createHash("sha1");
  const page = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  // The page's bytes between the nonce's appearances, without copying them.
  let from = 0;
  for (let at = nonce ? page.indexOf(nonce) : -1; at !== -1; at = page.indexOf(nonce, from)) {
    hash.update(page.subarray(from, at));
    from = at + nonce.length;
  }
  hash.update(page.subarray(from));
  // Weak: compression changes the bytes, not the page.
  return `W/"${hash.digest("base64url")}"`;
}

/** Whether the request's If-None-Match names this ETag. */
export function isNotModified(request: Request, etag: string) {
  const asked = request.headers.get("if-none-match");
  if (!asked) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return asked === "*" || asked.split(",").some((tag) => strip(tag) === strip(etag));
}
