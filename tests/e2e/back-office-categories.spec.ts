import { expect, request as httpRequest } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addStaff, ownShop, signInStaff } from "./own-shop";
import { expectAccessible, test, waitForHydration } from "./fixtures";

// Categories in the back office (issue 29), on a shop of its own on
// PostgreSQL: the catalogue role renames a category's slug and its Latvian
// name; the old address answers 301 to the new one, in every language, and
// a shopper who follows it lands on the category under its new name, which
// the menus and the sitemap show at once.

// Beside the suite's own server (E2E_PORT).
const shop = ownShop("bocategories");
const base = shop.base;

// Each run renames its own category of the demo's clothes.
const RUNS = [
  { javaScriptEnabled: true, name: "Jackets", slug: "jackets", latvian: "Ziemas jakas" },
  { javaScriptEnabled: false, name: "Dresses", slug: "dresses", latvian: "Vakarkleitas" },
] as const;

for (const { javaScriptEnabled, name, slug, latvian } of RUNS) {
  test(`the catalogue role renames a category's slug and its old address answers 301 to the new one, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser, isMobile, viewport }) => {
    // Signing in adds a staff member by the command line, and axe walks two long forms: three minutes, like the other staff walks.
    test.setTimeout(180_000);
    const renamed = `${slug}-${isMobile ? "m" : "d"}${randomBytes(2).toString("hex")}`;
    const staffContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const page = await staffContext.newPage();
    await signInStaff(page, await addStaff(shop, "catalogue"));
    if (javaScriptEnabled) await waitForHydration(page);

    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Categories" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Categories");
    await expect(page.getByRole("row", { name: new RegExp(`${name} /c/clothes/${slug} `) })).toBeVisible();
    await expectAccessible(page, { javaScriptEnabled });
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

    // A slug that is not one is refused, in words, and nothing moves.
    await page.getByLabel("Slug", { exact: true }).fill("Winter jackets!");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Lower-case letters and digits, words joined by -, such as winter-jackets.")).toBeVisible();

    await page.getByLabel("Slug", { exact: true }).fill(renamed);
    await page.getByRole("group", { name: "Latvian" }).getByLabel("Name", { exact: true }).fill(latvian);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText(`The category is saved. Categories moved to new addresses: 1; each old address answers 301 to its new one (/c/clothes/${renamed}).`);
    await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(renamed);
    await expect(page.getByRole("region", { name: "Audit log" }).getByText("category.save")).toBeVisible();
    await expectAccessible(page, { javaScriptEnabled });
    await staffContext.close();

    // The old address, bare and in each language, answers 301 to the new one.
    const http = await httpRequest.newContext({ baseURL: base, maxRedirects: 0 });
    for (const prefix of ["", "/en", "/lt", "/lv", "/ee"]) {
      const answer = await http.get(`${prefix}/c/clothes/${slug}?sort=price`);
      expect(answer.status(), `${prefix}/c/clothes/${slug}`).toBe(301);
      expect(answer.headers().location).toBe(`${prefix}/c/clothes/${renamed}?sort=price`);
    }
    // The sitemap names the new address and no longer the old one.
    const sitemap = await (await http.get("/sitemap/pages.xml")).text();
    expect(sitemap).toContain(`/lv/c/clothes/${renamed}<`);
    expect(sitemap).not.toContain(`/c/clothes/${slug}<`);
    await http.dispose();

    // A shopper following an old link lands on the category under its new name, which the clothes' menu of subcategories shows.
    const guest = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const shopper = await guest.newPage();
    const answer = await shopper.goto(`/lv/c/clothes/${slug}`);
    expect(answer?.status()).toBe(200);
    expect(new URL(shopper.url()).pathname).toBe(`/lv/c/clothes/${renamed}`);
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(latvian);
    await shopper.goto("/lv/c/clothes");
    const subcategories = shopper.getByRole("navigation", { name: /./ }).getByRole("link", { name: latvian, exact: true });
    await expect(subcategories.first()).toHaveAttribute("href", `/lv/c/clothes/${renamed}`);
    await guest.close();
  });
}
