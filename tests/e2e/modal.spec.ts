import { expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";

// The generic modal, seen through the unsupported-browser modal that opens by
// itself for Safari before 12 (spec 4).
test.use({
  userAgent:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1.2 Safari/605.1.15",
});

test("opens for an outdated browser, traps focus, locks scrolling and restores both on close", async ({ page }) => {
  await page.goto("/en");
  const dialog = page.getByRole("dialog", { name: "Your browser is out of date" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Mozilla Firefox" })).toBeVisible();
  await expect(dialog).toHaveCSS("z-index", "1050");
  await expectAccessible(page);

  // Focus stays inside while tabbing.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await expect(page.locator("body")).toHaveCSS("position", "fixed");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("body")).not.toHaveCSS("position", "fixed");
});

test("the proceed button closes it and the page stays where it was", async ({ page }) => {
  await page.goto("/en");
  const dialog = page.getByRole("dialog", { name: "Your browser is out of date" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Continue anyway" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
