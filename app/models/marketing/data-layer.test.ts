import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  cartEvent,
  checkoutEvent,
  listEvent,
  pageViewEvent,
  paymentEvent,
  productEvent,
  pushDataLayer,
  quotePaymentEvent,
  quotePaymentInfoEvent,
  quoteSubmitEvent,
  refinedSearchEvent,
  searchEvent,
  trackedAmount,
  trackingRate,
  type DataLayerEvent,
} from "./data-layer";
import { convert, sum, times, toDecimalString } from "~/lib/money";

// The demo sites' currencies: EUR is the base, USD at 1.08 (migration 0002).
const SITE_CURRENCIES = [
  { id: 1, iso_code: "EUR", symbol: "€", exchange_rate: "1" },
  { id: 2, iso_code: "USD", symbol: "$", exchange_rate: "1.08" },
];
const usd = trackingRate(SITE_CURRENCIES);

// The shop's own shapes, as the pages have them.
const card = { id: 7, slug: "sony-wh-1000xm5", name: "Sony WH-1000XM5", image: "/img/sony.jpg", manufacturer: "Sony", priceMinor: 29_999, originalPriceMinor: 34_999, discountPercentage: 14, inStock: true };
const product = {
  id: 7,
  sku: "SONY-XM5",
  slug: "sony-wh-1000xm5",
  name: "Sony WH-1000XM5",
  image: "/img/sony.jpg",
  manufacturer: "Sony",
  price_minor: 29_999,
  stock: 4,
  breadcrumbs: [
    { name: "Electronics", path: "electronics" },
    { name: "Headphones", path: "electronics/headphones" },
  ],
};
const cartLine = { sku: "SONY-XM5", name: "Sony WH-1000XM5", image: "/img/sony.jpg", url: "/en/p/sony-wh-1000xm5", quantity: 2, max_quantity: 5, price: 29_999 };
const checkoutLine = { sku: "SONY-XM5", name: "Sony WH-1000XM5", image: "/img/sony.jpg", url: "/en/p/sony-wh-1000xm5", currentPrice: 29_999, quantity: 2 };

/** The tracking product of the cart line above: 299.99 € at 1.08 is 323.99 $ (323.9892 rounded). */
const trackedLine = {
  sku: "SONY-XM5",
  id: null,
  name: "Sony WH-1000XM5",
  price: 323.99,
  quantity: 2,
  category: null,
  categories: [],
  image: "/img/sony.jpg",
  url: "/en/p/sony-wh-1000xm5",
  manufacturer: null,
};

/** Spec 9's data layer events by the names the tags know them by (docs/analytics.md). */
const SPEC_9_EVENTS = [
  "QuSubmit",
  "PageViews",
  "QuotePaid",
  "view_item_list",
  "select_item",
  "view_item",
  "add_to_cart",
  "view_cart",
  "begin_checkout",
  "add_payment_info",
  "purchase",
  "marketplace_payment_success",
  "marketplace_payment_declined",
  "quote_payment_success",
  "quote_payment_declined",
  "search_bar_show_more",
  "manual_search",
  "refined_search",
  "delivery_info",
  "payment_info",
  "pay_click",
] as const;

describe("the tracking currency", () => {
  it("is USD at the site's own rate, and EUR unconverted where a site offers no USD", () => {
    expect(usd).toEqual({ currency: "USD", rate: "1.08" });
    expect(trackingRate([{ iso_code: "EUR", exchange_rate: "1" }, { iso_code: "PLN", exchange_rate: "4.30" }])).toEqual({ currency: "EUR", rate: "1" });
    expect(trackedAmount(1234, usd)).toBe(13.33); // 13.3272
    expect(trackedAmount(1234, trackingRate([]))).toBe(12.34);
  });

  it.each([
    [0, "1.08", 0],
    [1, "1.08", 0.01],
    [50, "1.1", 0.55],
    [5, "1.1", 0.06], // 0.055 rounds half away from zero
    [100_000_00, "1.08", 108_000],
    [-1234, "1.08", -13.33],
  ])("converts %i minor units at %s to %s", (amount, rate, expected) => {
    expect(trackedAmount(amount, { currency: "USD", rate })).toBe(expected);
  });

  it("gives the money module's conversion in dollars with at most two decimals", () => {
    const rate = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99_999_999 })).map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, "0")}`);
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), rate, (amount, r) => {
        const dollars = trackedAmount(amount, { currency: "USD", rate: r });
        const cents = convert(amount, r);
        // The number printed is the exact decimal: no float error reaches the data layer.
        expect(String(dollars)).toBe(String(Number(toDecimalString(cents))));
        expect(String(dollars)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(Math.round(dollars * 100)).toBe(cents);
      }),
    );
  });

  it("values lines by converting their EUR total once, not by adding converted prices", () => {
    // Three lines of 0.05 €: each is 0.06 $ converted (0.055), the 0.15 € they come to is 0.17 $ (0.165).
    const lines = [1, 2, 3].map((n) => ({ ...cartLine, sku: `S${n}`, quantity: 1, price: 5 }));
    expect(cartEvent(lines, { currency: "USD", rate: "1.1" })).toMatchObject({ value: 0.17, items: [{ price: 0.06 }, { price: 0.06 }, { price: 0.06 }] });
  });

  it("values any cart at its EUR total converted once", () => {
    const line = fc.record({ price: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 99 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const shaped = lines.map((l, index) => ({ ...cartLine, sku: `S${index}`, ...l }));
        const event = cartEvent(shaped, usd) as { value: number; items: { price: number; quantity: number }[] };
        expect(event.value).toBe(trackedAmount(sum(lines.map((l) => times(l.price, l.quantity))), usd));
        expect(event.items.map((item) => [item.price, item.quantity])).toEqual(lines.map((l) => [trackedAmount(l.price, usd), l.quantity]));
      }),
    );
  });
});

describe("each event of spec 9 has its fields", () => {
  it("has a type and a builder for every event the spec names, and no other", () => {
    expectTypeOf<DataLayerEvent["event"]>().toEqualTypeOf<(typeof SPEC_9_EVENTS)[number]>();
    const quote = { id: 1, total: 100, method: "air", shipping: 10 };
    refinedSearchEvent("sony", "?q=sony");
    const built = [
      pageViewEvent("/"),
      listEvent("view_item_list", "/en/search", [card], usd),
      listEvent("select_item", "/en/search", [card], usd),
      productEvent("view_item", product, 1, "/en/p/sony-wh-1000xm5", usd),
      productEvent("add_to_cart", product, 1, "/en/p/sony-wh-1000xm5", usd),
      cartEvent([cartLine], usd),
      checkoutEvent([checkoutLine], "/", usd),
      checkoutEvent([checkoutLine], "/", usd, 4),
      ...(["purchase", "marketplace_payment_success", "marketplace_payment_declined", "quote_payment_success", "quote_payment_declined"] as const).map((name) => paymentEvent(name, "MP1", 1, 1, usd)),
      quoteSubmitEvent({ id: 1, number: "QU1", lineCount: 1, quantity: 1, seenValueMinor: 1 }, usd),
      ...(["QuotePaid", "delivery_info", "pay_click"] as const).map((name) => quotePaymentEvent(name, quote, usd)),
      quotePaymentInfoEvent(1, 1),
      searchEvent("manual_search", "x"),
      searchEvent("search_bar_show_more", "x"),
      refinedSearchEvent("sony", "?q=sony&sort=price_asc"),
    ];
    expect(built.map((event) => event?.event).sort()).toEqual([...SPEC_9_EVENTS].sort());
  });

  it("PageViews: the path arrived at", () => {
    expect(pageViewEvent("/en/search?q=sony")).toStrictEqual({ event: "PageViews", page_path: "/en/search?q=sony" });
  });

  it("view_item_list and select_item: the list named by its path, spec 3's tracking product of each card", () => {
    const item = { sku: null, id: 7, name: "Sony WH-1000XM5", price: 323.99, quantity: 1, category: null, categories: [], image: "/img/sony.jpg", url: "/lt/p/sony-wh-1000xm5", manufacturer: "Sony" };
    expect(listEvent("view_item_list", "/lt/c/electronics/headphones", [card, { ...card, id: 8, slug: "other", priceMinor: 100 }], usd)).toStrictEqual({
      event: "view_item_list",
      item_list_name: "c/electronics/headphones",
      items: [item, { ...item, id: 8, url: "/lt/p/other", price: 1.08 }],
      currency: "USD",
    });
    expect(listEvent("select_item", "/lt/search", [card], usd)).toStrictEqual({ event: "select_item", item_list_name: "search", items: [item], currency: "USD" });
    expect(listEvent("view_item_list", "/lt/search", [], usd)).toBeNull();
  });

  it("view_item and add_to_cart: the product page's product with its categories, and the units", () => {
    const item = {
      sku: "SONY-XM5",
      id: 7,
      name: "Sony WH-1000XM5",
      price: 323.99,
      quantity: 1,
      category: "Headphones",
      categories: ["Electronics", "Headphones"],
      image: "/img/sony.jpg",
      url: "/en/p/sony-wh-1000xm5",
      manufacturer: "Sony",
    };
    expect(productEvent("view_item", product, 1, "/en/p/sony-wh-1000xm5", usd)).toStrictEqual({ event: "view_item", items: [item], value: 323.99, currency: "USD" });
    // 3 × 299.99 € = 899.97 €, which is 971.97 $ (971.9676).
    expect(productEvent("add_to_cart", product, 3, "/en/p/sony-wh-1000xm5", usd)).toStrictEqual({
      event: "add_to_cart",
      items: [{ ...item, quantity: 3 }],
      value: 971.97,
      currency: "USD",
    });
  });

  it("view_cart: spec 3's cart event of the cart's lines, none for an empty cart", () => {
    // 2 × 299.99 € = 599.98 €, which is 647.98 $ (647.9784).
    expect(cartEvent([cartLine], usd)).toStrictEqual({ event: "view_cart", items: [trackedLine], value: 647.98, currency: "USD" });
    expect(cartEvent([], usd)).toBeNull();
  });

  it("begin_checkout and add_payment_info: the checkout's lines, the way back to it and the way to pay", () => {
    const url = "https://shop.example/en/checkout/abc";
    expect(checkoutEvent([checkoutLine], url, usd)).toStrictEqual({ event: "begin_checkout", items: [trackedLine], value: 647.98, currency: "USD", checkoutUrl: url });
    expect(checkoutEvent([checkoutLine], url, usd, 1)).toStrictEqual({
      event: "add_payment_info",
      items: [trackedLine],
      value: 647.98,
      currency: "USD",
      checkoutUrl: url,
      paymentType: 1,
    });
  });

  it.each(["purchase", "marketplace_payment_success", "marketplace_payment_declined", "quote_payment_success", "quote_payment_declined"] as const)(
    "%s: the order's number, what was paid and how",
    (name) => {
      expect(paymentEvent(name, "MP1042", 64_998, 2, usd)).toStrictEqual({ event: name, transaction_id: "MP1042", value: 701.98, currency: "USD", paymentType: 2 });
    },
  );

  it("QuSubmit: the quote's ad id, number, lines, units and the value the customer saw", () => {
    expect(quoteSubmitEvent({ id: 31, number: "QU31", lineCount: 2, quantity: 3, seenValueMinor: 10_000 }, usd)).toStrictEqual({
      event: "QuSubmit",
      quoteId: "qu31",
      quote_number: "QU31",
      lines: 2,
      quantity: 3,
      value: 108,
      currency: "USD",
      marketplace: false,
    });
  });

  it("QuotePaid, delivery_info and pay_click: spec 3's quote payment event by the way home", () => {
    const quote = { id: 31, total: 25_050, method: "sea", shipping: 1_999 };
    const fields = { quoteId: "qu31", value: 270.54, shipping: "sea", deliveryFee: 21.59, paymentType: null, marketplace: false, currency: "USD" };
    expect(quotePaymentEvent("QuotePaid", quote, usd)).toStrictEqual({ event: "QuotePaid", ...fields });
    expect(quotePaymentEvent("delivery_info", quote, usd)).toStrictEqual({ event: "delivery_info", page_type: "quote_payment", ...fields });
    expect(quotePaymentEvent("pay_click", quote, usd)).toStrictEqual({ event: "pay_click", page_type: "quote_payment", ...fields });
  });

  it("payment_info: the way to pay a quote's bill", () => {
    expect(quotePaymentInfoEvent(31, 3)).toStrictEqual({ event: "payment_info", page_type: "quote_payment", quoteId: "qu31", paymentType: 3 });
  });

  it("manual_search and search_bar_show_more: the words", () => {
    expect(searchEvent("manual_search", "sony headphones")).toStrictEqual({ event: "manual_search", search_term: "sony headphones" });
    expect(searchEvent("search_bar_show_more", "headphones")).toStrictEqual({ event: "search_bar_show_more", search_term: "headphones" });
  });

  it("refined_search: the same words with other filters or sort than the listing before, and the refinement", () => {
    expect(refinedSearchEvent("headphones", "?q=headphones")).toBeNull();
    expect(refinedSearchEvent("headphones", "?q=headphones&f.manufacturer=3")).toStrictEqual({ event: "refined_search", search_term: "headphones", filters: "f.manufacturer=3" });
    // Another page of the same refinement, the same listing again: nothing refined.
    expect(refinedSearchEvent("headphones", "?q=headphones&f.manufacturer=3&page=2&after=abc")).toBeNull();
    expect(refinedSearchEvent("headphones", "?f.manufacturer=3&q=headphones")).toBeNull();
    expect(refinedSearchEvent("headphones", "?q=headphones&f.manufacturer=3&sort=price_asc")).toStrictEqual({
      event: "refined_search",
      search_term: "headphones",
      filters: "f.manufacturer=3&sort=price_asc",
    });
    // New words are a new search; a listing without words (a category) is no search.
    expect(refinedSearchEvent("sony", "?q=sony&sort=price_asc")).toBeNull();
    expect(refinedSearchEvent("", "?sort=price_desc")).toBeNull();
    expect(refinedSearchEvent("", "?sort=price_asc")).toBeNull();
  });
});

describe("pushDataLayer", () => {
  let stored: Map<string, string>;
  const page = () => (globalThis as unknown as { window: { dataLayer?: DataLayerEvent[] } }).window;
  const pushed = () => page().dataLayer ?? [];
  const purchase = paymentEvent("purchase", "MP1042", 64_998, 2, usd);

  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal("window", {});
    vi.stubGlobal("sessionStorage", { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds to the page's data layer, keeping what a tag manager put there first", () => {
    page().dataLayer = [{ event: "gtm.js" } as unknown as DataLayerEvent];
    pushDataLayer(pageViewEvent("/en"));
    pushDataLayer(pageViewEvent("/en"));
    expect(pushed()).toEqual([{ event: "gtm.js" }, pageViewEvent("/en"), pageViewEvent("/en")]);
  });

  it("pushes an event once per key in the tab, kept under the event's name", () => {
    pushDataLayer(purchase, "token-1");
    pushDataLayer(purchase, "token-1");
    pushDataLayer(purchase, "token-2");
    // The same key for another event is another event.
    pushDataLayer(paymentEvent("marketplace_payment_success", "MP1042", 64_998, 2, usd), "token-1");
    expect(pushed().map((event) => event.event)).toEqual(["purchase", "purchase", "marketplace_payment_success"]);
    expect([...stored.keys()]).toEqual(["data-layer:purchase:token-1", "data-layer:purchase:token-2", "data-layer:marketplace_payment_success:token-1"]);
  });

  it("still pushes when the browser refuses storage: twice rather than never", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    });
    pushDataLayer(purchase, "token-1");
    pushDataLayer(purchase, "token-1");
    expect(pushed()).toEqual([purchase, purchase]);
  });
});
