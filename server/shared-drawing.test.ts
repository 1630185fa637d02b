import { describe, expect, it } from "vitest";
import { drawingKey, drawingsInFlight, type Drawing } from "./shared-drawing";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const guest = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(url, { method, headers: { "user-agent": BROWSER, ...headers } });

const drawing = (body: string): Drawing => ({ headers: [["content-type", "text/html"]], body: Buffer.from(body), csp: "script-src 'nonce-a'", etag: 'W/"a"' });

describe("which requests may share a drawing (decision 034)", () => {
  it("a guest's GET of a page, named by its address, preferences and languages", () => {
    const key = drawingKey(guest("https://shop.lt/en/c/clothes?sort=price-asc", { cookie: "currency_id=2" }));
    expect(key).toBeDefined();
    expect(drawingKey(guest("https://shop.lt/en/c/clothes?sort=price-asc", { cookie: "currency_id=2" }))).toBe(key);
    // Another site, page, query, preference or language is another page.
    for (const other of [
      guest("https://shop.lv/en/c/clothes?sort=price-asc", { cookie: "currency_id=2" }),
      guest("https://shop.lt/en/c/shoes?sort=price-asc", { cookie: "currency_id=2" }),
      guest("https://shop.lt/en/c/clothes?sort=price-desc", { cookie: "currency_id=2" }),
      guest("https://shop.lt/en/c/clothes?sort=price-asc", { cookie: "currency_id=3" }),
      guest("https://shop.lt/en/c/clothes?sort=price-asc", { cookie: "currency_id=2", "accept-language": "lv" }),
    ]) {
      expect(drawingKey(other)).not.toBe(key);
    }
  });

  it("never a shopper's: a session, a cart or any cookie but the shared preferences", () => {
    for (const cookie of ["session=abc", "cart=xyz", "currency_id=2; session=abc", "unpaid_alert=1"]) {
      expect(drawingKey(guest("https://shop.lt/en", { cookie })), cookie).toBeUndefined();
    }
  });

  it("never a robot's, a form's, the router's data or the API", () => {
    expect(drawingKey(new Request("https://shop.lt/en", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }))).toBeUndefined();
    expect(drawingKey(guest("https://shop.lt/en/search", {}, "POST"))).toBeUndefined();
    expect(drawingKey(guest("https://shop.lt/en/c/clothes.data"))).toBeUndefined();
    expect(drawingKey(guest("https://shop.lt/api/store-config"))).toBeUndefined();
  });
});

describe("pages drawn once for those who ask at once", () => {
  it("those asking while a page is drawn get its drawing; it is drawn once", async () => {
    const drawings = drawingsInFlight();
    let draws = 0;
    let finish!: () => void;
    const leader = drawings.lead(
      "page",
      async () => {
        draws++;
        await new Promise<void>((resolve) => (finish = resolve));
        return "answer";
      },
      async () => drawing("<html>1</html>"),
    );
    const waiting = [drawings.under("page"), drawings.under("page")];
    expect(waiting.every(Boolean)).toBe(true);
    finish();
    const { drawing: led } = await leader;
    for (const shared of await Promise.all(waiting)) expect(shared).toBe(led);
    expect(draws).toBe(1);
  });

  it("keeps nothing once drawn: the next request draws afresh", async () => {
    const drawings = drawingsInFlight();
    await drawings.lead("page", async () => "answer", async () => drawing("old"));
    expect(drawings.under("page")).toBeUndefined();
  });

  it("a page that may not be shared, or a drawing that failed, leaves each waiting request to draw its own", async () => {
    const drawings = drawingsInFlight();
    const personal = drawings.lead("page", async () => "answer", async () => undefined);
    const waiting = drawings.under("page");
    await personal;
    expect(await waiting).toBeUndefined();

    const failing = drawings.lead("broken", async () => Promise.reject(new Error("database away")), async () => drawing("never"));
    const waitingForBroken = drawings.under("broken");
    await expect(failing).rejects.toThrow("database away");
    expect(await waitingForBroken).toBeUndefined();
    expect(drawings.under("broken")).toBeUndefined();
  });

  it("different pages are drawn each on their own", async () => {
    const drawings = drawingsInFlight();
    const first = drawings.lead("a", async () => "a", async () => drawing("a"));
    expect(drawings.under("b")).toBeUndefined();
    await first;
  });
});
