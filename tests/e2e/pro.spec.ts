import { expect, type Page } from "@playwright/test";
import { DEMO, expectAccessible, ownClientAddress, test } from "./fixtures";

// Issue 16, point 6, as the demo pro seller meets it, with JavaScript on and
// off: /site-pro lists the seller's listings; one is edited to a new title,
// description and price at /site-pro-edit, and search finds it at that price
// by its new word and no longer by its old one. Each run edits a listing of its own, so
// runs side by side do not meet.

/** A word no product has, made of letters only so search takes it whole. */
function newWord() {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `Quel${Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

/** The cards a search shows, by link and text. */
async function searchCards(page: Page, text: string) {
  await page.goto(`/en/search?q=${encodeURIComponent(text)}`);
  return page.locator('main a[href^="/en/p/"]').evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute("href"), card: a.closest("article, li")?.textContent ?? "" })));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the pro area, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a pro seller edits a listing's title and price and finds it at that price in search", async ({ page, signIn, isMobile }) => {
      await signIn(DEMO.pro);
      await page.goto("/en/site-pro");
      await expect(page.getByRole("heading", { level: 1, name: "My listings" })).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
      const onSale = page.getByRole("row").filter({ hasText: "On sale" });
      const row = onSale.nth((isMobile ? 2 : 0) + (javaScriptEnabled ? 0 : 1));
      const oldTitle = (await row.getByRole("cell").first().textContent())!.trim();
      const listingHref = await row.getByRole("link", { name: /^View/ }).getAttribute("href");
      await row.getByRole("link", { name: /^Edit/ }).click();

      await expect(page.getByLabel("Title (English)")).toHaveValue(oldTitle);
      await expectAccessible(page, { javaScriptEnabled });
      const word = newWord();
      const price = javaScriptEnabled ? "12,34" : "23,45";
      const shown = `€${price.replace(",", ".")}`;
      await page.getByLabel("Title (English)").fill(`${word} lantern`);
      await page.getByLabel("Description (English)").fill(`A ${word} lantern that lights a whole room on long winter evenings.`);
      await page.getByLabel("Price in euros").fill(price);
      await page.getByRole("button", { name: "Save", exact: true }).click();

      await expect(page).toHaveURL(/\/en\/site-pro\?saved=\d+$/);
      await expect(page.getByText(/Listing \d+ has been saved\./)).toBeVisible();
      const saved = page.getByRole("row").filter({ hasText: `${word} lantern` });
      await expect(saved).toContainText(shown);

      // Search follows an edit within about a second: ask again until it has.
      await expect.poll(async () => (await searchCards(page, word.toLowerCase())).filter((card) => card.href === listingHref), { timeout: 15_000 }).toHaveLength(1);
      const [found] = (await searchCards(page, word.toLowerCase())).filter((card) => card.href === listingHref);
      expect(found!.card).toContain(`${word} lantern`);
      expect(found!.card).toContain(shown);
      // The old title's model code (its last word), which was in its English title and description only, no longer finds it.
      const oldWord = oldTitle.split(" ").at(-1)!;
      expect((await searchCards(page, oldWord)).map((card) => card.href)).not.toContain(listingHref);
    });
  });
}
