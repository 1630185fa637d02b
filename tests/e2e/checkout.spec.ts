import { devices, expect, type Page } from "@playwright/test";
import { formatMoney } from "../../app/lib/money";
import { checkoutTotals } from "../../app/models/checkout/price-rules";
import { DEMO, ownClientAddress, test, waitForHydration } from "./fixtures";
import { addProducts, dataLayerEvents, fillNewAddress, orderLink } from "./shopping";

// A whole purchase as a shopper makes it, with and without JavaScript: two
// products, one more of the first, sea freight, a parcel locker, a
// promotion code, the sandbox card (and for a returning customer part of it
// from the stored balance), and the order in /my-orders. On every step the
// total shown is the one the price rules give for the checkout's data.

/** The total the price rules give for the checkout's data, as the page writes it. */
async function expectedFinal(page: Page, slug: string) {
  const answer = await page.request.post(`/api/checkout/fetch/${slug}`, { data: { slug, step: 5 }, headers: { "x-locale": "en" } });
  expect(answer.status()).toBe(200);
  const data = await answer.json();
  const courier = data.local_delivery_couriers.find((c: { id: number }) => c.id === data.delivery_method);
  const totals = checkoutTotals({
    carts: [{ products: data.products.map((p: { currentPrice: number; quantity: number }) => ({ price: p.currentPrice, quantity: p.quantity })) }],
    shipping_methods: data.shipping_methods,
    shipping_discounts: data.shipping_discounts,
    selected_shipping_method: data.selected_shipping_method,
    tier_based_shipping: data.tier_based_shipping_discount,
    delivery_fee: courier?.delivery_fee ?? 0,
    promotion: data.promotion,
    balance: data.payments.find((p: { type: string }) => p.type === "balance")?.amount ?? 0,
    payment_method: data.payment_methods.find((m: { id: number }) => m.id === data.selected_payment) ?? null,
    exchange_rate: data.currency.exchange_rate,
  });
  return formatMoney(totals.converted_final, data.currency.iso_code, "en");
}

const slugOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1)!;

async function expectTotal(page: Page) {
  await expect(page.getByTestId("checkout-final")).toHaveText(await expectedFinal(page, slugOf(page)));
}


/** From the cart to the sandbox card's answer; returns the order's number. */
async function buy(page: Page, { javaScriptEnabled, email, balance }: { javaScriptEnabled: boolean; email?: string; balance?: string }) {
  const [first] = await addProducts(page, 2, javaScriptEnabled);
  await page.goto("/en/cart");
  await page.getByRole("button", { name: `One more ${first}` }).click();
  await expect(page.getByLabel("Quantity").first()).toHaveText("2");
  // With scripts, choosing sends the form: only once they have run.
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(/Sea freight/).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update shipping" }).click();
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
  await expectTotal(page);
  if (email) {
    await page.getByLabel("Email").fill(email);
    await fillNewAddress(page);
  } else if (await page.getByLabel("A new address").count()) {
    // A returning customer's newest saved address is chosen already.
    await expect(page.getByRole("radio", { checked: true }).first()).toBeVisible();
  } else {
    await fillNewAddress(page);
  }
  await page.getByLabel(/Sea freight/).check();
  await page.getByRole("radio", { name: /^Omniva/ }).check();
  await page.getByLabel("Omniva locker").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/en\/payment\/[\w-]+$/);
  await expectTotal(page);
  await page.getByLabel(/^Card/).check();
  if (balance) await page.getByLabel("Amount to use (EUR)").fill(balance);
  await page.getByLabel("Promotion code").fill("SAVE5");
  await page.locator("main").getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Code SAVE5")).toBeVisible();
  await expectTotal(page);
  await page.getByRole("button", { name: "Continue to review" }).click();

  await expect(page).toHaveURL(/\/en\/confirm\/[\w-]+$/);
  await expectTotal(page);
  if (balance) await expect(page.getByText(`From your balance: €${balance}`)).toBeVisible();
  if (javaScriptEnabled) await expect.poll(async () => (await dataLayerEvents(page, "add_payment_info")).length).toBe(1);
  await page.getByRole("button", { name: "Place the order and pay" }).click();

  await expect(page).toHaveURL(/\/en\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/accept\?payment=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
  const number = (await page.getByText(/^Order MP\d+ is paid/).textContent())!.match(/MP\d+/)![0];
  if (javaScriptEnabled) {
    // Spec 9's events, once each for the payment: a reload of the page does not count the purchase again.
    for (const event of ["purchase", "marketplace_payment_success"]) {
      await expect.poll(async () => (await dataLayerEvents(page, event)).length).toBe(1);
      expect((await dataLayerEvents(page, event))[0]).toMatchObject({ transaction_id: number, currency: "USD" });
    }
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
    // Events are built once the data layer's module has loaded, the page view first: after it, the page has pushed what it would.
    await expect.poll(async () => (await dataLayerEvents(page, "PageViews")).length).toBe(1);
    expect(await dataLayerEvents(page, "purchase")).toEqual([]);
    expect(await dataLayerEvents(page, "marketplace_payment_success")).toEqual([]);
  }
  return number;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`buying, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a guest buys two products by sea to a parcel locker with a code and the sandbox card, and finds the order in /my-orders", { tag: "@phone" }, async ({ page }) => {
      const email = `guest-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const number = await buy(page, { javaScriptEnabled, email });
      // The guest's email had no account: it has one now, signed in here.
      await page.goto("/en/my-orders");
      await expect(orderLink(page, number)).toHaveCount(1);
    });

    test("a refused shipping step says what is wrong by the field and keeps what was typed", { tag: "@phone" }, async ({ page }) => {
      await addProducts(page, 1, javaScriptEnabled);
      await page.goto("/en/cart");
      await page.getByRole("button", { name: "Go to checkout" }).click();
      await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByLabel("Street, house and flat")).toHaveAttribute("autocomplete", "shipping address-line1");
      await page.getByLabel("Email").fill(`guest-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
      await fillNewAddress(page);
      await page.getByLabel("Phone").fill("612 34567");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page.getByText("Enter the number with its country code")).toBeVisible();
      await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("City", { exact: true })).toHaveValue("Vilnius");
      await page.getByLabel("Phone").fill("+370 612 34567");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/en\/payment\/[\w-]+$/);
    });
  });
}

// Pixel 7 without its browser type, which only a project may set.
const { defaultBrowserType: _, ...PIXEL_7 } = devices["Pixel 7"];
const WINDOWS = [
  ["desktop", { viewport: { width: 1280, height: 800 } }],
  ["phone", PIXEL_7],
] as const;

test.describe("a returning customer", () => {
  // The demo pro account buys here: its balance covers every run, and no
  // other test counts its orders (the demo customer's six are counted).
  // One account has one cart: its purchases run one after another, in one
  // project, each in a phone-sized or a desktop window of its own.
  test.describe.configure({ mode: "serial" });

  for (const [windowName, window] of WINDOWS) {
    for (const javaScriptEnabled of [true, false]) {
      test.describe(`${windowName}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
        test.use({ ...window, javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

        test("pays part from the stored balance and the rest by card", async ({ page, signIn }) => {
          test.skip(test.info().project.name !== "desktop", "the desktop project buys on both window sizes, one after another");
          await signIn(DEMO.pro);
          const number = await buy(page, { javaScriptEnabled, balance: "1.00" });
          await page.goto("/en/my-orders");
          await expect(orderLink(page, number)).toHaveCount(1);
          await page.goto("/en/balance-history");
          await expect(page.getByText("Paid for order").filter({ visible: true }).first()).toBeVisible();
        });
      });
    }
  }
});

test.describe("leaving the checkout", () => {
  test.use({ extraHTTPHeaders: ownClientAddress() });

  test("for another page ends the checkout on the server, leads to the cart and keeps it", async ({ page }) => {
    await addProducts(page, 1, true);
    await page.goto("/en/cart");
    await page.getByRole("button", { name: "Go to checkout" }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
    // The shipping page is a page of its own: a link followed before it
    // answers through React is the browser's, and the checkout runs out instead.
    await waitForHydration(page);
    const slug = slugOf(page);
    const fetchCheckout = () => page.request.post(`/api/checkout/fetch/${slug}`, { data: { slug, step: 3 }, headers: { "x-locale": "en" } });
    expect((await fetchCheckout()).status()).toBe(200);

    // Spec 6: leaving the slugged shipping page, for any page, sends the shopper to the cart.
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Marketplace" }).click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    await expect.poll(async () => (await fetchCheckout()).status()).toBe(410);
    await expect(page.getByLabel("Quantity")).toHaveText("1");
  });

  test("in the moment the shipping page comes alive, before the router can hold a navigation, leaving still ends the checkout and leads to the cart", async ({ page }) => {
    await addProducts(page, 1, true);
    await page.goto("/en/cart");
    // A link followed as soon as the shipping page answers through React:
    // the router's blocker is set up by effects a moment after that.
    await page.addInitScript(() => {
      if (!/^\/en\/checkout\/[\w-]+$/.test(location.pathname)) return;
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute("data-hydrated")) return;
        observer.disconnect();
        document.querySelector<HTMLAnchorElement>('nav[aria-label="Main navigation"] a[href="/en/marketplace"]')!.click();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    });
    const checkoutShown = page.waitForURL(/\/en\/checkout\/[\w-]+$/, { waitUntil: "commit" });
    await page.getByRole("button", { name: "Go to checkout" }).click();
    await checkoutShown;
    const slug = slugOf(page);
    await expect(page).toHaveURL(/\/en\/cart$/);
    const fetchCheckout = () => page.request.post(`/api/checkout/fetch/${slug}`, { data: { slug, step: 3 }, headers: { "x-locale": "en" } });
    await expect.poll(async () => (await fetchCheckout()).status()).toBe(410);
    await expect(page.getByLabel("Quantity")).toHaveText("1");
  });
});
