import { expect, type Page } from "@playwright/test";
import { ownClientAddress, test } from "./fixtures";
import { dataLayerEvents } from "./shopping";

// Issue 16, point 7, in the browser: a guest's way from a listing to
// checkout pushes spec 9's events with spec 3's tracking fields, in USD,
// each for the products the page shows (docs/analytics.md). The shapes
// themselves are held by app/models/marketing/data-layer.test.ts.

test.use({ extraHTTPHeaders: ownClientAddress() });

type Item = { id: number | null; name: string; price: number; quantity: number; url: string };
type Tracked = { event: string; items: Item[]; currency: string; value: number; item_list_name?: string; checkoutUrl?: string };

const events = async (page: Page, name: string) => (await dataLayerEvents(page, name)) as unknown as Tracked[];

test("a listing, the card followed, the product, the cart and checkout each push their event", async ({ page }) => {
  await page.goto("/en/marketplace");
  const cards = page.locator('main a[href^="/en/p/"]');
  await expect.poll(async () => (await events(page, "view_item_list")).length).toBe(1);
  const [list] = await events(page, "view_item_list");
  const shown = await cards.evaluateAll((anchors) => [...new Set(anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);
  expect(list!.item_list_name).toBe("marketplace");
  expect(list!.currency).toBe("USD");
  expect(list!.items.map((item) => new URL(item.url, "http://x").pathname)).toEqual(shown);

  const href = shown[0]!;
  await cards.filter({ has: page.locator(`xpath=self::a[@href="${href}"]`) }).first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const [selected] = await events(page, "select_item");
  expect(new URL(selected!.items[0]!.url, "http://x").pathname).toBe(href);
  await expect.poll(async () => (await events(page, "view_item")).length).toBe(1);
  const [viewed] = await events(page, "view_item");
  expect(viewed!.items[0]).toMatchObject({ id: selected!.items[0]!.id, name: (await page.locator("h1").textContent())!.trim(), quantity: 1 });
  expect(viewed!.value).toBe(viewed!.items[0]!.price);

  const add = page.getByRole("button", { name: "Add to cart" });
  // The demo data's first marketplace product is in stock.
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  await expect.poll(async () => (await events(page, "add_to_cart")).length).toBe(1);
  expect((await events(page, "add_to_cart"))[0]!.items[0]).toMatchObject({ id: viewed!.items[0]!.id, quantity: 1 });

  await page.goto("/en/cart");
  await expect.poll(async () => (await events(page, "view_cart")).length).toBe(1);
  const [cart] = await events(page, "view_cart");
  expect(cart!.items.map((item) => [item.id, item.quantity])).toEqual([[viewed!.items[0]!.id, 1]]);

  await page.getByRole("button", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(/\/en\/checkout\//);
  await expect.poll(async () => (await events(page, "begin_checkout")).length).toBe(1);
  const [begun] = await events(page, "begin_checkout");
  expect(begun!.items.map((item) => item.id)).toEqual([viewed!.items[0]!.id]);
  expect(new URL(begun!.checkoutUrl!, "http://x").pathname).toBe(new URL(page.url()).pathname);
});

test("each shelf of the home page is a list of its own, and a card followed from it is selected from that list", async ({ page }) => {
  await page.goto("/en");
  await expect.poll(async () => (await events(page, "view_item_list")).map((list) => list.item_list_name).sort()).toEqual(["home-best", "home-deals", "home-new"]);
  const lists = await events(page, "view_item_list");
  const newArrivals = page.getByRole("region", { name: "New arrivals" });
  const shown = await newArrivals.locator('a[href^="/en/p/"]').evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute("href")))]);
  expect(lists.find((list) => list.item_list_name === "home-new")!.items.map((item) => item.url)).toEqual(shown);
  await newArrivals.locator(`a[href="${shown[0]}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${shown[0]}$`));
  const [selected] = await events(page, "select_item");
  expect(selected).toMatchObject({ item_list_name: "home-new", items: [{ url: shown[0] }] });
});
