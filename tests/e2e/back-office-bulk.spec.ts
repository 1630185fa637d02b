import { expect } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addStaff, ownShop, signInStaff } from "./own-shop";
import { expectAccessible, ownClientAddress, test, waitForHydration } from "./fixtures";
import { query } from "./scratch-server";

// Bulk prices and stock by file (issue 29, point 2), on a shop of its own on
// PostgreSQL: the catalogue role uploads a CSV with one bad row, sees that
// row refused in the preview with its line and reason before anything
// changes, applies the rest and reads the report once the server's
// background loop has applied it; a shopper's product page then shows the
// new price.

const shop = ownShop("backofficebulk");
const base = shop.base;

for (const javaScriptEnabled of [true, false]) {
  test(`the catalogue role checks a price file, sees its bad row refused, applies the rest, and a shopper sees the new price, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
    isMobile,
    viewport,
  }) => {
    test.setTimeout(180_000);
    // Two of the shop's own products in stock, a pair of its own for each run.
    const products = await query<{ sku: string; slug: string; price_minor: string }>(
      shop.databaseUrl,
      "select sku, slug, price_minor from products where seller_id is null and is_active and stock > 0 order by id offset $1 limit 2",
      [javaScriptEnabled ? 0 : 2],
    );
    const [cheaper, refused] = products as [(typeof products)[number], (typeof products)[number]];
    const newPrice = (Number(cheaper.price_minor) - 1) / 100;
    const newPriceText = `€${newPrice.toFixed(2)}`;
    const fileName = `spring-${randomBytes(3).toString("hex")}.csv`;
    const csv = `sku,price,original price,stock\n${cheaper.sku},${newPrice.toFixed(2)},${(newPrice + 10).toFixed(2)},42\n${refused.sku},20.00,19.99,3\n`;

    const staffContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const page = await staffContext.newPage();
    await signInStaff(page, await addStaff(shop, "catalogue"));
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Bulk prices" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bulk prices and stock");
    await expectAccessible(page, { javaScriptEnabled });

    // A check without a file is refused by the form, and nothing is made of it.
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByText("Choose a CSV file.")).toBeVisible();

    await page.getByLabel("CSV file").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Price file ${fileName}`);
    // The preview: one row would change, one is refused with its line and reason; nothing has changed yet.
    const counts = (label: string) => page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd");
    await expect(counts("Would change")).toHaveText("1");
    await expect(counts("Refused")).toHaveText("1");
    await expect(counts("Unchanged")).toHaveText("0");
    const refusedRow = page.getByRole("region", { name: "Refused rows" }).getByRole("row").filter({ hasText: refused.sku });
    await expect(refusedRow.getByRole("cell")).toHaveText(["3", refused.sku, "The original price is below the price."]);
    const [before] = await query<{ price_minor: string }>(shop.databaseUrl, "select price_minor from products where sku = $1", [cheaper.sku]);
    expect(Number(before!.price_minor)).toBe(Number(cheaper.price_minor));
    await expectAccessible(page, { javaScriptEnabled });

    await page.getByRole("button", { name: "Apply the file (rows that change: 1)" }).click();
    // The server's loop applies it off the request; the page follows (scripts poll, a page without them refreshes itself).
    await expect(page.getByRole("heading", { name: "Report" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Applied in full, finished at/)).toBeVisible();
    await expect(counts("Changed")).toHaveText("1");
    await expect(counts("Refused")).toHaveText("1");
    await expect(counts("Unchanged")).toHaveText("0");
    await expectAccessible(page, { javaScriptEnabled });
    await staffContext.close();

    const [after] = await query<{ price_minor: string; original_price_minor: string; stock: number }>(
      shop.databaseUrl,
      "select price_minor, original_price_minor, stock from products where sku = $1",
      [cheaper.sku],
    );
    expect([Number(after!.price_minor), Number(after!.original_price_minor), after!.stock]).toEqual([Number(cheaper.price_minor) - 1, Number(cheaper.price_minor) - 1 + 1000, 42]);

    const shopperContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile, extraHTTPHeaders: ownClientAddress() });
    const shopper = await shopperContext.newPage();
    await shopper.goto(`/en/p/${cheaper.slug}`);
    await expect(shopper.locator("main").getByText(newPriceText, { exact: true }).first()).toBeVisible();
    await shopperContext.close();
  });
}
