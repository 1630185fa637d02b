import { expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`errors, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an unknown path is a non-fatal 404 inside the shell", async ({ page }) => {
      const response = await page.goto("/en/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
    });

    test("a route whose check fails is a fatal 404 naming the path", async ({ page }) => {
      const response = await page.goto("/en/Bad_Slug!");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /en/Bad_Slug!");
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Return to homepage" })).toHaveAttribute("href", "/");
    });
  });
}

test("/404 answers the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/lt/404");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Puslapis nerastas");
});
