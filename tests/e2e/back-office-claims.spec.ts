import { expect } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { addStaff, ownShop, signInStaff } from "./own-shop";
import { DEMO, expectAccessible, test, waitForHydration } from "./fixtures";
import { query } from "./scratch-server";

// Claims in the back office (issue 28), on a shop of its own on PostgreSQL:
// support opens a customer's claim from the day's counts, views its photo
// (served re-encoded, nosniff), moves it to "in review" and answers the
// customer, who then sees the new status and the answer in /my-claims.

/** Where this shop keeps uploads: a folder of its own, so the test can put a claim's photo there. */
const uploads = resolve(`data/test-uploads-claims-${randomBytes(4).toString("hex")}`);
const shop = ownShop("backofficeclaims", { UPLOADS_DIR: uploads });
const base = shop.base;

test.afterAll(async () => {
  await rm(uploads, { recursive: true, force: true });
});

/** A 1×1 PNG: a photo as a phone's camera would give one, in its smallest whole form. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** A delivered order of the demo customer's and a claim on it with one photo, as the claim form leaves them; the claim's id. */
async function claimWithPhoto() {
  const [user] = await query<{ id: number }>(shop.databaseUrl, "select id from users where email = $1", [DEMO.customer.email]);
  const [order] = await query<{ id: number }>(
    shop.databaseUrl,
    `insert into orders (slug, user_id, site_id, kind, status, currency_id, shipping_method, subtotal_minor, shipping_minor, total_minor, paid_at, email, locale)
     values ($1, $2, 1, 'marketplace', 'delivered', 1, 'air', 2490, 1290, 3780, now(), $3, 'en') returning id`,
    [`mp-${randomBytes(5).toString("hex")}`, user!.id, DEMO.customer.email]
  );
  const [item] = await query<{ id: number }>(shop.databaseUrl, "insert into order_items (order_id, sku, name, quantity, price_minor) values ($1, 'SW-LAMP', 'Desk lamp', 1, 2490) returning id", [order!.id]);
  const [claim] = await query<{ id: number }>(
    shop.databaseUrl,
    `insert into claims (user_id, site_id, order_id, email, locale, kind, reason, description)
     values ($1, 1, $2, $3, 'en', 'warranty', 'defective', 'The lamp flickers for a minute, then goes out for good.') returning id`,
    [user!.id, order!.id, DEMO.customer.email]
  );
  await query(shop.databaseUrl, "insert into claim_lines (claim_id, order_item_id, name, quantity) values ($1, $2, 'Desk lamp', 1)", [claim!.id, item!.id]);
  const storedName = `claims/${randomBytes(16).toString("base64url")}.png`;
  await mkdir(join(uploads, "claims"), { recursive: true });
  await writeFile(join(uploads, storedName), PNG);
  await query(shop.databaseUrl, "insert into claim_files (claim_id, position, stored_name, original_name, type, size_bytes) values ($1, 0, $2, 'lamp.png', 'image/png', $3)", [
    claim!.id,
    storedName,
    PNG.length,
  ]);
  return Number(claim!.id);
}

for (const javaScriptEnabled of [true, false]) {
  test(`support opens a claim, views its photo, moves it to in review and answers the customer, who sees both in their claims, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
    isMobile,
    viewport,
  }) => {
    test.setTimeout(150_000);
    const [support, claimId] = await Promise.all([addStaff(shop, "support"), claimWithPhoto()]);
    const number = `CL${claimId}`;
    const staffContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const page = await staffContext.newPage();
    await signInStaff(page, support);
    if (javaScriptEnabled) await waitForHydration(page);

    // From the day's counts to the open claims, to the claim.
    await page.getByRole("link", { name: "Open claims" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Claims");
    await expect(page.getByLabel("Status")).toHaveValue("open");
    await expectAccessible(page, { javaScriptEnabled });
    await page.getByRole("link", { name: number, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${number} · Received`);
    await expect(page.getByText("The lamp flickers for a minute, then goes out for good.")).toBeVisible();

    // The photo shows, as the image the server made of it anew.
    const photo = page.getByRole("img", { name: `Image 1 of ${number}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const file = await page.request.get((await photo.getAttribute("src"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect(file.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);
    await expectAccessible(page, { javaScriptEnabled });

    // A status change without a status is refused by its field.
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(page.getByText("Choose the new status.")).toBeVisible();
    await page.getByLabel("New status").selectOption({ label: "In review" });
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(page.getByRole("status")).toHaveText(`${number} is now: In review.`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${number} · In review`);
    await expect(page.getByRole("region", { name: "Status history" }).getByText("In review")).toBeVisible();

    const answer = `We are sorry about the lamp. Please send it back with the label we email you; a new one leaves the day it arrives. (${javaScriptEnabled ? "J" : "N"}${isMobile ? "P" : "D"})`;
    await page.getByLabel("Message").fill(answer);
    await page.getByRole("button", { name: "Send the answer" }).click();
    await expect(page.getByRole("status")).toHaveText(`The answer to ${number} is sent to ${DEMO.customer.email}.`);
    // The answer as written (the audit log beside it holds it too, within its record).
    await expect(page.getByText(answer, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page.getByRole("region", { name: "Audit log" }).getByText("claim.answer")).toBeVisible();
    await staffContext.close();

    const customerContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    expect((await customerContext.request.post("/api/auth/login", { data: DEMO.customer })).status()).toBe(200);
    const customer = await customerContext.newPage();
    await customer.goto("/en/my-claims");
    // The unpaid-orders reminder shows only when an unpaid order is new to this customer; it is not this test's subject.
    const reminder = customer.getByRole("dialog", { name: "Orders awaiting payment" });
    if (await reminder.isVisible()) await reminder.getByRole("button", { name: "Not now" }).click();
    // A table row on a wide screen, a list item on a phone.
    const row = customer.locator("tr, li").filter({ hasText: number, visible: true }).first();
    await expect(row.getByText("In review")).toBeVisible();
    await expect(customer.getByText(answer, { exact: true })).toBeVisible();
    await customerContext.close();
  });
}
