import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addStaff, admin, ownShop, signInStaff } from "./own-shop";
import { DEMO, expectAccessible, test, waitForHydration } from "./fixtures";
import { query } from "./scratch-server";

// The back office's operations (issue 28, point 5) as an operator and a
// customer meet them, on a shop of its own on PostgreSQL: an operator
// prices a customer's forward request from the day's queue, the customer
// pays it, the operator ships it and the customer follows the shipment; an
// operator issues an invoice with two lines and the customer finds it among
// their invoices.

const shop = ownShop("backofficeops");
const base = shop.base;

test.beforeAll(async () => {
  // Enough on the balance to pay every forward request the walks price.
  await admin(shop, "balance", "top-up", "--email", DEMO.customer.email, "--amount", "500.00");
});

/** A 1×1 PNG, the warehouse's photo of the parcel. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/**
 * A forward request of the demo customer's waiting for a price, as the
 * customer's "send home" leaves one: one parcel that arrived at the German
 * warehouse with a photo (recorded by the command line, as the warehouse
 * does), sent home by sea.
 */
async function requestedForward() {
  const [user] = await query<{ id: number }>(shop.databaseUrl, "select id from users where email = $1", [DEMO.customer.email]);
  const tracking = `DE${randomBytes(5).toString("hex").toUpperCase()}`;
  const [parcel] = await query<{ id: number }>(
    shop.databaseUrl,
    "insert into parcels (user_id, site_id, warehouse_id, tracking_number, carrier, store_name) select $1, 1, id, $2, 'DHL', 'Otto' from warehouses where code = 'de' returning id",
    [user!.id, tracking],
  );
  const photo = join(tmpdir(), `parcel-${tracking}.png`);
  await writeFile(photo, PNG);
  await admin(shop, "parcel", "arrive", "--tracking", tracking, "--weight", "1.4", "--dimensions", "40x30x15", "--photo", photo);
  await unlink(photo);
  await query(shop.databaseUrl, "update parcels set status = 'forwarding' where id = $1", [parcel!.id]);
  const address = JSON.stringify({ first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 1", city: "Vilnius", zip: "01103", phone_number: "+37060000000", country_id: 1 });
  const [forward] = await query<{ id: number; slug: string }>(
    shop.databaseUrl,
    "insert into forward_requests (slug, user_id, site_id, warehouse_id, currency_id, shipping_method, address) select $1, $2, 1, id, 1, 'sea', $3 from warehouses where code = 'de' returning id, slug",
    [`fr-${randomBytes(5).toString("hex")}`, user!.id, address],
  );
  await query(shop.databaseUrl, "insert into forward_request_parcels (forward_request_id, parcel_id) values ($1, $2)", [forward!.id, parcel!.id]);
  return { id: Number(forward!.id), slug: forward!.slug, number: `FR${forward!.id}`, tracking };
}

/** The unpaid-orders reminder shows when an unpaid bill is new to the customer; it is not these tests' subject. */
async function dismissReminder(page: Page) {
  const reminder = page.getByRole("dialog", { name: "Orders awaiting payment" });
  if (await reminder.isVisible()) await reminder.getByRole("button", { name: "Not now" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test(`an operator prices a forward request, the customer pays it, the operator ships it and the customer follows the shipment, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
    isMobile,
    viewport,
  }) => {
    test.setTimeout(150_000);
    const [operator, forward] = await Promise.all([addStaff(shop, "operator"), requestedForward()]);
    const window = { baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile };
    const staffContext = await browser.newContext(window);
    const page = await staffContext.newPage();
    await signInStaff(page, operator);

    // From the day's queue to the request, oldest first.
    await page.getByRole("link", { name: "Forward requests to price" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forward requests");
    await expect(page.getByLabel("Status")).toHaveValue("requested");
    await page.getByRole("link", { name: forward.number, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${forward.number} · To price`);
    const parcels = page.getByRole("region", { name: "Parcels" });
    await expect(parcels.getByRole("cell", { name: "1.4 kg" })).toBeVisible();
    await expect(parcels.getByRole("cell", { name: "40 × 30 × 15 cm" })).toBeVisible();
    await expect(parcels.getByRole("img", { name: `Photo 1 of parcel ${forward.tracking}` })).toBeVisible();
    await expect.poll(() => parcels.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    if (javaScriptEnabled) await waitForHydration(page);
    await expectAccessible(page, { javaScriptEnabled });

    // An amount that is not one is refused by its field; then the price.
    await page.getByLabel("Shipping home (EUR)").fill("twenty");
    await page.getByRole("button", { name: "Price and open the bill" }).click();
    await expect(page.getByText("Enter an amount such as 24.90 or 24,90.")).toBeVisible();
    await expect(page.getByLabel("Shipping home (EUR)")).toHaveValue("twenty");
    await page.getByLabel("Shipping home (EUR)").fill("24,90");
    await page.getByRole("button", { name: "Price and open the bill" }).click();
    await expect(page.getByRole("status")).toHaveText(`${forward.number} is priced; the customer can pay it now.`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${forward.number} · Priced, awaiting payment`);
    await expect(page.getByRole("region", { name: "Audit log" }).getByText("forward.price")).toBeVisible();

    // The customer pays it from the balance.
    const customerContext = await browser.newContext(window);
    expect((await customerContext.request.post("/api/auth/login", { data: DEMO.customer })).status()).toBe(200);
    const shopper = await customerContext.newPage();
    await shopper.goto(`/en/my-parcels/forward/${forward.slug}`);
    await dismissReminder(shopper);
    await shopper.getByRole("link", { name: /^Pay / }).click();
    await expect(shopper).toHaveURL(/\/en\/payment\/[\w-]+$/);
    await shopper.getByLabel(/^Stored balance/).check();
    await shopper.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Forward request ${forward.number}`);

    // Paid, it waits in the queue to ship; the operator ships it with a tracking number.
    await page.goto("/admin");
    await page.getByRole("link", { name: "Forward requests to ship" }).click();
    await page.getByRole("link", { name: forward.number, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${forward.number} · Paid, to ship`);
    const outbound = `LT${randomBytes(4).toString("hex").toUpperCase()}${javaScriptEnabled ? "J" : "N"}${isMobile ? "P" : "D"}`;
    await page.getByLabel("Carrier").fill("DPD");
    await page.getByLabel("Tracking number").fill(outbound.toLowerCase());
    await page.getByRole("button", { name: "Ship", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(`${forward.number} is shipped; the customer can track it.`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${forward.number} · Shipped`);
    await expect(page.getByRole("link", { name: outbound })).toBeVisible();
    await staffContext.close();

    // The customer follows the shipment from their request.
    await shopper.goto(`/en/my-parcels/forward/${forward.slug}`);
    await shopper.getByRole("link", { name: new RegExp(outbound) }).click();
    await expect(shopper).toHaveURL(new RegExp(`/en/tracking/${outbound}$`));
    await expect(shopper.getByText("DPD").first()).toBeVisible();
    await expect(shopper.getByText(forward.number).first()).toBeVisible();
    await customerContext.close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`an operator issues an invoice of two lines and the customer finds it among their invoices, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser, isMobile, viewport }) => {
    test.setTimeout(120_000);
    const operator = await addStaff(shop, "operator");
    const window = { baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile };
    const staffContext = await browser.newContext(window);
    const page = await staffContext.newPage();
    await signInStaff(page, operator);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Invoices" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoices");
    await page.getByRole("link", { name: "Issue an invoice" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Issue an invoice");
    if (javaScriptEnabled) await waitForHydration(page);

    const description = `Repacking ${randomBytes(3).toString("hex")}`;
    await page.getByLabel("Customer's email").fill(DEMO.customer.email);
    await page.getByLabel("Description").fill(description);
    await page.getByLabel("Quantity").fill("2");
    await page.getByLabel("Unit price, net (EUR)").fill("3,50");
    await page.getByLabel("VAT %").fill("21");
    // A second line; without scripts the form comes back with it and keeps what was typed.
    await page.getByRole("button", { name: "Add a line" }).click();
    const second = page.getByRole("group", { name: "Line 2" });
    await expect(second.getByLabel("Description")).toBeVisible();
    await expect(page.getByRole("group", { name: "Line 1" }).getByLabel("Description")).toHaveValue(description);
    await second.getByLabel("Description").fill("Storage, 12 days");
    await second.getByLabel("Quantity").fill("1");
    await second.getByLabel("Unit price, net (EUR)").fill("six");
    await second.getByLabel("VAT %").fill("21");
    await page.getByRole("button", { name: "Issue and email the customer" }).click();
    await expect(second.getByText("Enter an amount such as 12.50 or 12,50.")).toBeVisible();
    await expectAccessible(page, { javaScriptEnabled });
    await second.getByLabel("Unit price, net (EUR)").fill("6.00");
    await page.getByRole("button", { name: "Issue and email the customer" }).click();
    const status = page.getByRole("status");
    await expect(status).toHaveText(/^Invoice \d{4}-\d{6} is issued and the customer has been emailed its link\.$/);
    const number = /\d{4}-\d{6}/.exec((await status.textContent())!)![0];
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${number} · Waiting for payment`);
    // 2 × 3.50 + 6.00 = 13.00 net, 2.73 VAT.
    await expect(page.getByText("Total to pay: €15.73")).toBeVisible();
    await expect(page.getByRole("region", { name: "Audit log" }).getByText("invoice.issue")).toBeVisible();
    await staffContext.close();

    const customerContext = await browser.newContext(window);
    expect((await customerContext.request.post("/api/auth/login", { data: DEMO.customer })).status()).toBe(200);
    const shopper = await customerContext.newPage();
    await shopper.goto("/en/invoices");
    await dismissReminder(shopper);
    await shopper.getByRole("link", { name: new RegExp(number) }).first().click();
    await expect(shopper.getByText(number).first()).toBeVisible();
    await expect(shopper.getByText(description).first()).toBeVisible();
    await expect(shopper.getByText("€15.73").first()).toBeVisible();
    await customerContext.close();
  });
}
