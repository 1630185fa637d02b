import { describe, expect, it } from "vitest";
import { isCountableView, viewDay, ViewTally } from "./views";

/** A page view as a request for a product page says it: its method, Purpose headers and user agent. */
const request = (headers: Record<string, string> = {}, method = "GET") => ({
  method,
  purpose: `${headers.purpose ?? ""} ${headers["sec-purpose"] ?? ""}`,
  userAgent: headers["user-agent"] ?? null,
});

describe("the views tally", () => {
  it("adds views per product and day, and gives them up sorted, once", () => {
    const tally = new ViewTally();
    tally.add(9, "2026-10-02");
    tally.add(3, "2026-10-02");
    tally.add(9, "2026-10-01");
    tally.add(9, "2026-10-02");
    expect(tally.size).toBe(3);
    expect(tally.drain()).toEqual([
      { productId: 3, day: "2026-10-02", views: 1 },
      { productId: 9, day: "2026-10-01", views: 1 },
      { productId: 9, day: "2026-10-02", views: 2 },
    ]);
    expect(tally.size).toBe(0);
    expect(tally.drain()).toEqual([]);
  });

  it("takes back a batch that could not be written, added to what came meanwhile", () => {
    const tally = new ViewTally();
    tally.add(1, "2026-10-01", 4);
    const batch = tally.drain();
    tally.add(1, "2026-10-01");
    tally.restore(batch);
    expect(tally.drain()).toEqual([{ productId: 1, day: "2026-10-01", views: 5 }]);
  });

  it("counts a view on its day in UTC", () => {
    expect(viewDay(new Date("2026-10-01T23:59:59Z"))).toBe("2026-10-01");
    expect(viewDay(new Date("2026-10-02T00:00:00+03:00"))).toBe("2026-10-01");
  });
});

describe("what is a view", () => {
  it("is a shopper's GET, not a robot's, a prefetch or a HEAD", () => {
    expect(isCountableView(request({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36" }))).toBe(true);
    expect(isCountableView(request({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }))).toBe(false);
    expect(isCountableView(request({ purpose: "prefetch" }))).toBe(false);
    expect(isCountableView(request({ "sec-purpose": "prefetch;prerender" }))).toBe(false);
    expect(isCountableView(request({}, "HEAD"))).toBe(false);
  });
});
