import type { Locale } from "~/lib/i18n";
import { selectCurrency } from "~/models/sites/currency";
import { FACET_MORE_PARAM, MAX_PAGE, defaultSort, displayedFacets, isSort, parseFilters, shortFacets, type ListingType } from "~/models/catalogue/listing";
import { readPreferences } from "~/web/preferences.server";
import { disabledFieldIds } from "~/models/catalogue/facet-fields.server";
import { searchListing } from "~/models/search/search.server";
import { shownCard } from "~/models/catalogue/product-cards.server";
import { siteForRequest } from "~/web/sites.server";

export type ListingContext = {
  locale: Locale;
  /** The category and its descendants, for a category page. */
  category?: { id: number; descendantIds: number[]; filterableFieldIds: number[] } | null;
  /** A listing fixed to one type (the deal zone shows offers). */
  listingType?: ListingType;
};

/**
 * Reads a listing's whole state from the URL (spec: shopping state lives in
 * the URL) and runs it. Bad values fall back to defaults rather than failing.
 */
export async function loadListing(request: Request, context: ListingContext) {
  const url = new URL(request.url);
  const [site, preferences] = await Promise.all([siteForRequest(request), readPreferences(request)]);
  const text = (url.searchParams.get("q") ?? "").slice(0, 200);
  const typeParam = url.searchParams.get("type");
  const listingType = context.listingType ?? (typeParam === "p" || typeParam === "o" ? typeParam : null);
  const languageDefault = site.languages.find((l) => l.iso_code === context.locale)?.pivot.mp_default_sort;
  const sortParam = url.searchParams.get("sort");
  const sort = isSort(sortParam) ? sortParam : defaultSort(text, languageDefault);
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const filters = parseFilters(url.searchParams);
  const currency = selectCurrency(site.currencies, preferences.currencyId);

  const [result, disabled] = await Promise.all([
    searchListing({
      locale: context.locale,
      categoryIds: context.category?.descendantIds ?? null,
      listingType,
      text,
      filters,
      sort,
      page,
      after: url.searchParams.get("after"),
      rate: currency?.exchange_rate ?? "1",
    }),
    disabledFieldIds(),
  ]);

  const facets = shortFacets(
    displayedFacets(result.facets, {
      categoryId: context.category?.id ?? null,
      filterableFieldIds: context.category?.filterableFieldIds ?? [],
      disabledFieldIds: disabled,
    }),
    filters.terms,
    url.searchParams.getAll(FACET_MORE_PARAM),
  );
  return {
    listing: {
      items: result.items.map(shownCard),
      total: result.total,
      similar: result.similar,
      facets,
      filters,
      sort,
      defaultSort: defaultSort(text, languageDefault),
      page,
      next: result.next,
      text,
      listingType,
      currency: currency ?? null,
    },
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>["listing"];
