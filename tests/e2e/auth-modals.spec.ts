import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, ownClientAddress, waitForHydration } from "./fixtures";

// Spec 2: login, register and forgot password are modals over the current
// page when JavaScript runs; the header's link is the page itself for
// browsers without it. Every modal closes when the route changes.

test.use({ extraHTTPHeaders: ownClientAddress() });

const signInLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Sign in" });

test.describe("JavaScript on", () => {
  test("the header's sign-in opens a dialog over the page and the URL stays", async ({ page }) => {
    await page.goto("/en/warranty");
    await waitForHydration(page);
    await signInLink(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/en/warranty");
    await expectAccessible(page);

    // Its links switch to the other modals, still over the same page.
    await dialog.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).getByRole("link", { name: "Forgot your password?" }).click();
    const reset = page.getByRole("dialog", { name: "Reset your password" });
    await expect(reset).toBeVisible();
    await reset.getByLabel("Email", { exact: true }).fill("nobody-here@example.com");
    await reset.getByRole("button", { name: "Send the link" }).click();
    await expect(reset.getByRole("status")).toContainText("If nobody-here@example.com has an account");
    expect(new URL(page.url()).pathname).toBe("/en/warranty");
  });

  test("a sign-in link opened in a tab of its own is the sign-in page, and no dialog opens over this one", async ({ page, context }) => {
    await page.goto("/en/warranty");
    await waitForHydration(page);
    const opened = context.waitForEvent("page");
    await signInLink(page).click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/en\/login$/);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await tab.close();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe("/en/warranty");
  });

  test("signing in in the modal shows its errors there, then signs in and stays on the page", async ({ page }) => {
    await page.goto("/en/marketplace?type=o");
    await waitForHydration(page);
    await signInLink(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByLabel("Email", { exact: true }).fill("customer@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("not-the-password");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The email or password is not correct.");
    await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue("customer@example.com");

    await dialog.getByLabel("Password", { exact: true }).fill("demo-customer-2026");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: /My account/ })).toContainText("Eglė");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/en/marketplace?type=o");
  });

  test("an open modal closes when the route changes, not when only the query does", async ({ page }) => {
    await page.goto("/en/marketplace");
    await waitForHydration(page);
    await signInLink(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog).toBeVisible();

    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/en/marketplace?type=o"));
    await expect(page).toHaveURL(/\/en\/marketplace\?type=o$/);
    await expect(dialog).toBeVisible();

    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/en/warranty"));
    await expect(page).toHaveURL(/\/en\/warranty$/);
    await expect(dialog).toBeHidden();
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's sign-in goes to the sign-in page", async ({ page }) => {
    await page.goto("/en/warranty");
    await signInLink(page).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });
});
