import { expect } from "@playwright/test";
import { expectAccessible, ownClientAddress, test } from "./fixtures";
import { lastMailTo, linkPath } from "./outbox";

// Issue 16, point 5, as a guest does it with and without JavaScript: an
// iPhone reserved from what is left of its allocation (a sold-out choice
// cannot be made, the policy must be accepted and nothing typed is lost),
// then confirmed through the emailed link.

for (const javaScriptEnabled of [true, false]) {
  test.describe(`reserving an iPhone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a guest reserves a model, colour and storage and confirms by the emailed link", async ({ page }) => {
      const email = `reserve-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      await page.goto("/en/iphone-reservation");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve an iPhone");
      await page.getByRole("link", { name: /^iPhone 17 Pro(?! Max)/ }).click();
      await expect(page.getByRole("group", { name: "iPhone 17 Pro: Colour and storage" })).toBeVisible();
      await expect(page.getByRole("radio", { name: /^Deep Blue, 256 GB/ })).toBeDisabled();
      await page.getByRole("radio", { name: /^Silver, 256 GB/ }).check();
      await page.getByLabel("Full name").fill("Ona Pirkėja");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone").fill("+370 612 34567");
      await page.getByRole("button", { name: "Reserve" }).click();
      await expect(page.getByText("Accept the reservation policy to reserve.")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByRole("radio", { name: /^Silver, 256 GB/ })).toBeChecked();
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByLabel("I accept the reservation policy").check();
      await page.getByRole("button", { name: "Reserve" }).click();
      await expect(page).toHaveURL(/\/en\/reservation\/success/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");

      const mail = await lastMailTo(email);
      expect(mail.subject).toMatch(/^Confirm your reservation R\d+/);
      await page.goto(linkPath(mail));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your reservation");
      await expect(page.getByText("Your reservation is confirmed. We will email you when the phone arrives.")).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
      await page.reload();
      await expect(page.getByText("This reservation is confirmed.")).toBeVisible();
    });
  });
}
