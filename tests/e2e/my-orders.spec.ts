import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, ownClientAddress } from "./fixtures";

// The demo customer (customer@example.com) has six orders, two of them
// unpaid: the unpaid-orders alert of spec 4 is waiting for them.
const CUSTOMER = { email: "customer@example.com", password: "demo-customer-2026" };

const alert = (page: Page) => page.getByRole("dialog", { name: "Orders awaiting payment" });
const orders = (page: Page) => page.locator("#orders-table");
// The table on wide screens, the cards on phones: whichever is showing.
const orderLinks = (page: Page) => orders(page).getByRole("link", { name: /^(MP|QU|FR)\d+$/ });

async function signIn(page: Page) {
  await page.getByLabel("Email").fill(CUSTOMER.email);
  await page.getByLabel("Password").fill(CUSTOMER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function chooseFilter(page: Page, label: string, javaScriptEnabled: boolean) {
  const filter = page.getByLabel("Show");
  await filter.selectOption({ label });
  if (!javaScriptEnabled) await filter.locator("xpath=ancestor::form").getByRole("button", { name: "Apply" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`my orders, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a customer signs in, is told about unpaid orders, pays through to the list, filters and opens an order", async ({ page }) => {
      // Nine pages and four accessibility checks: more than the default 30 s on a busy 2-core machine.
      test.slow();
      // A guest asking for the orders is sent to sign in, and comes back.
      await page.goto("/en/my-orders");
      await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fmy-orders$/);
      await expectAccessible(page, { javaScriptEnabled });
      await signIn(page);
      await expect(page).toHaveURL(/\/en\/my-orders$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My orders");
      // The orders page is one the alert stays away from.
      await expect(alert(page)).toHaveCount(0);

      // Anywhere else, the alert tells them.
      await page.getByRole("banner").getByRole("link", { name: "Shipwise" }).click();
      await expect(page).toHaveURL(/\/en$/);
      await expect(alert(page)).toBeVisible();
      await expect(alert(page)).toContainText("Orders waiting for your payment: 2.");
      await expectAccessible(page, { javaScriptEnabled });

      // Pay: the orders, with the table focused.
      await alert(page).getByRole("button", { name: "Pay now" }).click();
      await expect(page).toHaveURL(/\/en\/my-orders\?focus_order_table=true/);
      await expect(orders(page)).toBeFocused();
      await expect(alert(page)).toHaveCount(0);
      await expect(orderLinks(page)).toHaveCount(6);
      await expect(orders(page).getByRole("link", { name: /^Pay now/ })).toHaveCount(2);
      await expectAccessible(page, { javaScriptEnabled });

      // Filters: the page goes back to 1 and the focus request is dropped.
      await chooseFilter(page, "Awaiting payment", javaScriptEnabled);
      await expect(page).toHaveURL(/\/en\/my-orders\?filter=unpaid$/);
      await expect(page.getByText("Orders found: 2")).toBeVisible();
      await expect(orderLinks(page)).toHaveCount(2);
      await chooseFilter(page, "Parcel forwarding", javaScriptEnabled);
      await expect(page).toHaveURL(/filter=forwarding$/);
      await expect(orderLinks(page)).toHaveCount(1);
      await expect(orderLinks(page).first()).toHaveText(/^FR\d+$/);
      await chooseFilter(page, "Quotes", javaScriptEnabled);
      await expect(orderLinks(page)).toHaveCount(2);

      // The newest quote is unpaid: its page says so.
      const number = (await orderLinks(page).first().textContent())!;
      await orderLinks(page).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
      await expect(page.getByRole("heading", { name: "This order is awaiting payment" })).toBeVisible();
      await expect(page.getByText("Unpaid", { exact: true })).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "My orders" }).click();
      await expect(page).toHaveURL(/\/en\/my-orders$/);

      // Someone else's order, like a made-up one, is not found.
      await page.goto("/en/my-orders/mp-00000000");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expectAccessible(page, { javaScriptEnabled });
    });

    test("a dismissed alert stays away until it is forgotten", async ({ page, context }) => {
      await page.goto("/en/login?redirectTo=%2Fen%2Fc%2Fclothes");
      await signIn(page);
      await expect(page).toHaveURL(/\/en\/c\/clothes$/);
      await expect(alert(page)).toBeVisible();

      if (javaScriptEnabled) {
        // The close icon dismisses it in place: no reload.
        await page.evaluate(() => Object.assign(window, { stillHere: true }));
        const recorded = page.waitForResponse((response) => response.url().includes("/unpaid-orders-alert") && response.request().method() === "POST");
        await alert(page).getByRole("button", { name: "Close" }).click();
        expect((await recorded).ok()).toBe(true);
        await expect(alert(page)).toBeHidden();
        expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      } else {
        // The form posts and comes back to the same page.
        await alert(page).getByRole("button", { name: "Not now" }).click();
        await expect(page).toHaveURL(/\/en\/c\/clothes$/);
        await expect(alert(page)).toHaveCount(0);
      }

      for (const path of ["/en/c/clothes", "/en", "/lt/marketplace"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(alert(page)).toHaveCount(0);
      }

      // The dismissal lives in this browser's cookie: without it, the alert is back.
      await context.clearCookies({ name: "unpaid-alert" });
      await page.goto("/en");
      await expect(alert(page)).toBeVisible();
    });
  });
}

test("with JavaScript, the alert drawn with the page is the one that comes alive, and a dismissal holds", async ({ page, context }) => {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  expect((await context.request.post("/api/auth/login", { data: CUSTOMER, headers: ownClientAddress() })).status()).toBe(200);
  await page.goto("/en/c/clothes", { waitUntil: "commit" });
  // The server's dialog, marked as soon as it is there; the page comes alive when it turns modal.
  await alert(page).evaluate((dialog) => Object.assign(dialog, { drawnByServer: true }));
  await expect.poll(() => alert(page).evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  expect(await alert(page).evaluate((dialog) => (dialog as HTMLDialogElement & { drawnByServer?: boolean }).drawnByServer)).toBe(true);
  expect(errors).toEqual([]);

  await alert(page).getByRole("button", { name: "Not now" }).click();
  await expect(alert(page)).toBeHidden();
  await page.waitForLoadState("networkidle");
  await expect(alert(page)).toBeHidden();
  expect(errors).toEqual([]);
});
