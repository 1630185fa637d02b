import type { HeadersFunction } from "@remix-run/node";

/** A signed-in customer's page: never stored by a shared cache, nor kept by the browser for the next person. */
export const privatePageHeaders: HeadersFunction = () => ({ "cache-control": "private, no-store" });
