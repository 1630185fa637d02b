import type { HeadersFunction } from "@remix-run/node";
import { noindexPageMeta } from "./seo";

// What every signed-in customer's page shares besides its guard
// (`defineGuards("auth")`): it is never stored by a shared cache nor kept by
// the browser for the next person, and never indexed. A page takes both:
//
//   export const headers = privatePage.headers;
//   export const meta = privatePage.meta;
//
// tests/integration/private-pages.test.ts finds every page whose loader
// sends a guest to sign in and fails if one of them misses either.

/** A signed-in customer's page: never stored by a shared cache, nor kept by the browser for the next person. */
export const privatePageHeaders: HeadersFunction = () => ({ "cache-control": "private, no-store" });

/** The page's title (its loader's `title`) and robots noindex. */
export const privatePageMeta = noindexPageMeta;

export const privatePage = { headers: privatePageHeaders, meta: privatePageMeta } as const;
