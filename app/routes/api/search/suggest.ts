import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readSearchParams } from "~/web/api.server";
import { formatPrice, selectCurrency } from "~/models/sites/currency";
import { LOCALES, intlLocale, localePath } from "~/lib/i18n";
import { imageUrl, srcSet } from "~/lib/image";
import { readPreferences } from "~/web/preferences.server";
import { searchSuggestions } from "~/models/search/search.server";
import { siteForRequest } from "~/web/sites.server";
import type { SuggestAnswer } from "~/web/search/suggest-answer";

// GET /api/search/suggest?q=…&locale=…&currency=…: what the search bar
// suggests while the shopper types (docs/decisions/012-search-suggestions.md).
// It changes nothing, so it is a GET the browser may reuse for a minute.
// Prices come in EUR minor units and formatted in the currency asked for
// (else the shopper's), so the page needs no money code to show them; the
// currency is in the URL so a cached answer never shows the wrong one.
const SuggestSchema = v.object(
  {
    locale: v.picklist(LOCALES, "api.badInput"),
    // As long as the results page reads: beyond that the two would differ.
    q: v.optional(v.pipe(v.string(), v.transform((q) => q.slice(0, 200))), ""),
    currency: v.optional(v.string()),
  },
  "api.badInput",
);

const CACHE = "private, max-age=60";

export const loader = apiHandler(async ({ request, t }) => {
  const params = readSearchParams(request, SuggestSchema, t);
  const { locale, q } = params;
  const [found, site, preferences] = await Promise.all([searchSuggestions(locale, q), siteForRequest(request), readPreferences(request)]);
  const currency = site.currencies.find((c) => c.iso_code === params.currency) ?? selectCurrency(site.currencies, preferences.currencyId);
  const money = (amountEur: number) => formatPrice(amountEur, currency, intlLocale(locale));
  const withText = (path: string) => `${localePath(locale, path)}?${new URLSearchParams({ q: q.trim() })}`;
  const answer: SuggestAnswer = {
    total: found.total,
    similar: found.similar,
    items: found.items.map((item) => ({
      id: item.id,
      name: item.name,
      manufacturer: item.manufacturer,
      url: localePath(locale, `/p/${item.slug}`),
      image: imageUrl(item.image, { preset: "suggestion" }),
      imageSrcSet: srcSet(item.image, "suggestion"),
      priceMinor: item.priceMinor,
      price: money(item.priceMinor),
      oldPrice: item.originalPriceMinor > item.priceMinor ? money(item.originalPriceMinor) : null,
    })),
    // A category's link keeps the words, so it lists the `count` products it promised.
    categories: found.categories.map((category) => ({
      id: category.id,
      name: category.name,
      count: category.count,
      url: withText(`/c/${category.path}`),
    })),
    searchUrl: withText("/search"),
  };
  return apiOk(answer, { headers: { "cache-control": CACHE } });
});

export const action = methodNotAllowed;
