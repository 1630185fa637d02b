import { expect, type Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { totpCode } from "../../app/models/staff/two-factor";
import { test, waitForHydration } from "./fixtures";
import { createScratchDatabase, dropScratchDatabase, killServer, query as queryOn, serverUrl, startServer, type ScratchServer } from "./scratch-server";
import { freePort } from "./free-port";

// Products in the back office (issue 29, point 1), on two app servers over
// one PostgreSQL database, as a shop behind a load balancer runs: the
// catalogue role finds a product on one server and changes its price, and a
// shopper's listing on the other server shows the new price, and sorts by
// it, within a second. No server is told: the save goes through the live
// catalogue's tables, which every server follows.

const PORTS = [freePort(), freePort()];
const [staffBase, shopBase] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

let databaseUrl: string;
const servers: ScratchServer[] = [];
const query = <R extends Record<string, unknown>>(statement: string, values: unknown[] = []) => queryOn<R>(databaseUrl, statement, values);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseUrl = await createScratchDatabase("backofficeproducts");
  // The first seeds the database; the second starts on it as a server added later would.
  servers.push(await startServer(databaseUrl, PORTS[0]!, { SEED_ON_START: "always", PAYMENT_RECONCILE_INTERVAL_SECONDS: "0" }));
  servers.push(await startServer(databaseUrl, PORTS[1]!, { SEED_ON_START: "never", PAYMENT_RECONCILE_INTERVAL_SECONDS: "0" }));
});

test.afterAll(async () => {
  for (const server of servers) await killServer(server);
  await dropScratchDatabase(databaseUrl);
});

type Staff = { email: string; password: string; secret: string };

function randomBase32() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from(randomBytes(32), (byte) => alphabet[byte % 32]).join("");
}

/** A catalogue member, added as a new shop's staff are: by the command line, with a second factor set. */
async function addCatalogue(): Promise<Staff> {
  const staff = { email: `catalogue-${randomBytes(4).toString("hex")}@example.com`, password: "a long staff password", secret: randomBase32() };
  await run("npx", ["tsx", "scripts/admin.ts", "staff", "add", "--email", staff.email, "--name", "Test catalogue", "--role", "catalogue", "--password", staff.password, "--totp-secret", staff.secret], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
  });
  return staff;
}

async function signInStaff(page: Page, staff: Staff) {
  await page.goto(`${staffBase}/admin/login`);
  await page.getByLabel("Email", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One-time code");
  await page.getByLabel("Code", { exact: true }).fill(totpCode(staff.secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
}

for (const javaScriptEnabled of [true, false]) {
  test(`the catalogue role changes a price on one server and a shopper's listing on the other shows it within a second, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
    isMobile,
    viewport,
  }) => {
    test.skip(isMobile && !javaScriptEnabled, "without JavaScript the desktop window walks the forms");
    test.setTimeout(180_000);
    // A shop product on sale in a category of its own, not the dearest of it.
    const [product] = await query<{ id: string; sku: string; path: string; name: string }>(`
      select p.id, p.sku, c.path, t.name from products p
      join categories c on c.id = p.category_id
      join product_translations t on t.product_id = p.id and t.language_id = (select id from languages where iso_code = 'en')
      where p.is_active and p.seller_id is null and p.stock > 0
        and p.price_minor < (select max(q.price_minor) from products q where q.category_id = p.category_id and q.is_active)
      order by p.id desc limit 1 offset ${javaScriptEnabled ? 0 : 1}`);
    const cents = 900_000 + Math.floor(Math.random() * 99_999);
    const typed = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
    const shown = new Intl.NumberFormat("en", { minimumFractionDigits: 2 }).format(cents / 100);

    const staffContext = await browser.newContext({ javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const page = await staffContext.newPage();
    await signInStaff(page, await addCatalogue());
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
    await page.getByLabel("Name, SKU, brand or category").fill(product!.sku.toLowerCase());
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/q=/);
    await page.screenshot({ path: test.info().outputPath("products.png"), fullPage: true, timeout: 60_000 });
    await page.getByRole("link", { name: product!.name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product!.name);
    // Both pages pass axe in the role matrix's walk (back-office.spec.ts); here they are looked at.
    await page.screenshot({ path: test.info().outputPath("product.png"), fullPage: true, timeout: 60_000 });

    // A price that is not one is refused, with what was typed kept.
    await page.getByLabel("Price (€)", { exact: true }).fill("12,5x");
    await page.getByRole("button", { name: "Save the product" }).click();
    await expect(page.getByText("Write an amount in euros, such as 12.50 or 12,50 (at most a million).")).toBeVisible();
    await expect(page.getByLabel("Price (€)", { exact: true })).toHaveValue("12,5x");

    // The shopper's listing, on the other server, sorted dearest first: the product is not first yet.
    const shopper = await browser.newPage();
    const listing = `${shopBase}/en/c/${product!.path}?sort=price_desc`;
    await shopper.goto(listing);
    const firstCard = shopper.getByTestId("listing-items").getByRole("article").first();
    await expect(firstCard).not.toContainText(product!.name);

    await page.getByLabel("Price (€)", { exact: true }).fill(typed);
    // The new price is dearer than any price before a discount the product may have had: that one is emptied, so nothing is struck out.
    await page.getByLabel("Price before the discount (€)", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save the product" }).click();
    await expect(page.getByRole("status")).toContainText("Saved");
    const savedAt = Date.now();
    // A listing asked of the other server within a second of the save lists it at its new price, first when sorted by price.
    // (The time counted is when each listing is asked for: how long this busy machine then takes to draw it is not the catalogue's lag.)
    for (;;) {
      const askedAt = Date.now();
      await shopper.goto(listing);
      const text = (await firstCard.textContent()) ?? "";
      if (text.includes(product!.name) && text.includes(shown)) {
        expect(askedAt - savedAt).toBeLessThan(1_000);
        break;
      }
      expect(Date.now() - savedAt, `the listing on the other server still shows "${text}"`).toBeLessThan(1_000);
    }
    // And the audit log holds who changed it.
    const [entry] = await query<{ action: string; after: { price_minor: number } }>("select action, after from audit_log where entity = 'product' and entity_id = $1 order by id desc limit 1", [product!.id]);
    expect(entry).toMatchObject({ action: "product.update", after: { price_minor: cents } });
    await staffContext.close();
    await shopper.close();
  });
}
