import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect } from "react";
import type * as Builders from "~/models/marketing/data-layer";

// The pages' way to the data layer (app/models/marketing/data-layer.ts, docs/analytics.md).
// The builders load once a page has shown, outside its first-load
// JavaScript (decision 013): a page says which event to build from which of
// its data, and the event is built and pushed once they have arrived, in
// the order the page asked.

type Built = Builders.DataLayerEvent | null | false | undefined;
/** Builds the events from the builders and the rate to the tracking currency. */
export type Make = (builders: typeof Builders, tracking: Builders.TrackingRate) => Built | Built[];

// The site's currencies, from the shell's data (spec 3), for the rate to the
// tracking currency: no request of its own. Set by the language layout in
// the browser only, before any page's event.
let currencies: readonly { iso_code: string; exchange_rate: string }[] = [];

/** Builds and pushes events; with `once`, each event once per key in this tab. */
export function track(make: Make, once?: string) {
  void import("~/models/marketing/data-layer").then((builders) => {
    for (const event of [make(builders, builders.trackingRate(currencies))].flat()) if (event) builders.pushDataLayer(event, once);
  });
}

/** Pushes what `make` builds when the page shows with a new `key` (and on arrival); with `once`, once per key in this tab. */
export function useDataLayer(make: Make, key: string, once?: boolean) {
  // `make` is new on every render: the event is built from the render whose key is new, and only then.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => track(make, once ? key : undefined), [key, once]);
}

// Before the page's own events, which React runs first (children's effects precede their parents').
const useBeforePageEvents = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The language layout's part: the site's currencies, and spec 9's PageViews once per location arrived at. */
export function usePageViews(siteCurrencies: typeof currencies | undefined) {
  const { pathname, search, key } = useLocation();
  useBeforePageEvents(() => {
    currencies = siteCurrencies ?? [];
  }, [siteCurrencies]);
  useBeforePageEvents(() => track((builders) => builders.pageViewEvent(pathname + search)), [pathname, search, key]);
}
