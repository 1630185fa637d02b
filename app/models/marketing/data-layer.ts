import { convert, sum, times, type Minor } from "~/lib/money";

// Spec 9's data layer: the one way the shop tells a tag manager what
// happened (docs/analytics.md). Every event the spec names is a member of
// DataLayerEvent, and each has a builder here that turns the shop's own
// product, cart and order shapes into it, with spec 3's tracking product
// and cart fields and every amount in the tracking currency (USD).
// Amounts arrive as integer minor units of EUR and each is converted once,
// through the money module, so no float error builds up: a cart's value is
// its EUR total converted, not a sum of converted prices.
//
// Pages never import this module for their first load: they reach it
// through app/hooks/use-data-layer.ts, which loads it once the page shows
// (decision 013's budget).

/** Spec 9: what the data layer counts in, whatever currency the shopper sees. */
export const TRACKING_CURRENCY = "USD";

/** The rate from EUR to the currency the events carry. */
export type TrackingRate = { currency: string; rate: string };

/** Spec 3's tracking product. What a page does not know is null (a cart line knows no manufacturer). */
export type TrackingProduct = {
  sku: string | null;
  id: number | null;
  name: string;
  price: number;
  quantity: number;
  /** The deepest of `categories`. */
  category: string | null;
  /** The category path, top first. */
  categories: string[];
  image: string;
  url: string;
  manufacturer: string | null;
};

type Valued = { value: number; currency: string };
/** Spec 3's cart event: items and their value (with checkoutUrl and paymentType where the step has them). */
type CartFields = Valued & { items: TrackingProduct[] };
type PaymentFields = Valued & { transaction_id: string; paymentType: number | null };
/** Spec 3's quote payment event; the ad data layer's quote id is 'qu' and the id (spec 9). */
type QuotePaymentFields = Valued & { quoteId: string; shipping: string; deliveryFee: number; paymentType: number | null; marketplace: false };

export type DataLayerEvent =
  | { event: "PageViews"; page_path: string }
  | { event: "view_item_list" | "select_item"; item_list_name: string; items: TrackingProduct[]; currency: string }
  | ({ event: "view_item" | "add_to_cart" | "view_cart" } & CartFields)
  | ({ event: "begin_checkout"; checkoutUrl: string } & CartFields)
  | ({ event: "add_payment_info"; checkoutUrl: string; paymentType: number } & CartFields)
  | ({ event: "purchase" | "marketplace_payment_success" | "marketplace_payment_declined" | "quote_payment_success" | "quote_payment_declined" } & PaymentFields)
  | ({ event: "QuSubmit"; quoteId: string; quote_number: string; lines: number; quantity: number; marketplace: false } & Valued)
  | ({ event: "QuotePaid" } & QuotePaymentFields)
  | ({ event: "delivery_info" | "pay_click"; page_type: "quote_payment" } & QuotePaymentFields)
  | { event: "payment_info"; page_type: "quote_payment"; quoteId: string; paymentType: number }
  | { event: "manual_search" | "search_bar_show_more"; search_term: string }
  | { event: "refined_search"; search_term: string; filters: string };

/** The site's USD rate; a site that offers no USD reports in EUR, unconverted, and says so. */
export function trackingRate(currencies: readonly { iso_code: string; exchange_rate: string }[]): TrackingRate {
  const usd = currencies.find((currency) => currency.iso_code === TRACKING_CURRENCY);
  return usd ? { currency: TRACKING_CURRENCY, rate: usd.exchange_rate } : { currency: "EUR", rate: "1" };
}

/** EUR minor units to the tracking currency, rounded once to cents: 1234 at 1.08 → 13.33. */
export const trackedAmount = (amount: Minor, tracking: TrackingRate) => convert(amount, tracking.rate) / 100;

/** What a page knows of a product or a line, with its price in EUR minor units. */
type TrackedLine = {
  sku?: string;
  id?: number;
  name: string;
  image: string;
  url: string;
  price: Minor;
  quantity?: number;
  manufacturer?: string | null;
  categories?: readonly string[];
};

function cartFields(lines: readonly TrackedLine[], tracking: TrackingRate): CartFields {
  return {
    items: lines.map((line) => {
      const categories = [...(line.categories ?? [])];
      return {
        sku: line.sku ?? null,
        id: line.id ?? null,
        name: line.name,
        price: trackedAmount(line.price, tracking),
        quantity: line.quantity ?? 1,
        category: categories.at(-1) ?? null,
        categories,
        image: line.image,
        url: line.url,
        manufacturer: line.manufacturer ?? null,
      };
    }),
    value: trackedAmount(sum(lines.map((line) => times(line.price, line.quantity ?? 1))), tracking),
    currency: tracking.currency,
  };
}

export const pageViewEvent = (path: string): DataLayerEvent => ({ event: "PageViews", page_path: path });

/**
 * view_item_list for the cards a listing shows, select_item for the one
 * followed, or null for none. The list is named by the listing's path
 * without its language ("search", "c/phones"); a card leads to the product
 * page in that language. Cards know no sku and no category.
 */
export function listEvent(
  event: "view_item_list" | "select_item",
  pathname: string,
  cards: readonly { id: number; slug: string; name: string; image: string; manufacturer: string | null; priceMinor: Minor }[],
  tracking: TrackingRate,
): DataLayerEvent | null {
  const [, language, ...path] = pathname.split("/");
  const lines = cards.map((card) => ({ ...card, url: `/${language}/p/${card.slug}`, price: card.priceMinor }));
  if (!lines.length) return null;
  const { items, currency } = cartFields(lines, tracking);
  return { event, item_list_name: path.join("/"), items, currency };
}

/** view_item (one unit) and add_to_cart (the units added) of the product page's product; `url` is the page's. */
export const productEvent = (
  event: "view_item" | "add_to_cart",
  product: { id: number; sku: string; name: string; image: string; manufacturer: string | null; price_minor: Minor; breadcrumbs: readonly { name: string }[] },
  quantity: number,
  url: string,
  tracking: TrackingRate,
): DataLayerEvent => ({
  event,
  ...cartFields([{ ...product, url, quantity, price: product.price_minor, categories: product.breadcrumbs.map((crumb) => crumb.name) }], tracking),
});

/** view_cart for the cart's lines (spec 3's cart items), or null for an empty cart. */
export const cartEvent = (lines: readonly TrackedLine[], tracking: TrackingRate): DataLayerEvent | null =>
  lines.length ? { event: "view_cart", ...cartFields(lines, tracking) } : null;

/** begin_checkout for the checkout's products; with the way to pay chosen, add_payment_info. `checkoutUrl` leads back to the checkout. */
export function checkoutEvent(
  products: readonly (Omit<TrackedLine, "price"> & { currentPrice: Minor })[],
  checkoutUrl: string,
  tracking: TrackingRate,
  paymentType?: number,
): DataLayerEvent {
  const fields = { ...cartFields(products.map((product) => ({ ...product, price: product.currentPrice })), tracking), checkoutUrl };
  return paymentType === undefined ? { event: "begin_checkout", ...fields } : { event: "add_payment_info", ...fields, paymentType };
}

/** A payment's outcome (purchase, payment success or declined): the order's number and what was paid, balance part included. */
export const paymentEvent = (
  event: "purchase" | "marketplace_payment_success" | "marketplace_payment_declined" | "quote_payment_success" | "quote_payment_declined",
  number: string,
  amount: Minor,
  paymentType: number | null,
  tracking: TrackingRate,
): DataLayerEvent => ({ event, transaction_id: number, value: trackedAmount(amount, tracking), currency: tracking.currency, paymentType });

/** QuSubmit: a quote request sent, valued at the prices the customer saw. */
export const quoteSubmitEvent = (
  quote: { id: number; number: string; lineCount: number; quantity: number; seenValueMinor: Minor },
  tracking: TrackingRate,
): DataLayerEvent => ({
  event: "QuSubmit",
  quoteId: `qu${quote.id}`,
  quote_number: quote.number,
  lines: quote.lineCount,
  quantity: quote.quantity,
  value: trackedAmount(quote.seenValueMinor, tracking),
  currency: tracking.currency,
  marketplace: false,
});

/**
 * A quote's payment by one way home: its total and that way's price; the
 * way to pay is not chosen yet on the quote page. Delivery info and the pay
 * click say they come from the quote payment page.
 */
export function quotePaymentEvent(
  event: "QuotePaid" | "delivery_info" | "pay_click",
  quote: { id: number; total: Minor; method: string; shipping: Minor },
  tracking: TrackingRate,
): DataLayerEvent {
  const fields: QuotePaymentFields = {
    quoteId: `qu${quote.id}`,
    value: trackedAmount(quote.total, tracking),
    shipping: quote.method,
    deliveryFee: trackedAmount(quote.shipping, tracking),
    paymentType: null,
    marketplace: false,
    currency: tracking.currency,
  };
  return event === "QuotePaid" ? { event, ...fields } : { event, page_type: "quote_payment", ...fields };
}

/** The way to pay a quote's bill, chosen (spec 3's "set payment" step). */
export const quotePaymentInfoEvent = (quoteId: number, paymentType: number): DataLayerEvent => ({
  event: "payment_info",
  page_type: "quote_payment",
  quoteId: `qu${quoteId}`,
  paymentType,
});

/** The search bar's events: the words searched. */
export const searchEvent = (event: "manual_search" | "search_bar_show_more", term: string): DataLayerEvent => ({ event, search_term: term });

let lastListing = { text: "", filters: "" };

/**
 * refined_search when a listing shows the same words as the one before it
 * in this tab with other filters or another sort; null otherwise. `filters`
 * is the refinement as the URL has it ("f.manufacturer=3&sort=price_asc").
 */
export function refinedSearchEvent(text: string, search: string): DataLayerEvent | null {
  const params = new URLSearchParams(search);
  for (const key of ["q", "page", "after"]) params.delete(key);
  const before = lastListing;
  lastListing = { text, filters: params.toString() };
  return text && text === before.text && lastListing.filters !== before.filters ? { event: "refined_search", search_term: text, filters: lastListing.filters } : null;
}

/**
 * Pushes an event to window.dataLayer. With `once`, an event of this name is
 * pushed once per key in this browser tab, so a reload or a return to the
 * page (a payment result, a checkout begun) does not count it again.
 */
export function pushDataLayer(event: DataLayerEvent, once?: string) {
  if (once) {
    const key = `data-layer:${event.event}:${once}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // Storage refused (private mode): the event may count twice, never not at all.
    }
  }
  ((window as { dataLayer?: object[] }).dataLayer ??= []).push(event);
}
