import { expect, type Page } from "@playwright/test";

// What several purchase tests do on the way to paying: fill the cart, type
// a new address, find an order in /my-orders.

export const ADDRESS = { first: "Ona", last: "Buyer", street: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone: "+37060000000" };

/** Adds the first `count` buyable products of the marketplace to the cart; returns their names. */
export async function addProducts(page: Page, count: number, javaScriptEnabled: boolean) {
  await page.goto("/en/marketplace");
  const links = await page.locator('main a[href^="/en/p/"]').evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute("href")!))]);
  const names: string[] = [];
  for (const href of links) {
    if (names.length === count) break;
    await page.goto(href);
    const add = page.getByRole("button", { name: "Add to cart" });
    if (!(await add.isEnabled())) continue;
    names.push((await page.locator("h1").textContent())!.trim());
    await add.click();
    if (javaScriptEnabled) {
      const modal = page.getByRole("dialog", { name: "Your cart" });
      await expect(modal.getByText(names.at(-1)!, { exact: false })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\/en\/cart$/);
    }
  }
  expect(names).toHaveLength(count);
  return names;
}

/** The order's link in /my-orders: the table on wide screens, the cards on phones, whichever shows. */
export const orderLink = (page: Page, number: string) => page.getByRole("link", { name: number, exact: true }).filter({ visible: true });


export async function fillNewAddress(page: Page) {
  await page.getByLabel("First name").fill(ADDRESS.first);
  await page.getByLabel("Last name").fill(ADDRESS.last);
  await page.getByLabel("Street, house and flat").fill(ADDRESS.street);
  await page.getByLabel("City", { exact: true }).fill(ADDRESS.city);
  await page.getByLabel("Postal code").fill(ADDRESS.zip);
  await page.getByLabel("Phone").fill(ADDRESS.phone);
}

/** The events of one name the page has pushed to its data layer (spec 9) since it loaded. */
export async function dataLayerEvents(page: Page, event: string) {
  return page.evaluate((name) => ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((push) => push.event === name), event);
}
