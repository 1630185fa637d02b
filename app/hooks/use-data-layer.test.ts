import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DataLayerEvent } from "~/models/marketing/data-layer";
import { track } from "./use-data-layer";

describe("track", () => {
  const pushed = () => (globalThis as unknown as { window: { dataLayer?: DataLayerEvent[] } }).window.dataLayer ?? [];

  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal("window", {});
    vi.stubGlobal("sessionStorage", { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads the builders and pushes what they build, in the order asked, leaving out what was not built", async () => {
    track((b) => b.pageViewEvent("/en/search?q=sony"));
    track((b) => [b.searchEvent("manual_search", "sony"), null, false, b.refinedSearchEvent("", "")]);
    track((b) => b.searchEvent("search_bar_show_more", "sony"));
    await vi.waitFor(() => expect(pushed()).toHaveLength(3));
    expect(pushed()).toEqual([
      { event: "PageViews", page_path: "/en/search?q=sony" },
      { event: "manual_search", search_term: "sony" },
      { event: "search_bar_show_more", search_term: "sony" },
    ]);
  });

  it("pushes an event once per key when asked to", async () => {
    for (let i = 0; i < 3; i += 1) track((b, rate) => b.paymentEvent("purchase", "MP1042", 1000, 1, rate), "token-1");
    track((b) => b.pageViewEvent("/en/payment/accept"));
    await vi.waitFor(() => expect(pushed().map((event) => event.event)).toEqual(["purchase", "PageViews"]));
  });

  it("reports in EUR, unconverted, before the shell has told it the site's currencies", async () => {
    track((b, rate) => b.paymentEvent("purchase", "MP1042", 1000, 1, rate));
    await vi.waitFor(() => expect(pushed()).toEqual([{ event: "purchase", transaction_id: "MP1042", value: 10, currency: "EUR", paymentType: 1 }]));
  });
});
