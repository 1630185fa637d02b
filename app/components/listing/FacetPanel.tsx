import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { FACET_LONG, FACET_MORE_PARAM, FILTER_PREFIX, activeFilterCount, type Facet } from "~/models/catalogue/listing";
import { convert, toDecimalString } from "~/lib/money";
import type { ListingData } from "~/web/catalogue/listing-page.server";

/**
 * The filters of spec 3 and 4 as one GET form: choices are pending until the
 * shopper applies them. With JavaScript the apply button tells how many items
 * the pending choices would show before they are applied.
 */
export function FacetPanel({ listing }: { listing: ListingData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const preview = useFetcher<{ listing: ListingData }>();
  const [pending, setPending] = useState(false);
  const kept = new URLSearchParams(location.search);
  // A list asked for whole stays so until the choices are applied or cleared: then it comes short again, its chosen values still shown.
  const showingWhole = kept.has(FACET_MORE_PARAM);
  for (const key of [...kept.keys()]) if (key.startsWith(FILTER_PREFIX) || key === "page" || key === "after" || key === FACET_MORE_PARAM) kept.delete(key);
  const clearHref = kept.toString() ? `${location.pathname}?${kept}` : location.pathname;
  const active = activeFilterCount(listing.filters);
  const previewCount = pending && preview.state === "idle" ? preview.data?.listing.total : undefined;

  return (
    // Behind a "Filters" disclosure on a phone, products first; open on a
    // wide screen by CSS alone (.open-when-wide), so hydration moves nothing.
    // A list just asked for whole opens them on a phone too, where the link
    // lands: Chromium opens a disclosure for a fragment inside it by itself,
    // the attribute does so in every browser.
    <details
      className="filters open-when-wide"
      data-testid="filters"
      open={showingWhole || undefined}
    >
      <summary>
        {active ? `${t("listing.filters")} (${active})` : t("listing.filters")}
      </summary>
      <Form
        method="get"
        onChange={(event) => {
          if (!hydrated) return;
          const params = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
          for (const [key, value] of [...params]) if (value === "") params.delete(key, value);
          setPending(true);
          preview.load(`${location.pathname}?${params}`);
        }}
      >
        {[...kept].map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        {listing.facets.map((facet) => (
          <FacetGroup key={facet.key} facet={facet} listing={listing} location={location} />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="button-primary">
            {previewCount !== undefined ? t("listing.applyCount", { count: previewCount }) : t("listing.apply")}
          </button>
          {active ? (
            <Link to={clearHref} className="link text-sm">
              {t("listing.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

function FacetGroup({ facet, listing, location }: { facet: Facet; listing: ListingData; location: { pathname: string; search: string } }) {
  const { t } = useTranslation();
  const label = facet.key.startsWith("additional_field_") ? facet.label : t(`listing.${facet.key}`);
  if (facet.type === "stats") {
    const range = listing.filters.stats[facet.key] ?? {};
    // Prices are shown, and typed, in the shopper's currency.
    const show = (minor: number) =>
      facet.key === "current_price" ? toDecimalString(convert(minor, listing.currency?.exchange_rate ?? "1")) : String(minor);
    return (
      <fieldset>
        <legend>
          {facet.key === "current_price" && listing.currency ? `${label} (${listing.currency.symbol})` : label}
        </legend>
        <p className="facet-range">
          <RangeInput name={`${FILTER_PREFIX}${facet.key}.gte`} label={t("listing.from")} placeholder={show(facet.min)} value={range.gte} />
          <span aria-hidden="true">–</span>
          <RangeInput name={`${FILTER_PREFIX}${facet.key}.lte`} label={t("listing.to")} placeholder={show(facet.max)} value={range.lte} />
        </p>
      </fieldset>
    );
  }
  if (facet.values.length === 0) return null;
  const selected = listing.filters.terms[facet.key] ?? [];
  // A long list comes short, with a link for the whole of it (shortFacets); a
  // whole one asked for that way offers to go back. Either keeps the rest of
  // the URL, and brings the list back into view.
  const params = new URLSearchParams(location.search);
  const whole = params.getAll(FACET_MORE_PARAM).includes(facet.key);
  if (whole) params.delete(FACET_MORE_PARAM, facet.key);
  else params.append(FACET_MORE_PARAM, facet.key);
  const id = `filter-${facet.key}`;
  const toggle = facet.hidden ? t("listing.showAll", { count: facet.values.length + facet.hidden }) : whole && facet.values.length > FACET_LONG ? t("listing.showFewer") : null;
  // A brand list may hold dozens of choices: their looks are the `filters` rules in tailwind.css, by the parts' places.
  return (
    <fieldset id={id}>
      <legend>{label}</legend>
      {/* The fieldset and its legend group the choices, as WAI's checkbox groups do: no list around them, 9 bytes a choice. */}
      <div>
        {facet.values.map((value) => (
          <label key={value.id}>
            <input type="checkbox" name={`${FILTER_PREFIX}${facet.key}`} value={value.id} defaultChecked={selected.includes(value.id)} />
            {value.label}
            <span>{value.count}</span>
          </label>
        ))}
      </div>
      {toggle ? (
        <Link to={`${location.pathname}?${params}#${id}`} className="link mt-2 inline-block text-sm">
          {toggle}
        </Link>
      ) : null}
    </fieldset>
  );
}

function RangeInput({ name, label, placeholder, value }: { name: string; label: string; placeholder: string; value?: number }) {
  return (
    <label>
      <span className="sr-only">{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        name={name}
        defaultValue={value ?? ""}
        placeholder={`${label} ${placeholder}`}
      />
    </label>
  );
}
