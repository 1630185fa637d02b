import { expect } from "@playwright/test";
import { test, waitForHydration } from "./fixtures";
import { HTML_BUDGETS } from "../../scripts/html-budgets";
import { BROWSER_USER_AGENT } from "./browser";

// Issue 31, point 1: a guest's documents are held to their budgets after each
// build (scripts/html-budget.ts); these walks hold the pages drawn apart to
// the same (a crawler's, a signed-in shopper's) and check how a page that
// carries only its own rules and data comes alive.

test.skip(({ isMobile }) => isMobile, "the document is the same for every window");

const KB = 1024;

// A crawler walks the long tail of listings, each drawn for it alone: its page is drawn whole too, with only its own rules.
test("a crawler's listing and product page carry only their own rules, within a guest's budgets", async ({ request }) => {
  const crawler = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
  const listing = await request.get("/lt/c/clothes", { headers: crawler });
  expect(listing.status()).toBe(200);
  const html = await listing.body();
  expect(html.toString()).toContain('<style id="shop-styles" data-page-only="">');
  expect(html.length).toBeLessThanOrEqual(HTML_BUDGETS.listing * KB);
  const product = /href="(\/lt\/p\/[^"?]+)"/.exec(html.toString())![1]!;
  const page = await (await request.get(product, { headers: crawler })).body();
  expect(page.toString()).toContain('<style id="shop-styles" data-page-only="">');
  expect(page.length).toBeLessThanOrEqual(HTML_BUDGETS.product * KB);
});

// A signed-in shopper's page is drawn for them alone: when nothing in it is still loading, it is sent whole with its own rules.
test("a signed-in shopper's listing carries only its own rules, within a guest's budget", async ({ context, signIn }) => {
  await signIn();
  const listing = await context.request.get("/lt/c/clothes", { headers: { "user-agent": BROWSER_USER_AGENT } });
  expect(listing.status()).toBe(200);
  expect(listing.headers()["cache-control"]).toContain("private");
  const html = await listing.body();
  expect(html.toString()).toContain("Ona");
  expect(html.toString()).toContain('<style id="shop-styles" data-page-only="">');
  expect(html.length).toBeLessThanOrEqual(HTML_BUDGETS.listing * KB);
});

// Decision 044: such a page carries only its own rules; once its scripts run, anything they draw is styled too.
test("a page that carries only its own rules links the whole stylesheet before its scripts draw anything", async ({ page }) => {
  await page.goto("/lt/c/clothes", { waitUntil: "domcontentloaded" });
  const own = await page.locator("style#shop-styles").evaluate((style) => ({ pageOnly: style.hasAttribute("data-page-only"), rules: style.textContent ?? "" }));
  expect(own.pageOnly).toBe(true);
  // A class no element of a listing carries: not in the page's own rules.
  expect(own.rules).not.toContain(".z-\\[1060\\]{");
  await waitForHydration(page);
  const zIndex = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement("div"));
    probe.className = "z-[1060] fixed";
    const style = getComputedStyle(probe);
    const drawn = `${style.position} ${style.zIndex}`;
    probe.remove();
    return drawn;
  });
  expect(zIndex).toBe("fixed 1060");
});

// The loader data is written as a single-quoted string (patched @remix-run/react): JSON's own double quotes then need no backslash each.
test("the loader data is written as a single-quoted string and reads back whole, quotes, backslashes and a closing tag included", async ({ page }) => {
  const query = `Levi's "501" \\ </script>`;
  const answer = await page.goto(`/en/search?${new URLSearchParams({ q: query })}`);
  const html = (await answer!.text()).toString();
  expect(html).toContain("streamController.enqueue('[");
  expect(html).not.toContain('streamController.enqueue("');
  await waitForHydration(page);
  // The heading is drawn from the loader data: hydrated, it still names the query exactly as typed.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for "${query}"`);
});

// Decision 054: links are found for route discovery by their address (patched @remix-run/react), not by data-discover="true" on each.
test("a listing writes no discovery mark on its links, and a card's product page is discovered before the click", async ({ page }) => {
  const asked: string[][] = [];
  const answered: string[][] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/__manifest") asked.push(url.searchParams.getAll("p"));
  });
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/__manifest") answered.push(url.searchParams.getAll("p"));
  });
  const answer = await page.goto("/en/c/clothes");
  expect((await answer!.text()).toString()).not.toContain("data-discover");
  await waitForHydration(page);
  const card = page.getByRole("article").first().getByRole("link");
  const path = (await card.getAttribute("href"))!;
  const name = (await card.textContent())!;
  expect(path).toMatch(/^\/en\/p\//);
  // The page's own links are asked for once it is alive, the first card's among them.
  await expect.poll(() => asked.flat()).toContain(path);
  await expect.poll(() => asked.flat()).toContain("/en/cart");
  // A click while the answer is still on its way would rightly ask again: wait until the router has
  // taken it in (the answer's routes join the manifest in the same step as its paths are marked found).
  await expect.poll(() => answered.flat()).toContain(path);
  await expect.poll(() => page.evaluate(() => "routes/shop/product" in (window as unknown as { __remixManifest: { routes: object } }).__remixManifest.routes)).toBe(true);
  const before = asked.length;
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  await card.click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // Opened by the router, in the same document, with no question about its route first
  // (the product page's own links may be asked for once it is drawn).
  expect(await page.evaluate(() => "stillThisDocument" in window)).toBe(true);
  expect(asked.slice(before).flat()).not.toContain(path);
});
