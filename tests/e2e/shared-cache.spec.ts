import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { startNginxCache, type NginxCache } from "../../scripts/nginx-cache";
import { BROWSER_USER_AGENT, NGINX } from "./browser";
import { ownClientAddress, test } from "./fixtures";

// Issue 31, point 3 (decision 043): deploy/nginx.conf, as shipped, in front
// of the suite's server. Two customers signed in through the cache never see
// each other's name, cart or prices, a guest's second request for a page is
// the cache's, and an answer that sets a cookie is never kept.

test.skip(!NGINX, "needs Debian's nginx: apt-get install nginx");
test.skip(({ isMobile }) => isMobile, "the phone project would send the same requests again");
test.describe.configure({ mode: "serial" });

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const CACHE_PORT = APP_PORT + 10 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const cache = `http://127.0.0.1:${CACHE_PORT}`;

let nginx: NginxCache | undefined;
test.beforeAll(async () => {
  nginx = await startNginxCache({ appPort: APP_PORT, cachePort: CACHE_PORT });
});
test.afterAll(async () => {
  await nginx?.stop();
});

const status = (answer: APIResponse) => answer.headers()["x-cache-status"];

/** What a page shows of whoever it was drawn for: the customers' names, the cart's count, the prices' currency, a sign-in link. */
function shown(html: string) {
  return {
    names: ["Ieva", "Rūta"].filter((name) => html.includes(name)),
    cartCount: /data-testid="cart-count"[^>]*><span aria-hidden="true">([^<]+)</.exec(html)?.[1],
    // A price on its own, as cards and the product page show it (not the €2.90 a kg a category's description may mention).
    dollars: />\d[\d\s.,]*\sUSD</.test(html),
    euros: />\d[\d\s.,]*\s€</.test(html),
    signInLink: html.includes('href="/lt/login"'),
  };
}

/** A customer of their own, signed in through the cache, with `quantity` of the product in the cart, and prices in `currency`. */
async function customer(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  firstName: string,
  { sku, quantity, currencyId }: { sku: string; quantity: number; currencyId?: number },
) {
  const headers = { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() };
  const request = await playwright.request.newContext({ baseURL: cache, extraHTTPHeaders: headers });
  const email = `cache-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = await request.post("/api/auth/register", { data: { email, password: "shopper-password-2026", first_name: firstName, last_name: "Cache" } });
  expect(registered.status(), `registering ${firstName}`).toBe(201);
  expect((await request.post("/api/cart/add", { data: { sku, quantity } })).status()).toBe(200);
  if (currencyId) {
    const chosen = await request.post("/lt/preferences", { form: { currency_id: String(currencyId), redirectTo: "/lt" }, maxRedirects: 0 });
    expect(chosen.status()).toBe(303);
  }
  return { request, firstName, quantity };
}

test("two customers signed in through the cache never see each other's name, cart or prices, and a guest's second request is the cache's", async ({ playwright }) => {
  const guest = await playwright.request.newContext({ baseURL: cache, extraHTTPHeaders: { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() } });
  // A listing, a product and the home page, in the default site's own language: a guest's first visit there saves nothing.
  const listing = `/lt/c/clothes?sort=price-desc&cache-test=${Date.now()}`;
  const listingHtml = await (await guest.get(listing)).text();
  const product = /href="(\/lt\/p\/[^"?]+)"/.exec(listingHtml)?.[1];
  expect(product, "a product link on the listing").toBeTruthy();
  const sku = /name="sku" value="([^"]+)"/.exec(await (await guest.get(product!)).text())?.[1];
  expect(sku, "the product page's add-to-cart form").toBeTruthy();

  // Prices in euros for the one and the guest, in dollars for the other.
  const ieva = await customer(playwright, "Ieva", { sku: sku!, quantity: 2 });
  const ruta = await customer(playwright, "Rūta", { sku: sku!, quantity: 3, currencyId: 2 });

  for (const path of [listing, product!, `/lt?cache-test=${Date.now()}`]) {
    // The guest's first request fills the cache (or finds it filled by an earlier one); the second is served from it.
    const first = await guest.get(path);
    expect(first.status(), path).toBe(200);
    expect(["MISS", "HIT", "EXPIRED", "STALE", "UPDATING", "REVALIDATED"], path).toContain(status(first));
    // Twice, before and after the guest's copy is kept, each customer in turn.
    for (let round = 0; round < 2; round++) {
      for (const who of [ieva, ruta]) {
        const answer = await who.request.get(path);
        expect(answer.status(), `${who.firstName}: ${path}`).toBe(200);
        expect(status(answer), `${who.firstName}: ${path}`).toBe("BYPASS");
        expect(answer.headers()["cache-control"], `${who.firstName}: ${path}`).toBe("private, no-cache");
        const seen = shown(await answer.text());
        expect(seen, `${who.firstName}: ${path}`).toEqual({
          names: [who.firstName],
          cartCount: String(who.quantity),
          dollars: who === ruta,
          euros: who === ieva,
          signInLink: false,
        });
      }
    }
    const second = await guest.get(path);
    expect(status(second), path).toBe("HIT");
    expect(second.headers()["cache-control"], path).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(shown(await second.text()), path).toEqual({ names: [], cartCount: undefined, dollars: false, euros: true, signInLink: true });
    // The kept copy is the shop's answer, ETag and all.
    expect(second.headers().etag, path).toBe(first.headers().etag);
    expect(second.headers()["set-cookie"], path).toBeUndefined();
  }
  for (const context of [guest, ieva.request, ruta.request]) await context.dispose();
});

test("an answer that sets a cookie is never kept, and a request with a cookie of its own is never answered from the cache", async ({ playwright }) => {
  const headers = { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() };
  // English on the default site, whose own language is Lithuanian: each first visit is saved the language.
  const path = `/en/c/clothes?cache-test=${Date.now()}`;
  for (let visit = 0; visit < 2; visit++) {
    const visitor = await playwright.request.newContext({ baseURL: cache, extraHTTPHeaders: headers });
    const answer = await visitor.get(path);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["set-cookie"]).toMatch(/^locale=/);
    expect(status(answer)).toBe("MISS");
    await visitor.dispose();
  }

  // A page a guest has had kept...
  const kept = `/lt/c/clothes?cache-test=${Date.now()}`;
  const guest = await playwright.request.newContext({ baseURL: cache, extraHTTPHeaders: headers });
  await guest.get(kept);
  expect(status(await guest.get(kept))).toBe("HIT");
  // ...is not what anyone with a session, a cart or any cookie the shop has not named shared gets, even a forged one.
  for (const cookie of ["session=forged", "cart=forged", "locale=lt; session=forged", "unpaid-alert=1", "somebody=else"]) {
    const answer = await guest.get(kept, { headers: { cookie } });
    expect(status(answer), cookie).toBe("BYPASS");
    expect(answer.headers()["cache-control"], cookie).toBe("private, no-cache");
  }
  // The shared preferences alone keep it shared, one copy per language saved.
  expect(status(await guest.get(kept, { headers: { cookie: "utm=spring" } }))).toBe("HIT");
  expect(status(await guest.get(kept, { headers: { cookie: "locale=lt" } }))).toBe("MISS");
  expect(status(await guest.get(kept, { headers: { cookie: "locale=lt" } }))).toBe("HIT");
  await guest.dispose();
});

test("a script through the cache goes out compressed, from its one kept copy", async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: cache, extraHTTPHeaders: { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() } });
  const asset = /\/assets\/shell-[^"]+\.js/.exec(await (await request.get("/en")).text())?.[0];
  expect(asset).toBeTruthy();
  const plain = await request.get(asset!, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const gzipped = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
  expect(status(gzipped)).toBe("HIT");
  expect((await gzipped.body()).equals(await plain.body())).toBe(true);
  await request.dispose();
});
