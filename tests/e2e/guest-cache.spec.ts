import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { DEMO, ownClientAddress, test } from "./fixtures";
import { BROWSER_USER_AGENT } from "./browser";

// Issue 17, point 4 (decision 025): a page a guest sees the same as every
// other guest may be kept by a shared cache, with an ETag to ask again by;
// an answer so marked never carries a signed-in shopper's data, a cart, or
// a cookie, and every other answer forbids a shared cache to keep it.

test.skip(({ isMobile }) => isMobile, "the phone project would send the same requests again");


/** The shared pages, in the default site's default language: a first visit there saves no language. */
async function sharedPages(request: APIRequestContext) {
  const listing = await (await request.get("/lt/c/clothes", { headers: { "user-agent": BROWSER_USER_AGENT } })).text();
  const product = /href="(\/lt\/p\/[^"?]+)"/.exec(listing)?.[1];
  expect(product, "a product link on the listing").toBeTruthy();
  return ["/lt", "/lt/c/clothes?sort=price-asc", "/lt/marketplace", product!, "/lt/search?q=dress", "/lt/about-us"];
}

const isShared = (answer: APIResponse) => /\bpublic\b/.test(answer.headers()["cache-control"] ?? "");

test("a guest's home, listing, product, search and content pages may be kept by a shared cache, and asked for again by their ETag", async ({ playwright }) => {
  const guest = await playwright.request.newContext({ extraHTTPHeaders: { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() } });
  for (const path of await sharedPages(guest)) {
    const answer = await guest.get(path);
    expect(answer.status(), path).toBe(200);
    const headers = answer.headers();
    expect(headers["cache-control"], path).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(headers.vary, path).toMatch(/\bCookie\b/);
    expect(headers["set-cookie"], path).toBeUndefined();
    expect(headers.etag, path).toMatch(/^W\/"[\w-]+"$/);

    // The same page again has the same ETag (its nonce aside), and one who holds it gets a 304 with no body and no new CSP.
    const again = await guest.get(path, { headers: { "if-none-match": headers.etag! } });
    expect(again.status(), path).toBe(304);
    expect((await again.body()).length, path).toBe(0);
    expect(again.headers()["content-security-policy"], path).toBeUndefined();
    expect(again.headers().etag, path).toBe(headers.etag);
    // An ETag of another page is not enough.
    expect((await guest.get(path, { headers: { "if-none-match": 'W/"another-page"' } })).status(), path).toBe(200);
  }
  await guest.dispose();
});

test("a guest's saved preferences keep pages shared, varied by cookie; a first visit in another language saves it and is not shared", async ({ playwright }) => {
  const guest = await playwright.request.newContext({ extraHTTPHeaders: { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() } });
  const first = await guest.get("/en/c/clothes");
  expect(first.headers()["set-cookie"]).toMatch(/^locale=/);
  expect(isShared(first)).toBe(false);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
  // Now English is saved: the same page sets nothing and may be shared, by its cookies.
  const again = await guest.get("/en/c/clothes");
  expect(again.headers()["set-cookie"]).toBeUndefined();
  expect(isShared(again)).toBe(true);
  expect(again.headers().vary).toMatch(/\bCookie\b/);
  await guest.dispose();
});

test("no answer marked shared carries a signed-in shopper's data, a cart or a session cookie", async ({ playwright, context, signIn }) => {
  const headers = { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() };
  const guest = await playwright.request.newContext({ extraHTTPHeaders: headers });
  const paths = await sharedPages(guest);

  // A signed-in customer, with something in the cart.
  await signIn(DEMO.pro);
  const product = paths[3]!;
  const sku = /name="sku" value="([^"]+)"/.exec(await (await context.request.get(product, { headers })).text())?.[1];
  expect(sku, "the product page's add-to-cart form").toBeTruthy();
  expect((await context.request.post("/api/cart/add", { data: { sku, quantity: 1 }, headers })).status()).toBe(200);

  // A guest with a cart of their own.
  const guestWithCart = await playwright.request.newContext({ extraHTTPHeaders: headers });
  expect((await guestWithCart.post("/api/cart/add", { data: { sku, quantity: 2 }, headers })).status()).toBe(200);

  for (const path of paths) {
    for (const [who, asker] of [["signed in", context.request], ["a guest with a cart", guestWithCart]] as const) {
      const answer = await asker.get(path, { headers });
      expect(answer.status(), `${who}: ${path}`).toBe(200);
      expect(answer.headers()["cache-control"], `${who}: ${path}`).toBe("private, no-cache");
      expect(answer.headers().etag, `${who}: ${path}`).toBeUndefined();
      // The personal page does show what the shared one must not.
      expect(await answer.text(), `${who}: ${path}`).toContain('data-testid="cart-count"');
    }
    expect(await (await context.request.get(path, { headers })).text(), path).toContain("Mārtiņš");
    // What the shared answer holds: no sign of the customer or of either cart.
    const shared = await guest.get(path);
    expect(isShared(shared), path).toBe(true);
    const html = await shared.text();
    expect(html, path).not.toContain("Mārtiņš");
    expect(html, path).not.toContain(DEMO.pro.email);
    expect(html, path).not.toContain('data-testid="cart-count"');
    expect(html, path).toContain('href="/lt/login"');
  }
  await guestWithCart.dispose();
  await guest.dispose();
});

test("a robot's page, a private page and an error are never marked shared", async ({ request }) => {
  const robot = await request.get("/lt", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
  expect(robot.status()).toBe(200);
  expect(isShared(robot)).toBe(false);
  for (const path of ["/lt/cart", "/lt/login", "/lt/no-such-page"]) {
    const answer = await request.get(path, { headers: { "user-agent": BROWSER_USER_AGENT } });
    expect(isShared(answer), path).toBe(false);
    expect(answer.headers().etag, path).toBeUndefined();
  }
});

/** The nonce a page's scripts carry, and the one its answer's policy allows. */
async function nonces(answer: APIResponse) {
  const inPage = /<script nonce="([^"]+)"/.exec(await answer.text())?.[1];
  const allowed = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"] ?? "")?.[1];
  return { inPage, allowed };
}

// Decision 034: guests asking for the same page at the same moment are sent
// one drawing of it, under the policy its scripts' nonce was made for.
test("guests asking for one page at once share its drawing, under the policy its scripts were drawn for; a signed-in shopper's is their own", async ({ playwright, context, signIn }) => {
  const headers = { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() };
  const guest = await playwright.request.newContext({ extraHTTPHeaders: headers });
  const [, listing, , product] = await sharedPages(guest);
  await signIn(DEMO.pro);
  const guests = Array.from({ length: 12 }, () => guest.get(listing!));
  const signedIn = [context.request.get(listing!, { headers }), context.request.get(listing!, { headers })];
  const guestAnswers = await Promise.all(guests);
  const shown = new Set<string>();
  for (const answer of guestAnswers) {
    expect(answer.status()).toBe(200);
    expect(isShared(answer)).toBe(true);
    const { inPage, allowed } = await nonces(answer);
    expect(inPage, "the page's scripts carry a nonce").toBeTruthy();
    expect(allowed).toBe(inPage);
    shown.add(inPage!);
  }
  // Twelve requests sent together, while one listing takes milliseconds to draw: fewer drawings than requests.
  expect(shown.size).toBeLessThan(guestAnswers.length);
  for (const answer of await Promise.all(signedIn)) {
    expect(answer.headers()["cache-control"]).toBe("private, no-cache");
    expect(await answer.text()).toContain("Mārtiņš");
    const { inPage, allowed } = await nonces(answer);
    expect(allowed).toBe(inPage);
    expect(shown.has(inPage!)).toBe(false);
  }
  // A product page counts each request as a view: each is drawn on its own.
  const products = await Promise.all(Array.from({ length: 4 }, () => guest.get(product!)));
  const productNonces = await Promise.all(products.map(nonces));
  for (const { inPage, allowed } of productNonces) expect(allowed).toBe(inPage);
  expect(new Set(productNonces.map(({ inPage }) => inPage)).size).toBe(products.length);
  await guest.dispose();
});

test("first visitors asking for one page at once share its drawing, each saved the language, and no cache may keep it", async ({ playwright }) => {
  const headers = { "user-agent": BROWSER_USER_AGENT, ...ownClientAddress() };
  const visitors = await Promise.all(Array.from({ length: 12 }, () => playwright.request.newContext({ extraHTTPHeaders: headers })));
  // English on the default site, whose own language is Lithuanian: a first visit saves it.
  const answers = await Promise.all(visitors.map((visitor) => visitor.get("/en/c/clothes?sort=price-asc")));
  const shown = new Set<string>();
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    expect(answer.headers()["set-cookie"]).toMatch(/^locale=/);
    expect(answer.headers()["cache-control"]).toBe("private, no-cache");
    expect(answer.headers().etag).toBeUndefined();
    const { inPage, allowed } = await nonces(answer);
    expect(allowed).toBe(inPage);
    shown.add(inPage!);
  }
  expect(shown.size).toBeLessThan(answers.length);
  await Promise.all(visitors.map((visitor) => visitor.dispose()));
});
