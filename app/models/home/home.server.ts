import type { Locale } from "~/lib/i18n";
import { defaultSort } from "~/models/catalogue/listing";
import { listProductShelf, listTopCategories, shelfKept, type CategoryLink, type ProductCard } from "~/models/catalogue/catalogue.server";
import { shownCard, type ShownCard } from "~/models/catalogue/product-cards.server";
import { listLatestPosts } from "~/models/content/content.server";
import { db } from "~/models/db/db.server";
import { shellCached } from "~/models/db/shell-cache.server";
import { searchListing } from "~/models/search/search.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { orFallback } from "~/platform/fallback.server";
import { offeredSections, resolveSections, type HomeSection } from "./sections";

// The home page of a site in a language (docs/home.md). It is the most
// visited page and the same for every guest, so nothing here is read per
// request: the sections and the blog teasers are kept with the shell
// (decision 024: their tables move its version), the product shelves are
// read at most once a second, as the catalogue's changes show anywhere.

/** The rows of a site's home page, every language's and each language's own. */
function readSectionRows(siteId: number) {
  return db()
    .selectFrom("home_sections")
    .select(["id", "kind", "language_id", "position", "is_visible", "content"])
    .where("site_id", "=", siteId)
    .execute();
}

/** The sections a site shows in a language, in the operator's order: read once per site and language until they change. */
export function homeSections(site: Pick<SiteConfig, "id" | "languages">, locale: Locale): Promise<HomeSection[]> {
  return shellCached(`home-sections:${site.id}:${locale}`, async () => {
    const languageId = site.languages.find((language) => language.iso_code === locale)?.id ?? null;
    return resolveSections(await readSectionRows(site.id), languageId);
  });
}

/** The newest posts the site shows in the language (its own and every site's), kept with the shell like the footer's blog link. */
export function homeTeasers(siteId: number, locale: Locale, count: number) {
  return shellCached(`home-teasers:${siteId}:${locale}:${count}`, () => listLatestPosts(locale, count, siteId));
}

/**
 * The first offers of the deal zone (listing type "o"), in the order /dealzone
 * shows them in the language, read through the same listing as that page;
 * at most once a second, like the other shelves.
 */
export function listDeals(site: Pick<SiteConfig, "languages">, locale: Locale, limit: number): Promise<ProductCard[]> {
  const sort = defaultSort("", site.languages.find((language) => language.iso_code === locale)?.pivot.mp_default_sort);
  return shelfKept(`deals:${locale}:${sort}:${limit}`, () =>
    searchListing(
      { locale, categoryIds: null, listingType: "o", text: "", filters: { terms: {}, stats: {} }, sort, page: 1, rate: "1", limit, offset: 0 },
      { facets: false },
    ).then((listing) => listing.items),
  );
}

export type HomePage = {
  sections: HomeSection[];
  categories: CategoryLink[];
  deals: ShownCard[];
  newArrivals: ShownCard[];
  bestSellers: ShownCard[];
  posts: Awaited<ReturnType<typeof listLatestPosts>>;
};

const NONE: never[] = [];

/**
 * What the home page shows: its sections in the operator's order, and for
 * each shown section what it lists. A section whose list is empty (no
 * post in the language, no offer) or failed to load is left out rather
 * than shown bare.
 */
export async function loadHomePage(site: SiteConfig, locale: Locale): Promise<HomePage> {
  const sections = offeredSections(await homeSections(site, locale), site.features);
  const find = <K extends HomeSection["kind"]>(kind: K) => sections.find((s): s is Extract<HomeSection, { kind: K }> => s.kind === kind);
  const [dealsSection, newSection, bestSection, teasersSection] = [find("deals"), find("new_arrivals"), find("best_sellers"), find("blog_teasers")];
  // Spec 8: a list that fails to load costs the page its section, not the page.
  const [categories, dealCards, newArrivals, bestSellers, posts] = await Promise.all([
    find("categories") ? orFallback(() => listTopCategories(locale), NONE, "Home categories", "quiet") : NONE,
    dealsSection ? orFallback(() => listDeals(site, locale, dealsSection.content.count), NONE, "Home deals", "quiet") : NONE,
    newSection ? orFallback(() => listProductShelf(locale, "new-arrivals", newSection.content.count), NONE, "Home new arrivals", "reported") : NONE,
    bestSection ? orFallback(() => listProductShelf(locale, "best-sellers", bestSection.content.count), NONE, "Home best sellers", "reported") : NONE,
    teasersSection ? orFallback(() => homeTeasers(site.id, locale, teasersSection.content.count), NONE, "Home blog teasers", "reported") : NONE,
  ]);
  const listed: Partial<Record<HomeSection["kind"], number>> = {
    categories: categories.length,
    deals: dealCards.length,
    new_arrivals: newArrivals.length,
    best_sellers: bestSellers.length,
    blog_teasers: posts.length,
  };
  return {
    sections: sections.filter((section) => listed[section.kind] !== 0),
    categories,
    deals: dealCards.map(shownCard),
    newArrivals: newArrivals.map(shownCard),
    bestSellers: bestSellers.map(shownCard),
    posts,
  };
}
