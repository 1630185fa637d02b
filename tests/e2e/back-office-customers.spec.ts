import { expect, type Browser, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addStaff, ownShop, signInStaff } from "./own-shop";
import { expectAccessible, ownClientAddress, test, waitForHydration } from "./fixtures";
import { lastMailTo, linkPath, OUTBOX_DIR } from "./outbox";

// The back office's customers (issue 28, point 6) as support and operators
// use them, on a shop of its own on PostgreSQL: support finds a customer by
// email, sends them a password-reset link and leaves a note; an operator
// adds to their balance, and the customer sees it in their account.

const shop = ownShop("bocustomers", { OUTBOX_DIR });
const base = shop.base;

/** From the menu to the customer's page, found by their email as typed in a message (any case). */
async function openCustomer(page: Page, email: string) {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customers");
  await page.getByLabel(/^Email, name, number/).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=/);
  await page.getByRole("link", { name: email, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ona Shopper");
}

async function staffPage(browser: Browser, options: { javaScriptEnabled: boolean; isMobile: boolean; viewport: { width: number; height: number } | null }) {
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled: options.javaScriptEnabled, viewport: options.viewport, isMobile: options.isMobile, hasTouch: options.isMobile });
  return { context, page: await context.newPage() };
}

for (const javaScriptEnabled of [true, false]) {
  test(`support finds a customer by email, sends a reset link and writes a note; an operator adds to the balance, which the customer sees, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
    isMobile,
    viewport,
  }) => {
    test.setTimeout(150_000);
    const [support, operator] = await Promise.all([addStaff(shop, "support"), addStaff(shop, "operator")]);

    // A customer of this test's own, signed in, in English.
    const customer = { email: `ona-${randomBytes(4).toString("hex")}@example.com`, password: "shopper-password-2026" };
    const customerContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const registered = await customerContext.request.post("/api/auth/register", {
      data: { ...customer, first_name: "Ona", last_name: "Shopper" },
      headers: { ...ownClientAddress(), "accept-language": "en" },
    });
    expect(registered.status()).toBe(201);

    // Support: search, the page, a reset link, a note.
    const desk = await staffPage(browser, { javaScriptEnabled, isMobile, viewport });
    await signInStaff(desk.page, support);
    if (javaScriptEnabled) await waitForHydration(desk.page);
    await openCustomer(desk.page, customer.email);
    await expectAccessible(desk.page, { javaScriptEnabled });
    // Support moves no money: the balance form is not theirs.
    await expect(desk.page.getByRole("button", { name: "Adjust the balance" })).toHaveCount(0);
    await desk.page.getByRole("button", { name: "Email a password-reset link" }).click();
    await expect(desk.page.getByRole("status")).toHaveText(`A password-reset link is on its way to ${customer.email}.`);
    const mail = await lastMailTo(customer.email);
    expect(linkPath(mail)).toMatch(/^\/en\/password-reset\/[\w-]+$/);

    // An empty note is refused by its field, and nothing is added.
    await desk.page.getByRole("button", { name: "Add the note" }).click();
    await expect(desk.page.getByText("Field is required.")).toBeVisible();
    await expect(desk.page.getByText("No notes yet.")).toBeVisible();
    await desk.page.getByLabel("New note").fill("Wrote in: forgot the password, link sent.");
    await desk.page.getByRole("button", { name: "Add the note" }).click();
    await expect(desk.page.getByRole("status")).toHaveText("Your note is added.");
    await expect(desk.page.getByRole("listitem").filter({ hasText: "Wrote in: forgot the password, link sent." })).toContainText(support.email);
    await desk.context.close();

    // Operator: more than the balance cannot be taken; an addition is made, with its reason.
    const office = await staffPage(browser, { javaScriptEnabled, isMobile, viewport });
    await signInStaff(office.page, operator);
    if (javaScriptEnabled) await waitForHydration(office.page);
    await openCustomer(office.page, customer.email);
    await office.page.getByLabel(/^Amount in euros/).fill("-1");
    await office.page.getByLabel("Reason", { exact: true }).first().fill("Test deduction");
    await office.page.getByRole("button", { name: "Adjust the balance" }).click();
    await expect(office.page.getByRole("alert")).toHaveText("The balance is €0.00: it cannot go below zero.");
    await expect(office.page.getByLabel(/^Amount in euros/)).toHaveValue("-1");
    await office.page.getByLabel(/^Amount in euros/).fill("12,50");
    await office.page.getByLabel("Reason", { exact: true }).first().fill("Goodwill for a late parcel");
    await office.page.getByRole("button", { name: "Adjust the balance" }).click();
    await expect(office.page.getByRole("status")).toHaveText("The balance is adjusted; it is now €12.50.");
    await expect(office.page.getByRole("region", { name: "Balance movements" }).getByText("Goodwill for a late parcel")).toBeVisible();
    await expectAccessible(office.page, { javaScriptEnabled });
    await office.context.close();

    // The customer sees it at once.
    const shopper = await customerContext.newPage();
    await shopper.goto("/en/balance-history");
    await expect(shopper.getByTestId("current-balance")).toHaveText("€12.50");
    await customerContext.close();
  });
}
