import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible, test, waitForHydration } from "./fixtures";
import { ADDRESS, addProducts, fillNewAddress } from "./shopping";

// Spec 2's modals that are forms of their pages without JavaScript (issue
// 32, row 5): the new and edited delivery address and the shipping select
// (the parcel-locker finder). With JavaScript each opens as a modal
// <dialog>: focus stays inside, Escape closes it, focus returns to what
// opened it. Without, each is the in-page form it was. The recalculate and
// additional-info success modals are in dialogs-on-own-shop.spec.ts.

// Each walks several pages of the shop, and runs axe with a modal open, on a machine shared with other runs.
test.setTimeout(300_000);

/** Modal, and its backdrop over the whole page: a click in the window's corner lands on the dialog, not on the page behind. */
const isModal = (dialog: Locator) => dialog.evaluate((node) => node.matches("dialog:modal") && document.elementFromPoint(1, 1) === node);

/** Tabs through the dialog and back round: focus never leaves it. */
async function expectFocusKeptInside(page: Page, dialog: Locator) {
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
}

async function addAddressInPage(page: Page, street: string) {
  await page.getByLabel("First name").fill(ADDRESS.first);
  await page.getByLabel("Last name").fill(ADDRESS.last);
  await page.getByLabel("Street, house and flat").fill(street);
  await page.getByLabel("City", { exact: true }).fill(ADDRESS.city);
  await page.getByLabel("Postal code").fill(ADDRESS.zip);
  await page.getByLabel("Phone", { exact: true }).fill(ADDRESS.phone);
  await page.getByRole("button", { name: "Add an address" }).click();
  await expect(page.getByRole("status")).toContainText("The address has been added.");
}

test.describe("JavaScript on", () => {
  test("the new and edited address open as modals over the list; Escape closes them and focus returns", { tag: "@phone" }, async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto("/en/delivery-addresses");
    await waitForHydration(page);
    // No address yet: the form is the page itself, not a modal nobody asked for.
    const first = page.getByRole("dialog", { name: "Add an address" });
    expect(await isModal(first)).toBe(false);
    await addAddressInPage(page, "Gedimino pr. 9");

    // New address.
    const add = page.getByRole("link", { name: "Add an address" });
    await add.click();
    const adding = page.getByRole("dialog", { name: "Add an address" });
    await expect(adding).toBeVisible();
    expect(await isModal(adding)).toBe(true);
    await expectFocusKeptInside(page, adding);
    await adding.getByLabel("Street, house and flat").fill("Half typed 1");
    await page.screenshot({ path: testInfo.outputPath(`new-address-${testInfo.project.name}.png`) });
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(adding).toBeHidden();
    await expect(add).toBeFocused();
    await expect(page).toHaveURL(/\/en\/delivery-addresses$/);

    // Edited address: a refusal keeps the dialog and what was typed; Save closes it.
    const edit = page.getByRole("link", { name: /Edit.*Gedimino pr\. 9/ });
    await edit.click();
    const editing = page.getByRole("dialog", { name: "Edit the address" });
    await expect(editing).toBeVisible();
    expect(await isModal(editing)).toBe(true);
    await expect(editing.getByLabel("Street, house and flat")).toHaveValue("Gedimino pr. 9");
    await page.screenshot({ path: testInfo.outputPath(`edit-address-${testInfo.project.name}.png`) });
    await editing.getByLabel("City", { exact: true }).fill("Kaunas");
    await editing.getByLabel("Phone", { exact: true }).fill("37061234567");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(editing.getByText("Enter the number with its country code")).toBeVisible();
    expect(await isModal(editing)).toBe(true);
    await expect(editing.getByLabel("City", { exact: true })).toHaveValue("Kaunas");
    // The list's own data is slow to come: Edit, clicked again meanwhile, still opens the form.
    let heldListData = false;
    const listData = (url: URL) => url.pathname === "/en/delivery-addresses.data" && !url.searchParams.has("edit") && !url.searchParams.has("done");
    await page.route(listData, async (route) => {
      heldListData = true;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page.keyboard.press("Escape");
    await expect(editing).toBeHidden();
    await expect(edit).toBeFocused();
    await expect.poll(() => heldListData).toBe(true);

    await edit.click();
    await expect(editing).toBeVisible();
    await editing.getByLabel("City", { exact: true }).fill("Kaunas");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("The address has been saved.");
    await expect(editing).toBeHidden();
    await expect(page.getByRole("list", { name: "Delivery addresses" })).toContainText("Kaunas");
  });

  test("the shipping select (parcel lockers near a place) opens as a modal and keeps what the step's form holds", { tag: "@phone" }, async ({ page }, testInfo) => {
    await addProducts(page, 1, true);
    await page.goto("/en/cart");
    await page.getByRole("button", { name: "Go to checkout" }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
    await waitForHydration(page);
    await page.getByLabel("Email").fill("typed-before@example.com");
    await fillNewAddress(page);

    const open = page.getByRole("button", { name: "Find parcel lockers" });
    await open.click();
    const finder = page.getByRole("dialog", { name: "Find parcel lockers" });
    await expect(finder).toBeVisible();
    expect(await isModal(finder)).toBe(true);
    await expect(finder.getByLabel("City or postcode")).toBeFocused();
    await expectFocusKeptInside(page, finder);
    await page.screenshot({ path: testInfo.outputPath(`shipping-select-${testInfo.project.name}.png`) });
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(finder).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await finder.getByLabel("City or postcode").fill("Kaunas");
    await finder.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/\?near=Kaunas$/);
    await expect(finder).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveValue("typed-before@example.com");
    await expect(page.getByLabel("Street, house and flat")).toHaveValue(ADDRESS.street);
    await expect(page.getByLabel("Omniva locker").locator("option").nth(1)).toContainText("Kaunas");
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the new and edited address are forms of the page, and a refused one keeps what was typed", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/en/delivery-addresses");
    await addAddressInPage(page, "Gedimino pr. 9");
    await page.getByRole("link", { name: "Add an address" }).click();
    await expect(page).toHaveURL(/\/en\/delivery-addresses\?add$/);
    const adding = page.getByRole("dialog", { name: "Add an address" });
    await expect(adding).toHaveCSS("position", "static");
    await expect(adding.getByRole("button", { name: "Close" })).toBeHidden();
    await expect(page.getByRole("list", { name: "Delivery addresses" })).toBeVisible();
    await expectAccessible(page, { javaScriptEnabled: false });

    await page.getByRole("link", { name: /Edit.*Gedimino pr\. 9/ }).click();
    const editing = page.getByRole("dialog", { name: "Edit the address" });
    await expect(editing).toHaveCSS("position", "static");
    await editing.getByLabel("City", { exact: true }).fill("Kaunas");
    await editing.getByLabel("Phone", { exact: true }).fill("37061234567");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter the number with its country code")).toBeVisible();
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Kaunas");
    await page.getByLabel("Phone", { exact: true }).fill(ADDRESS.phone);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("The address has been saved.");
  });

  test("the parcel-locker finder is a form of the shipping step", async ({ page }) => {
    await addProducts(page, 1, false);
    await page.getByRole("button", { name: "Go to checkout" }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
    await expect(page.getByRole("button", { name: "Find parcel lockers" })).toHaveCount(0);
    const finder = page.getByRole("dialog", { name: "Find parcel lockers" });
    await expect(finder).toHaveCSS("position", "static");
    await finder.getByLabel("City or postcode").fill("Kaunas");
    await finder.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/\?near=Kaunas$/);
    await expect(page.getByLabel("Omniva locker").locator("option").nth(1)).toContainText("Kaunas");
  });
});
