import { expect, type Page } from "@playwright/test";
import { expectAccessible, ownClientAddress, test } from "./fixtures";
import { lastMailTo } from "./outbox";

// Issue 16 as a guest meets it, with JavaScript on and off: the home page,
// a content page, the FAQ with a search, a blog post with its neighbours, the
// contact form at a localised address, a warranty claim with a photo for a
// line of the demo customer's order;
// axe-core on the FAQ and the blog in every language.

/** The types of the page's structured data (JSON-LD). */
const structuredDataTypes = async (page: Page) => (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)["@type"]);

/** The smallest PNG there is: one transparent pixel. */
const PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`content, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a guest opens the home page, a content page, searches the FAQ and reads a blog post", async ({ page }) => {
      await page.goto("/en");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.getByRole("contentinfo").getByRole("link", { name: "Warranty" }).click();
      await expect(page).toHaveURL(/\/en\/warranty$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
      await page.getByRole("searchbox", { name: "Search the questions" }).fill("SEA freight");
      await page.getByRole("search", { name: "Search the questions" }).getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/en\/faq\?q=SEA\+freight/);
      await expect(page.getByText("How long does delivery take by air and by sea?").first()).toBeVisible();
      await expect(page.getByText("How do I place an order?")).toHaveCount(0);
      await expect.poll(() => structuredDataTypes(page)).toContain("FAQPage");
      await expectAccessible(page, { javaScriptEnabled });

      await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
      await page.getByRole("link", { name: /Customs and VAT/i }).first().click();
      await expect(page).toHaveURL(/\/en\/blog\/customs-and-vat-explained$/);
      // The address changes as the post's data arrives, a moment before the post is drawn.
      await expect.poll(() => structuredDataTypes(page)).toContain("Article");
      await expect(page.getByRole("link", { name: /Previous post|Next post/ }).first()).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
    });

    test("a guest writes to the shop from the contacts page at its Lithuanian address, a bad email first", async ({ page }) => {
      const sender = `writer-${Date.now()}-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
      await page.goto("/lt/contacts");
      await expect(page).toHaveURL(/\/lt\/kontaktai$/);
      // The footer links the page at its Lithuanian address, not through the redirect.
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Kontaktai" })).toHaveAttribute("href", "/lt/kontaktai");
      await expect(page.locator('link[rel="alternate"][hreflang="lv"]')).toHaveAttribute("href", /\/lv\/kontakti$/);
      const form = page.getByRole("region", { name: "Parašykite mums" });
      await form.getByLabel("Jūsų vardas").fill("Ona Rašytoja");
      await form.getByLabel("Jūsų el. pašto adresas").fill("ona@");
      await form.getByLabel("Tema").fill("Siuntos pristatymas");
      await form.getByLabel("Žinutė").fill("Kada atkeliaus mano siunta į Kauną?");
      await form.getByRole("button", { name: "Siųsti žinutę" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      // Nothing typed is lost.
      await expect(form.getByLabel("Žinutė")).toHaveValue("Kada atkeliaus mano siunta į Kauną?");
      await expect(form.getByLabel("Jūsų vardas")).toHaveValue("Ona Rašytoja");
      await expectAccessible(page, { javaScriptEnabled });

      await form.getByLabel("Jūsų el. pašto adresas").fill(sender);
      await form.getByRole("button", { name: "Siųsti žinutę" }).click();
      await expect(page.getByRole("status").filter({ hasText: /žinutė išsiųsta/i })).toBeVisible();
      const confirmation = await lastMailTo(sender);
      expect(confirmation.subject).toContain("Shipwise");
      expect(confirmation.text).not.toContain("Kada atkeliaus");
    });

    test("a guest files a warranty claim with a photo for a line of an order", async ({ page }) => {
      await page.goto("/en/claim-form");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warranty claim");
      await page.getByLabel("Order number").fill("MP1");
      await page.getByLabel("Email address of the order").fill("someone-else@example.com");
      await page.getByRole("button", { name: "Find the order" }).click();
      await expect(page.getByText("We found no order with this number and email address.")).toBeVisible();
      await page.getByLabel("Email address of the order").fill("customer@example.com");
      await page.getByRole("button", { name: "Find the order" }).click();
      await expect(page.getByRole("heading", { name: /The claim for order MP1 of/ })).toBeVisible();
      await page.getByRole("checkbox").first().check();
      await page.getByLabel("Reason").selectOption({ label: "Defective" });
      await page.getByLabel("Description").fill("The left earbud stopped charging after two weeks of use.");
      await page.getByLabel("Photos or PDF documents").setInputFiles({ name: "earbud.png", mimeType: "image/png", buffer: PIXEL_PNG });
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByRole("button", { name: "Send the claim" }).click();
      await expect(page.getByText(/Your claim CL\d+ has been received\./)).toBeVisible();
    });
  });
}

test.describe("content in every language", () => {
  test.skip(({ isMobile }) => isMobile, "one window size is enough for the languages");
  for (const locale of ["lt", "lv", "ee"]) {
    test(`the FAQ and a blog post in ${locale} have no accessibility violation`, async ({ page }) => {
      await page.goto(`/${locale}/faq`);
      await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${locale === "ee" ? "et" : locale}`));
      await expectAccessible(page);
      await page.goto(`/${locale}/blog/customs-and-vat-explained`);
      await expectAccessible(page);
    });
  }
});
