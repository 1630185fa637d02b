import { expect } from "@playwright/test";
import { DEMO, expectAccessible, ownClientAddress, test } from "./fixtures";

// Issue 16: axe finds no violation on any of its pages, in all four
// languages: the home page, the content pages (at each language's own
// address), the FAQ and blog, the claim forms, the iPhone reservation, the
// cookie settings, the pro offer, the account's claims and reservations,
// and the pro seller's listings, listing editor and fee payment. The pages' behaviour is tested in content.spec.ts,
// reservations.spec.ts, consent.spec.ts and pro.spec.ts; JavaScript off is
// checked there too. One window size is enough for the languages, and one
// language for the colours' contrast: the others are the same stylesheet's.

const LOCALES = ["en", "lt", "lv", "ee"] as const;

const GUEST_PAGES = [
  "/",
  "/contacts",
  "/warranty",
  "/privacy-policy",
  "/purchase-agreement",
  "/unsupported-browser",
  "/faq",
  "/faq/how-to-place-an-order",
  "/blog",
  "/blog/air-or-sea-shipping",
  "/claim-form",
  "/claim-form-pro",
  "/iphone-reservation",
  "/reservation-policy",
  "/cookie-consent",
  "/pro",
];

const CUSTOMER_PAGES = ["/my-claims", "/my-reservations", "/pro"];

test.describe("every page of issue 16 in every language", () => {
  test.skip(({ isMobile }) => isMobile, "one window size is enough for the languages");
  test.use({ extraHTTPHeaders: ownClientAddress() });

  for (const locale of LOCALES) {
    test(`a guest's pages in ${locale}`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const path of GUEST_PAGES) {
        const answer = await page.goto(`/${locale}${path === "/" ? "" : path}`);
        expect(answer?.status(), `${locale}${path}`).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${locale === "ee" ? "et" : locale}`));
        await expectAccessible(page, { contrast: locale === "en" });
      }
    });

    test(`the customer's pages in ${locale}`, async ({ page, signIn }) => {
      test.setTimeout(120_000);
      await signIn(DEMO.customer);
      for (const path of CUSTOMER_PAGES) {
        const answer = await page.goto(`/${locale}${path}`);
        expect(answer?.status(), `${locale}${path}`).toBe(200);
        await expectAccessible(page, { contrast: locale === "en" });
      }
    });

    test(`the pro seller's pages in ${locale}`, async ({ page, signIn }) => {
      test.setTimeout(120_000);
      await signIn(DEMO.pro);
      await page.goto(`/${locale}/site-pro`);
      const edit = await page.locator(`main a[href^="/${locale}/site-pro-edit/"]`).first().getAttribute("href");
      const pay = await page.locator(`main a[href^="/${locale}/site-pro-payment/"]`).first().getAttribute("href");
      for (const path of [`/${locale}/site-pro`, edit!, `/${locale}/site-pro-edit/new`, pay!]) {
        const answer = await page.goto(path);
        expect(answer?.status(), path).toBe(200);
        await expectAccessible(page, { contrast: locale === "en" });
      }
    });
  }
});
