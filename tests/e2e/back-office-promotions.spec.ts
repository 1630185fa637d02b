import { expect, request as httpRequest } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addStaff, ownShop, signInStaff } from "./own-shop";
import { expectAccessible, ownClientAddress, test, waitForHydration } from "./fixtures";
import { addProducts, fillNewAddress } from "./shopping";

// Promotions and redirects in the back office (issue 29), on a shop of its
// own on PostgreSQL: the catalogue role creates a 10 % code, which a
// shopper's checkout then takes; and adds a redirect, after which the old
// address answers 301 to the new one, while one that would loop back is
// refused with the chain it would make.

const shop = ownShop("backofficepromotions");
const base = shop.base;

for (const javaScriptEnabled of [true, false]) {
  test(`the catalogue role creates a 10% code and a shopper's checkout takes it, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser, isMobile, viewport }) => {
    test.setTimeout(150_000);
    const catalogue = await addStaff(shop, "catalogue");
    const code = `SPRING${randomBytes(3).toString("hex").toUpperCase()}${javaScriptEnabled ? "J" : "N"}${isMobile ? "P" : "D"}`;
    const staffContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const page = await staffContext.newPage();
    await signInStaff(page, catalogue);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Promotions" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promotions");
    // The demo's codes are listed with their uses.
    await expect(page.getByRole("link", { name: "WELCOME10", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "New promotion" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New promotion");

    // A percentage beyond 100 is refused by its field, and what was typed stays.
    await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await page.getByLabel("Kind").selectOption({ label: "A percentage of the subtotal" });
    await page.getByLabel("Percentage off").fill("110");
    await page.getByLabel("Uses per customer (optional)").fill("1");
    await page.getByRole("button", { name: "Create the code" }).click();
    await expect(page.getByText("A percentage above 0 and up to 100, such as 10 or 12,5.")).toBeVisible();
    await expect(page.getByLabel("Code", { exact: true })).toHaveValue(code.toLowerCase());
    await expectAccessible(page, { javaScriptEnabled });
    await page.getByLabel("Percentage off").fill("10");
    await page.getByRole("button", { name: "Create the code" }).click();
    await expect(page.getByRole("status")).toHaveText(`The code ${code} is created.`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${code} · Active`);
    await expect(page.getByText("Used 0 times so far, by 0 customers.", { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: "Audit log" }).getByText("promotion.create")).toBeVisible();
    await expectAccessible(page, { javaScriptEnabled });
    await staffContext.close();

    // A guest takes it at the payment step, and the checkout's data holds it.
    const shopperContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile, extraHTTPHeaders: ownClientAddress() });
    const shopper = await shopperContext.newPage();
    await addProducts(shopper, 1, javaScriptEnabled);
    await shopper.goto("/en/cart");
    await shopper.getByRole("button", { name: "Go to checkout" }).click();
    await expect(shopper).toHaveURL(/\/en\/checkout\/[\w-]+$/);
    if (javaScriptEnabled) await waitForHydration(shopper);
    await shopper.getByLabel("Email").fill(`guest-${randomBytes(5).toString("hex")}@example.com`);
    await fillNewAddress(shopper);
    await shopper.getByRole("button", { name: "Continue to payment" }).click();
    await expect(shopper).toHaveURL(/\/en\/payment\/[\w-]+$/);
    await shopper.getByLabel(/^Card/).check();
    await shopper.getByLabel("Promotion code").fill(code.toLowerCase());
    await shopper.locator("main").getByRole("button", { name: "Apply" }).click();
    await expect(shopper.getByText(`Code ${code}`)).toBeVisible();
    const slug = new URL(shopper.url()).pathname.split("/").at(-1)!;
    const answer = await shopper.request.post(`/api/checkout/fetch/${slug}`, { data: { slug, step: 5 }, headers: { "x-locale": "en" } });
    expect(answer.status()).toBe(200);
    const data = (await answer.json()) as { promotion: unknown };
    expect(data.promotion).toEqual({ code, promotion_type: 1, discount_amount: "10.00" });
    await shopperContext.close();
  });
}

test("the catalogue role adds a redirect: the old address answers 301 to the new one, and one that would loop back is refused", async ({ browser, isMobile, viewport }) => {
  test.setTimeout(120_000);
  const catalogue = await addStaff(shop, "catalogue");
  const old = `/en/spring-sale-${randomBytes(4).toString("hex")}${isMobile ? "p" : "d"}`;
  const context = await browser.newContext({ baseURL: base, viewport, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  await signInStaff(page, catalogue);
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Redirects" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Redirects");
  await page.getByLabel("Old path").fill(old);
  await page.getByLabel("New address").fill("/en/faq");
  await page.getByRole("button", { name: "Add the redirect" }).click();
  await expect(page.getByRole("status")).toHaveText(`The redirect from ${old} is added.`);
  const row = page.getByRole("row").filter({ hasText: old });
  await expect(row.getByRole("cell", { name: "/en/faq", exact: true })).toBeVisible();
  await expectAccessible(page);

  // The way back would make a loop: refused, by its field, with the chain.
  await page.getByLabel("Old path").fill("/en/faq");
  await page.getByLabel("New address").fill(old);
  await page.getByRole("button", { name: "Add the redirect" }).click();
  await expect(page.getByText(`This would make a loop: /en/faq → ${old} → /en/faq. A browser following it would never arrive.`)).toBeVisible();
  await context.close();

  const visitor = await httpRequest.newContext({ baseURL: base, maxRedirects: 0 });
  const moved = await visitor.get(old);
  expect([moved.status(), moved.headers().location]).toEqual([301, "/en/faq"]);
  expect((await visitor.get("/en/faq")).status()).toBe(200);
  await visitor.dispose();
});
