import { expect, type Page } from "@playwright/test";
import { test, waitForHydration } from "./fixtures";
import { addProducts, fillNewAddress } from "./shopping";

// Spec 4's checkout invalidation and spec 2's loading overlay (issue 32,
// rows 3 and 4). Leaving the checkout's pages tells the server
// ({slug, language_id}, two retries) while the overlay shows; leaving the
// slugged shipping page lands on the cart; the overlay clears with the next
// page's route and shows for nothing else. Without JavaScript nothing is
// told: the checkout runs out after its hour (docs/checkout.md).

// Each walks several pages of the shop, and runs axe with a modal open, on a machine shared with other runs.
test.setTimeout(300_000);

const slugOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1)!;
const overlay = (page: Page) => page.getByTestId("loading-overlay");
const logo = (page: Page) => page.getByRole("banner").getByRole("link").first();

/** Records, from the first page on, whether the loading overlay was ever in the page. */
async function watchOverlay(page: Page) {
  await page.addInitScript(() => {
    const seen = () => document.querySelector('[data-testid="loading-overlay"]') !== null;
    new MutationObserver(() => {
      if (seen()) (window as { overlaySeen?: boolean }).overlaySeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
const overlaySeen = (page: Page) => page.evaluate(() => (window as { overlaySeen?: boolean }).overlaySeen === true);

/** A guest's cart of one product, taken to the checkout's shipping step; the checkout's slug. */
async function toShippingStep(page: Page) {
  await addProducts(page, 1, true);
  await page.goto("/en/cart");
  await page.getByRole("button", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
  await waitForHydration(page);
  return slugOf(page);
}

async function englishId(page: Page) {
  const answer = await page.request.get("/api/config/languages");
  expect(answer.status()).toBe(200);
  const languages = (await answer.json()) as Array<{ id: number; iso_code: string }>;
  return languages.find((language) => language.iso_code === "en")!.id;
}

test("leaving the shipping page tells the server with the language, tries twice more, shows the overlay meanwhile and lands on the cart", async ({ page }) => {
  const slug = await toShippingStep(page);
  const bodies: unknown[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/checkout/invalidate/**", async (route) => {
    bodies.push(route.request().postDataJSON());
    // The first try fails on the network, the second with a server error, the third is held and then answered.
    if (bodies.length === 1) return route.abort("failed");
    if (bodies.length === 2) return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ status: false, message: "Try again" }) });
    await released;
    await route.continue();
  });

  await logo(page).click();
  await expect(overlay(page)).toBeVisible();
  await expect.poll(() => bodies.length).toBe(3);
  // Held: the shopper is still on the checkout, under the overlay.
  await expect(page).toHaveURL(new RegExp(`/en/checkout/${slug}$`));
  release();

  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(overlay(page)).toBeHidden();
  expect(bodies).toEqual(Array(3).fill({ slug, language_id: await englishId(page) }));

  // The checkout has ended: its page sends the shopper back to the cart.
  await page.goto(`/en/checkout/${slug}`);
  await expect(page).toHaveURL(/\/en\/cart\?checkout=expired$/);
});

test("moving between the steps ends nothing and shows no overlay; leaving the payment step ends the checkout and goes where the shopper asked", async ({ page }) => {
  await watchOverlay(page);
  const invalidations: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/checkout/invalidate/")) invalidations.push(request.url());
  });
  const slug = await toShippingStep(page);
  await page.getByLabel("Email").fill(`leaver-${Date.now()}@example.com`);
  await fillNewAddress(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/payment/${slug}$`));
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Checkout steps" }).getByRole("link", { name: /Shipping/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/checkout/${slug}$`));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/payment/${slug}$`));
  // From the marketplace to the product, the cart modal, the cart and three checkout pages: never the overlay.
  expect(await overlaySeen(page)).toBe(false);
  expect(invalidations).toEqual([]);

  await logo(page).click();
  await expect(page).toHaveURL(/\/en\/?$/);
  await expect(overlay(page)).toBeHidden();
  expect(await overlaySeen(page)).toBe(true);
  expect(invalidations).toHaveLength(1);
  await page.goto(`/en/payment/${slug}`);
  await expect(page).toHaveURL(/\/en\/cart\?checkout=expired$/);
});
