import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, waitForHydration } from "./fixtures";

const items = (page: Page) => page.getByTestId("listing-items").getByRole("article");
const countText = (page: Page) => page.getByTestId("listing-count");

async function shownAndTotal(page: Page) {
  const [, shown, total] = /Showing (\d+) of (\d+)/.exec((await countText(page).textContent()) ?? "") ?? [];
  return { shown: Number(shown), total: Number(total) };
}

/** The price each listed item sells at now, in the order shown. The address changes before the new list is drawn, so callers retry. */
async function currentPrices(page: Page) {
  // A card's price is its last paragraph's own text; an old price follows it in an <s>.
  const texts = await items(page).locator("p:last-of-type").evaluateAll((prices) => prices.map((price) => price.firstChild?.textContent ?? ""));
  return texts.map((text) => Number(text.replace(/[^\d.]/g, "")));
}

/** Applies the filter form the way the shopper's browser can: a button press. */
async function applyFilters(page: Page) {
  await page.getByTestId("filters").getByRole("button", { name: /^Show/ }).click();
  await page.waitForLoadState("networkidle");
}

/** On a phone the filters wait behind their disclosure; on a wide screen they are open already. */
async function openFilters(page: Page) {
  const summary = page.getByTestId("filters").locator("summary");
  if ((await summary.isVisible()) && !(await page.getByTestId("filters").evaluate((node) => (node as HTMLDetailsElement).open))) await summary.click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`catalogue, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a shopper filters by brand, price and size, sorts, pages and opens a product", { tag: "@phone" }, async ({ page }) => {
      await page.goto("/en/c/clothes");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clothes");
      await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("All categories");
      let { shown, total } = await shownAndTotal(page);
      expect(shown).toBe(Math.min(48, total));
      await expect(items(page)).toHaveCount(shown);
      await expectAccessible(page, { javaScriptEnabled });

      // Brand: the count beside it is what the filter gives.
      await openFilters(page);
      const brand = page.getByRole("group", { name: "Brand" }).getByRole("checkbox").first();
      const brandCount = Number(await brand.locator("xpath=../span[last()]").textContent());
      await brand.check();
      await applyFilters(page);
      await expect(countText(page)).toContainText(`of ${brandCount}`);
      ({ shown, total } = await shownAndTotal(page));
      await expect(items(page)).toHaveCount(Math.min(48, total));

      // A price range, then a size.
      await openFilters(page);
      await page.getByRole("group", { name: /Price/ }).getByLabel("To").fill("200");
      await applyFilters(page);
      await expect(page).toHaveURL(/f\.current_price\.lte=200/);
      await expect(async () => {
        const prices = await currentPrices(page);
        expect(prices.length).toBeGreaterThan(0);
        for (const price of prices) expect(price).toBeLessThanOrEqual(200);
      }).toPass();
      await openFilters(page);
      const size = page.getByRole("group", { name: "Size" }).getByRole("checkbox").first();
      const sizeCount = Number(await size.locator("xpath=../span[last()]").textContent());
      await size.check();
      await applyFilters(page);
      await expect(countText(page)).toContainText(`of ${sizeCount}`);
      ({ shown, total } = await shownAndTotal(page));
      await expect(items(page)).toHaveCount(shown);

      // Sort by price, low to high.
      await page.getByLabel("Sort by").selectOption("price_asc");
      if (!javaScriptEnabled) await page.getByLabel("Sort by").locator("xpath=ancestor::form").getByRole("button").click();
      await expect(page).toHaveURL(/sort=price_asc/);
      await expect(async () => {
        const prices = await currentPrices(page);
        expect(prices).toHaveLength(shown);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }).toPass();

      // The product page.
      const first = items(page).first().getByRole("link");
      const name = (await first.textContent())!;
      await first.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      await expectAccessible(page, { javaScriptEnabled });
    });

    test("on a phone the filters wait behind a disclosure that counts the active ones, products first; on a wide screen they are open", { tag: "@phone" }, async ({ page, isMobile }) => {
      await page.goto("/en/c/clothes?f.current_price.lte=200");
      const filters = page.getByTestId("filters");
      const brand = page.getByRole("group", { name: "Brand" });
      if (isMobile) {
        await expect(filters.locator("summary")).toHaveText("Filters (1)");
        await expect(brand).toBeHidden();
        // The first products are on the first screen, above the fold.
        const top = (await items(page).first().boundingBox())!.y;
        expect(top).toBeLessThan(page.viewportSize()!.height);
        await filters.locator("summary").click();
        await expect(brand).toBeVisible();
      } else {
        await expect(filters.locator("summary")).toBeHidden();
        await expect(brand).toBeVisible();
      }
    });

    test("a category page and the deal zone describe themselves to search engines, and headings keep their levels whole", async ({ page }) => {
      await page.goto("/en/c/clothes");
      const total = (await shownAndTotal(page)).total;
      // Worded so that one product reads as well as many: the texts have no plural forms.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        `Clothes: order online and have it shipped to your door by air or sea. Products: ${total}.`,
      );
      const levels = await page.locator("main :is(h1, h2, h3, h4, h5, h6)").evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
      await page.goto("/en/dealzone");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Deal zone: order online .* Products: \d+\.$/);
    });

    test("a long list of brands comes short, most common first, with a link to all of them; a brand chosen from the whole list stays shown", async ({ page }) => {
      await page.goto("/en/marketplace");
      const brands = page.getByRole("group", { name: "Brand" });
      await expect(brands.getByRole("checkbox")).toHaveCount(8);
      const counts = (await brands.locator("label > span").allTextContents()).map(Number);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const showAll = brands.getByRole("link", { name: /^Show all \(\d+\)$/ });
      const all = Number(/\d+/.exec((await showAll.textContent()) ?? "")?.[0]);
      expect(all).toBeGreaterThan(12);

      await showAll.click();
      await expect(page).toHaveURL(/[?&]more=manufacturer/);
      await expect(brands.getByRole("checkbox")).toHaveCount(all);
      await expect(brands.getByRole("link", { name: "Show fewer" })).toBeVisible();

      // The least common brand, chosen and applied: the list comes short again, and keeps it.
      const least = brands.getByRole("checkbox").last();
      const id = await least.getAttribute("value");
      await least.check();
      await applyFilters(page);
      await expect(page).toHaveURL(new RegExp(`f\\.manufacturer=${id}`));
      expect(page.url()).not.toContain("more=");
      await expect(brands.getByRole("checkbox")).toHaveCount(9);
      await expect(brands.locator(`input[value="${id}"]`)).toBeChecked();
      await expect(brands.getByRole("link", { name: `Show all (${all})` })).toBeVisible();
    });

    test("on a phone a brand list asked for whole lands at the list, with the filters open", { tag: "@phone" }, async ({ page, isMobile }) => {
      test.skip(!isMobile, "on a wide screen the filters are always open");
      await page.goto("/en/marketplace");
      await openFilters(page);
      await page.getByRole("group", { name: "Brand" }).getByRole("link", { name: /^Show all \(\d+\)$/ }).click();
      await expect(page).toHaveURL(/[?&]more=manufacturer#filter-manufacturer$/);
      await expect(page.getByTestId("filters")).toHaveJSProperty("open", true);
      await expect(page.getByRole("group", { name: "Brand" }).getByRole("link", { name: "Show fewer" })).toBeInViewport();
    });

    test("the marketplace shows 48 items, then 24 more per page", async ({ page }) => {
      await page.goto("/en/marketplace");
      const { total } = await shownAndTotal(page);
      expect(total).toBeGreaterThan(72);
      await expect(items(page)).toHaveCount(48);
      // Before the page's scripts run, the link goes to page 2 as it does without
      // JavaScript; this checks loading in place, so it clicks once they have run.
      if (javaScriptEnabled) await waitForHydration(page);
      // The next items start after the last one shown (its sort values), whatever changes meanwhile.
      const loadMore = page.getByRole("link", { name: "Load more" });
      const firstCursor = new URL(await loadMore.getAttribute("href") ?? "", "http://shop").searchParams.get("after");
      expect(firstCursor).toMatch(/^best_sellers~/);
      await loadMore.click();
      if (javaScriptEnabled) {
        await expect(items(page)).toHaveCount(72);
        await expect(countText(page)).toHaveText(`Showing 72 of ${total}`);
        const products = await items(page).locator('a[href*="/p/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
        expect(new Set(products).size).toBe(72);
        const nextCursor = new URL(await loadMore.getAttribute("href") ?? "", "http://shop").searchParams.get("after");
        expect(nextCursor).toMatch(/^best_sellers~/);
        expect(nextCursor).not.toBe(firstCursor);
      } else {
        await expect(page).toHaveURL(/page=2&after=best_sellers(~|%7E)/);
        await expect(items(page)).toHaveCount(24);
        await expect(countText(page)).toHaveText(`Showing 72 of ${total}`);
      }
      await page.goto("/en/marketplace?page=3");
      await expect(items(page)).toHaveCount(24);
      await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    });

    test("search finds a product despite a typo, in the shopper's language", async ({ page }) => {
      await page.goto("/en");
      // A searchbox, or a combobox once the suggestions have loaded.
      const search = page.getByLabel("Search the shop");
      await search.fill("hedphones");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/en\/search\?q=hedphones/);
      await expect(items(page).first()).toContainText(/Headphones/i);
      await page.goto("/lt/search?q=ausines");
      await expect(items(page).first()).toContainText(/ausinės/i);
    });
  });
}

test("coming back to a tab after the category doc key changed reloads the categories, and only then", async ({ page }) => {
  await page.goto("/en/marketplace");
  await waitForHydration(page);
  const reloads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) reloads.push(request.url());
  });
  const comeBack = async () => {
    const asked = page.waitForResponse((response) => response.url().endsWith("/api/store-config"), { timeout: 3_000 });
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await asked;
    await page.waitForLoadState("networkidle");
  };

  // The key is still the one the page was built with: nothing is reloaded
  // (tried again until the page is hydrated and listens).
  await expect(comeBack).toPass();
  expect(reloads).toEqual([]);

  // An operator published a new category document meanwhile.
  await page.route("**/api/store-config", async (route) => {
    const answer = await (await route.fetch()).json();
    answer.site.category_doc_key = "categories-published-later";
    await route.fulfill({ json: answer });
  });
  await comeBack();
  await expect.poll(() => reloads.length).toBe(1);
  expect(reloads[0]).toContain("/en/marketplace.data");
});

test("an unknown category is a 404 and a malformed one a fatal 404", async ({ page }) => {
  expect((await page.goto("/en/c/no-such-category"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect((await page.goto("/en/c/Bad_Path!"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /en/c/Bad_Path!");
});

test("the deal zone shows offers with the pictures of their first five items", async ({ page }) => {
  await page.goto("/en/dealzone");
  const offers = page.getByRole("region", { name: "Current offers" }).getByRole("link");
  await expect(offers.first()).toBeVisible();
  const pictures = await offers.first().locator("img").count();
  expect(pictures).toBeGreaterThan(0);
  expect(pictures).toBeLessThanOrEqual(5);
  // Shown 48 pixels across at the top of the page: the thumbnail's file, not the product's original, loaded at once.
  const first = offers.first().locator("img").first();
  await expect(first).toHaveAttribute("src", /^\/img\/thumbnail\/96\//);
  await expect(first).not.toHaveAttribute("loading", "lazy");
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await expect(page.getByRole("link", { name: "Everything" })).toHaveCount(0);
});

test("listings with a brand filter or search words are not indexed", async ({ page }) => {
  await page.goto("/en/marketplace?f.manufacturer=1");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await page.goto("/en/marketplace");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test("the search API answers items with images, and empty lists on bad input", async ({ request }) => {
  const flags = await (await request.post("/api/search/flags", { data: { locale: "en", langId: 1 } })).json();
  const offer = flags.find((f: { type: string }) => f.type === "2");
  expect(offer).toBeTruthy();
  const response = await request.post("/api/search/searchForCategoryItems", {
    data: { locale: "en", params: { "f.flag_ids": [offer.id] }, categoryId: null, limit: 5, offset: 0 },
  });
  const body = await response.json();
  expect(body.items.length).toBeLessThanOrEqual(5);
  expect(body.items[0].image).toMatch(/^\/media\//);
  const categories = await (await request.post("/api/search/parsed-categories", { data: { locale: "lt", queryKey: "x" } })).json();
  expect(categories[0]).toMatchObject({ id: 0, slug: null });
  expect(categories[0].children.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5]);
  expect((await request.post("/api/search/flags", { data: { locale: "xx" } })).status()).toBe(400);
});

test("each host has its robots.txt and sitemaps on its own address", async ({ page }) => {
  const port = new URL(page.url() === "about:blank" ? `http://localhost:${process.env.E2E_PORT}` : page.url()).port;
  await page.goto(`http://lv.localhost:${port}/robots.txt`);
  const robots = await page.locator("body").innerText();
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toContain("Sitemap: http://lv.localhost:3000/sitemap.xml");
  const index = await page.request.get(`http://localhost:${port}/sitemap.xml`);
  expect(index.headers()["content-type"]).toContain("application/xml");
  expect(await index.text()).toContain("<loc>http://localhost:3000/sitemap/products-1.xml</loc>");
  const products = await (await page.request.get(`http://localhost:${port}/sitemap/products-1.xml`)).text();
  expect(products).toMatch(/<loc>http:\/\/localhost:3000\/lt\/p\/[a-z0-9-]+<\/loc>/);
  expect((await page.request.get(`http://localhost:${port}/sitemap/products-999.xml`)).status()).toBe(404);
});
