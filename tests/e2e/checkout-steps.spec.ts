import { expect } from "@playwright/test";
import { LOCALES } from "../../app/lib/i18n";
import { ownClientAddress, test, waitForHydration } from "./fixtures";
import { addProducts, fillNewAddress } from "./shopping";

// Issue 32, rows 1 and 2, as a shopper meets them in either window, with and
// without JavaScript: /payment, /confirm and /success without a slug lead to
// the shopper's checkout at that step (or the cart), in whichever language
// the URL names; once the order is placed, the checkout's steps lead on to
// its payment page and, paid, to its success page, and the JSON API refuses
// a change with 409.

const STEPS = ["payment", "confirm", "success"] as const;
// Where a visit leads is known once the page's HTML is in; its pictures need not have loaded.
const LOADED = { waitUntil: "domcontentloaded" } as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the checkout's steps, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("without a slug lead to the shopper's checkout at that step or to the cart, and once placed lead on to its order", async ({ page }) => {
      // A whole purchase and its payment, with a dozen visits on the way.
      test.setTimeout(180_000);
      // No checkout yet: the cart, in every language (the redirect read as such, and one followed as a browser does).
      for (const locale of LOCALES) {
        for (const step of STEPS) {
          const answer = await page.request.get(`/${locale}/${step}`, { maxRedirects: 0 });
          expect(answer.status(), `/${locale}/${step}`).toBe(302);
          expect(answer.headers().location, `/${locale}/${step}`).toBe(`/${locale}/cart`);
        }
      }
      await page.goto("/ee/success", LOADED);
      await expect(page).toHaveURL(/\/ee\/cart$/);

      await addProducts(page, 1, javaScriptEnabled);
      await page.goto("/en/cart", LOADED);
      await page.getByRole("button", { name: "Go to checkout" }).click();
      await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
      const slug = new URL(page.url()).pathname.split("/").at(-1)!;

      // Payment before an address: the step's page sends the shopper back to the shipping step.
      await page.goto("/lt/payment", LOADED);
      await expect(page).toHaveURL(`/lt/checkout/${slug}`);

      await page.goto(`/en/checkout/${slug}`, LOADED);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Email").fill(`guest-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
      await fillNewAddress(page);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(`/en/payment/${slug}`);

      await page.goto("/en/payment", LOADED);
      await expect(page).toHaveURL(`/en/payment/${slug}`);
      await expect(page.getByLabel(/^Card/)).toBeVisible();
      // No way to pay chosen yet: the review sends the shopper to the payment step.
      await page.goto("/lv/confirm", LOADED);
      await expect(page).toHaveURL(`/lv/payment/${slug}`);

      await page.goto(`/en/payment/${slug}`, LOADED);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel(/^Card/).check();
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page).toHaveURL(`/en/confirm/${slug}`);
      await page.goto("/ee/confirm", LOADED);
      await expect(page).toHaveURL(`/ee/confirm/${slug}`);
      // Nothing placed yet: no success page to lead to.
      await page.goto("/en/success", LOADED);
      await expect(page).toHaveURL(/\/en\/cart$/);

      await page.goto(`/en/confirm/${slug}`, LOADED);
      await page.getByRole("button", { name: "Place the order and pay" }).click();
      await expect(page).toHaveURL(/\/en\/payment\/sandbox\//);
      const processorPage = page.url();

      // Placed, waiting for the card: the steps lead to the order's payment page, not an empty form.
      for (const path of [`/en/checkout/${slug}`, `/en/payment/${slug}`]) {
        await page.goto(path, LOADED);
        await expect(page, path).toHaveURL(/\/en\/payment\/(?!sandbox)[\w-]+$/);
        expect(page.url()).not.toContain(slug);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Pay order MP\d+$/);
      }
      await page.goto("/en/success", LOADED);
      await expect(page).toHaveURL(`/en/success/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");

      const update = await page.request.post(`/api/checkout/update/${slug}`, { data: { step: 3, shipping_method: "sea" }, headers: { "x-locale": "en" } });
      expect(update.status()).toBe(409);
      expect(await update.json()).toEqual({ status: false, message: "This order has been placed already: it can no longer be changed." });

      // Paid: the steps lead to the success page.
      await page.goto(processorPage, LOADED);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(/\/en\/payment\/accept\?payment=/);
      for (const path of [`/en/checkout/${slug}`, `/lt/payment/${slug}`]) {
        await page.goto(path, LOADED);
        await expect(page, path).toHaveURL(new RegExp(`/${path.slice(1, 3)}/success/${slug}$`));
      }
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}
