import { createCookie } from "@remix-run/node";
import { perRequest } from "./per-request.server";

// What the shop remembers about a visitor before any sign-in: plain cookies,
// so every app server reads the same thing (spec 3, "stored keys", and 9).
const YEAR = 60 * 60 * 24 * 365;
const options = { path: "/", sameSite: "lax" as const, httpOnly: true, maxAge: YEAR };

/** The language last used, for a URL without one. */
export const savedLocaleCookie = createCookie("locale", options);
/** The id of the chosen currency. */
export const currencyCookie = createCookie("currency_id", options);
/** GRID or LIST for product listings. */
export const layoutCookie = createCookie("product_layout", options);

export type ProductLayout = "GRID" | "LIST";

export function readPreferences(request: Request) {
  return perRequest(request, "preferences", () => parsePreferences(request));
}

async function parsePreferences(request: Request) {
  const cookie = request.headers.get("cookie");
  const [locale, currencyId, layout] = await Promise.all([
    savedLocaleCookie.parse(cookie) as Promise<unknown>,
    currencyCookie.parse(cookie) as Promise<unknown>,
    layoutCookie.parse(cookie) as Promise<unknown>,
  ]);
  return {
    savedLocale: typeof locale === "string" ? locale : undefined,
    currencyId,
    productLayout: (layout === "LIST" ? "LIST" : "GRID") as ProductLayout,
  };
}
