import * as v from "valibot";
import { apiHandler, apiOk, methodNotAllowed, readSearchParams } from "~/lib/api.server";
import { LOCALES, localePath } from "~/lib/i18n";
import { imageUrl, srcSet } from "~/lib/image";
import { searchSuggestions } from "~/models/search.server";

// GET /api/search/suggest?q=…&locale=…: what the search bar suggests while
// the shopper types (docs/decisions/012-search-suggestions.md). It changes
// nothing, so it is a GET the browser may reuse for a minute. Prices are EUR
// minor units; the page shows them in the shopper's currency.
const SuggestSchema = v.object(
  {
    locale: v.picklist(LOCALES, "api.badInput"),
    // As long as the results page reads: beyond that the two would differ.
    q: v.optional(v.pipe(v.string(), v.transform((q) => q.slice(0, 200))), ""),
  },
  "api.badInput",
);

const CACHE = "private, max-age=60";

export const loader = apiHandler(async ({ request, t }) => {
  const { locale, q } = readSearchParams(request, SuggestSchema, t);
  const found = await searchSuggestions(locale, q);
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
      originalPriceMinor: item.originalPriceMinor,
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

export type SuggestAnswer = {
  total: number;
  similar: boolean;
  items: { id: number; name: string; manufacturer: string | null; url: string; image: string; imageSrcSet: string; priceMinor: number; originalPriceMinor: number }[];
  categories: { id: number; name: string; count: number; url: string }[];
  searchUrl: string;
};

export const action = methodNotAllowed;
