import { expect, test, type Page } from "@playwright/test";
import { ownClientAddress, waitForHydration } from "./fixtures";

// The cart of spec 3 and 4 as a guest sees it, with and without JavaScript:
// add from the product page, one more and one fewer (never below one), air
// or sea for the whole cart, and remove.

/** A product page whose product can be bought, from the marketplace's first cards. */
async function openProductInStock(page: Page) {
  await page.goto("/en/marketplace");
  const links = await page.locator('main a[href^="/en/p/"]').evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute("href")!))]);
  for (const href of links.slice(0, 12)) {
    await page.goto(href);
    if (await page.getByRole("button", { name: "Add to cart" }).isEnabled()) return (await page.locator("h1").textContent())!.trim();
  }
  throw new Error("none of the first products is in stock");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the cart, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a guest adds a product, steps its quantity, picks sea freight and removes it", { tag: "@phone" }, async ({ page }) => {
      const name = await openProductInStock(page);
      await page.getByRole("button", { name: "Add to cart" }).click();
      if (javaScriptEnabled) {
        // The cart modal shows what the cart holds now.
        const modal = page.getByRole("dialog", { name: "Your cart" });
        await expect(modal.getByText(`1 × ${name}`)).toBeVisible();
        await modal.getByRole("link", { name: "View cart" }).click();
      }
      await expect(page).toHaveURL(/\/en\/cart$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart");
      await expect(page.getByRole("link", { name })).toBeVisible();
      const quantity = page.getByLabel("Quantity");
      await expect(quantity).toHaveText("1");
      await expect(page.getByRole("button", { name: `One fewer ${name}` })).toBeDisabled();

      const headerCount = page.getByRole("banner").getByTestId("cart-count");
      await expect(headerCount).toContainText("1 in the cart");
      await page.getByRole("button", { name: `One more ${name}` }).click();
      await expect(quantity).toHaveText("2");
      await expect(headerCount).toContainText("2 in the cart");
      await page.getByRole("button", { name: `One fewer ${name}` }).click();
      await expect(quantity).toHaveText("1");

      await expect(page.getByLabel(/Air freight/)).toBeChecked();
      if (javaScriptEnabled) {
        // With scripts, choosing sends the form: only once they have run. The
        // choice is kept once its answer has come, not at a quiet moment before.
        await waitForHydration(page);
        const sent = page.waitForResponse((answer) => answer.request().method() === "POST" && new URL(answer.url()).pathname.startsWith("/en/cart"));
        await page.getByLabel(/Sea freight/).check();
        await sent;
      } else {
        await page.getByLabel(/Sea freight/).check();
        await page.getByRole("button", { name: "Update shipping" }).click();
      }
      await page.waitForLoadState("networkidle");
      await page.reload();
      await expect(page.getByLabel(/Sea freight/)).toBeChecked();

      await page.getByRole("button", { name: `Remove ${name}` }).click();
      await expect(page.getByText("Your cart is empty.")).toBeVisible();
      await expect(headerCount).toBeHidden();
    });
  });
}

test.describe("a cart that cannot be fetched", () => {
  test.use({ extraHTTPHeaders: ownClientAddress() });

  test("shows an empty cart in the modal and no message (spec 8)", async ({ page }) => {
    const name = await openProductInStock(page);
    let attempts = 0;
    await page.route("**/api/cart/fetch", (route) => {
      attempts++;
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ status: false, message: "down" }) });
    });
    await page.getByRole("button", { name: "Add to cart" }).click();
    const modal = page.getByRole("dialog", { name: "Your cart" });
    await expect(modal.getByText("Your cart is empty.")).toBeVisible();
    await expect(modal.getByText(name)).toHaveCount(0);
    await expect(modal.getByText("down")).toHaveCount(0);
    // Spec 7: the first try and two retries.
    expect(attempts).toBe(3);
  });
});

test.describe("the cart's JSON API", () => {
  test.use({ extraHTTPHeaders: { ...ownClientAddress(), "x-locale": "en" } });

  test("adds, updates and refuses bad input with a translated message, changing nothing", async ({ request, page }) => {
    await openProductInStock(page);
    const sku = (await page.getByText(/^Item code /).textContent())!.replace(/^Item code /, "").trim();

    expect(await (await request.post("/api/cart/fetch", { data: {} })).json()).toMatchObject({ cart: { items: [], shipping_method: "air" } });

    const added = await request.post("/api/cart/add", { data: { sku, quantity: 1 } });
    expect(added.status()).toBe(200);
    expect(added.headers()["set-cookie"]).toMatch(/^cart=/);
    expect((await added.json()).cart.items).toEqual([expect.objectContaining({ sku, quantity: 1 })]);

    for (const [body, status, message] of [
      [{ sku, quantity: 0 }, 400, "The quantity must be a whole number of at least 1."],
      [{ sku, quantity: 1.5 }, 400, "The quantity must be a whole number of at least 1."],
      [{ sku, quantity: "two" }, 400, "The quantity must be a whole number of at least 1."],
      [{ sku: "NO-SUCH-SKU", quantity: 1 }, 404, "There is no such product."],
    ] as const) {
      const answer = await request.post("/api/cart/update", { data: body });
      expect(answer.status(), JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(await answer.json())).toContain(message);
    }
    const big = await request.post("/api/cart/update", { data: { sku, quantity: 9999 } });
    expect(big.status()).toBe(409);
    expect((await big.json()).message).toMatch(/^Only \d+ can be reserved for you\.$/);

    const after = await (await request.post("/api/cart/fetch", { data: {} })).json();
    expect(after.cart.items).toEqual([expect.objectContaining({ sku, quantity: 1 })]);
    expect((await (await request.post("/api/cart/shipping-method", { data: { shipping_method: "sea" } })).json()).cart.shipping_method).toBe("sea");
    expect((await request.post("/api/cart/shipping-method", { data: { shipping_method: "rail" } })).status()).toBe(400);
    expect((await (await request.post("/api/cart/remove", { data: { sku } })).json()).cart.items).toEqual([]);
  });
});
