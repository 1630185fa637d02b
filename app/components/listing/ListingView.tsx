import { Form, useFetcher, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { track, useDataLayer } from "~/hooks/use-data-layer";
import { useEarlyChoice } from "~/hooks/use-early-choice";
import { useTranslation } from "~/hooks/use-translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatCount } from "~/lib/i18n";
import { SORTS, isBelowLimit, pageCount, shownUpTo } from "~/models/catalogue/listing";
import type { ListingData } from "~/web/catalogue/listing-page.server";
import { useLocale } from "~/hooks/use-locale";
import { ProductCardView } from "../ProductCard";
import { ProductLayoutToggle, useProductLayout } from "../ProductLayoutToggle";
import { SubmitUntilHydrated } from "../SubmitUntilHydrated";
import { FacetPanel } from "./FacetPanel";

/** The cards in view on arrival (a phone's first two rows, a desktop's first row): their pictures load first. */
const FIRST_ROW = 4;

/** The URL's state minus the given keys, for links and hidden fields. */
function paramsWithout(search: string, ...keys: string[]) {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  return params;
}

function HiddenState({ params }: { params: URLSearchParams }) {
  return (
    <>
      {[...params].map(([key, value], index) => (
        <input key={`${key}-${value}-${index}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

/**
 * A product listing: heading, count, sort, facets, products and paging.
 * Everything is a link or a GET form, so it all works before JavaScript
 * loads; with it, sorting applies on change and "load more" appends.
 */
export function ListingView({ listing, heading, intro }: { listing: ListingData; heading: string; intro?: React.ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const layout = useProductLayout();
  const navigation = useNavigation();
  const [extraItems, setExtraItems] = useState<ListingData["items"]>([]);
  const [loadedPage, setLoadedPage] = useState(listing.page);
  // Where the items shown so far end: the next page starts after them, so no item shows twice or is skipped (decision 014).
  const [next, setNext] = useState(listing.next);
  const more = useFetcher<{ listing: ListingData }>();

  // A new search, filter or sort starts the list again.
  useEffect(() => {
    setExtraItems([]);
    setLoadedPage(listing.page);
    setNext(listing.next);
  }, [listing]);
  useEffect(() => {
    if (more.state === "idle" && more.data?.listing) {
      const loaded = more.data.listing;
      setExtraItems((items) => [...items, ...loaded.items]);
      setLoadedPage(loaded.page);
      setNext(loaded.next);
      // Spec 9: the cards "load more" added to the page they were loaded on.
      track((b, rate) => b.listEvent("view_item_list", window.location.pathname, loaded.items, rate));
    }
  }, [more.state, more.data]);
  // Spec 9: the cards each page shows, and a search refined (its filters or sort changed).
  useDataLayer((b, rate) => [b.listEvent("view_item_list", location.pathname, listing.items, rate), b.refinedSearchEvent(listing.text, location.search)], location.key);

  const items = [...listing.items, ...extraItems];
  const shown = shownUpTo(loadedPage, listing.total);
  const pages = pageCount(listing.total);
  const pageHref = (page: number) => {
    const params = paramsWithout(location.search, "page", "after");
    if (page > 1) params.set("page", String(page));
    // The page right after the items shown starts where they end.
    if (page === loadedPage + 1 && next) params.set("after", next);
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {intro}
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-ink-muted" aria-live="polite" data-testid="listing-count">
            {t("listing.shownOf", { shown: formatCount(locale, shown), total: formatCount(locale, listing.total) })}
          </p>
        </div>
        {/* Wraps on a narrow phone, and the select gives way, so the row never
            pushes the page wider than the screen in any language. */}
        <div className="flex max-w-full flex-wrap items-center gap-3">
          <SortForm listing={listing} />
          <ProductLayoutToggle />
        </div>
      </div>

      {listing.similar ? <p className="mt-4 rounded-lg bg-brand-soft px-4 py-3 text-brand-strong">{t("listing.similar")}</p> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <FacetPanel listing={listing} />
        <section aria-labelledby="listing-products" aria-busy={navigation.state === "loading"}>
          {/* The cards' titles are h3s: this keeps the heading levels whole. */}
          <h2 id="listing-products" className="sr-only">
            {t("listing.products")}
          </h2>
          {items.length === 0 ? (
            <p className="rounded-xl border border-line p-8 text-center text-ink-muted">
              {listing.text ? t("listing.noResults", { query: listing.text }) : t("listing.empty")}
            </p>
          ) : (
            <ul
              className={layout === "LIST" ? "flex flex-col gap-3" : "grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"}
              data-testid="listing-items"
            >
              {items.map((product, index) => (
                <li key={product.id}>
                  <ProductCardView
                    product={product}
                    layout={layout}
                    priority={index < FIRST_ROW}
                    onSelect={() => track((b, rate) => b.listEvent("select_item", location.pathname, [product], rate))}
                  />
                </li>
              ))}
            </ul>
          )}

          {isBelowLimit(loadedPage, listing.total) ? (
            <div className="mt-8 flex justify-center">
              <LoadMore href={pageHref(loadedPage + 1)} loading={more.state !== "idle"} onLoad={() => more.load(pageHref(loadedPage + 1))} />
            </div>
          ) : null}
          {pages > 1 ? <Pagination current={listing.page} pages={pages} href={pageHref} /> : null}
        </section>
      </div>
    </div>
  );
}

function LoadMore({ href, loading, onLoad }: { href: string; loading: boolean; onLoad: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <a
      href={href}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onLoad();
      }}
      aria-disabled={loading || undefined}
      className="button-primary min-w-48"
    >
      {loading ? t("shell.loading") : t("listing.loadMore")}
    </a>
  );
}

function Pagination({ current, pages, href }: { current: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  const numbers = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    // Its looks are the `pages` rules in tailwind.css, as the other page links'.
    <nav aria-label={t("listing.pages")} className="pages">
      {current > 1 ? (
        <a href={href(current - 1)} rel="prev">
          {t("listing.previous")}
        </a>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n}>
          {index > 0 && n - numbers[index - 1]! > 1 ? <span>…</span> : null}
          <a href={href(n)} aria-label={t("listing.pageN", { page: n })} aria-current={n === current ? "page" : undefined}>
            {n}
          </a>
        </span>
      ))}
      {current < pages ? (
        <a href={href(current + 1)} rel="next">
          {t("listing.next")}
        </a>
      ) : null}
    </nav>
  );
}

function SortForm({ listing }: { listing: ListingData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const sorts = listing.text ? SORTS : SORTS.filter((sort) => sort !== "relevance");
  const choose = (select: HTMLSelectElement) => submit(select.form, { preventScrollReset: true });
  const early = useEarlyChoice(listing.sort, choose);
  return (
    <Form method="get" className="flex min-w-0 max-w-full items-center gap-2" preventScrollReset>
      <HiddenState params={paramsWithout(location.search, "sort", "page", "after")} />
      <label htmlFor="sort" className="text-sm text-ink-muted">
        {t("listing.sortBy")}
      </label>
      <select
        ref={early.ref}
        id="sort"
        name="sort"
        defaultValue={listing.sort}
        key={listing.sort}
        onChange={early.onChange}
        className="min-w-0 rounded border border-line-strong bg-surface px-2 py-1.5 text-sm"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(`listing.sort_${sort}`)}
          </option>
        ))}
      </select>
      <SubmitUntilHydrated>{t("shell.apply")}</SubmitUntilHydrated>
    </Form>
  );
}
