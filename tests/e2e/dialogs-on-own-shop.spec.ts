import { expect, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { test, waitForHydration } from "./fixtures";
import { createScratchDatabase, dropScratchDatabase, killServer, query, serverUrl, startServer, type ScratchServer } from "./scratch-server";
import { addProducts, fillNewAddress } from "./shopping";

// Spec 2's recalculate and additional-info success modals (issue 32, row
// 5), on a shop of its own on PostgreSQL, where the test moves a price
// after the checkout was made and asks a customer a question as an operator
// would. With JavaScript each is a modal <dialog> (focus kept inside,
// Escape closes, focus back to its opener); without, a section of the page.

// A port of its own, in this branch's range, clear of the suite's server and the other specs' shops.
const PORT = 3290 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const base = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.use({ baseURL: base, actionTimeout: 15_000, navigationTimeout: 30_000 });

let databaseUrl: string;
let server: ScratchServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseUrl = await createScratchDatabase("dialogs");
  server = await startServer(databaseUrl, PORT, { SEED_ON_START: "always", PAYMENT_RECONCILE_INTERVAL_SECONDS: "0" });
});

test.afterAll(async () => {
  await killServer(server);
  await dropScratchDatabase(databaseUrl);
});

// Each walks several pages of the shop, and runs axe with a modal open, on a machine shared with other runs.
test.setTimeout(300_000);

/** Modal, and its backdrop over the whole page: a click in the window's corner lands on the dialog, not on the page behind. */
const isModal = (dialog: Locator) => dialog.evaluate((node) => node.matches("dialog:modal") && document.elementFromPoint(1, 1) === node);

/** A guest's checkout of one product at its review step, then the product's price raised by €1: the review asks to accept it. */
async function reviewAfterPriceChange(page: Page, javaScriptEnabled: boolean) {
  await addProducts(page, 1, javaScriptEnabled);
  await page.goto("/en/cart");
  await page.getByRole("button", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
  await page.getByLabel("Email").fill(`recalculate-${randomBytes(4).toString("hex")}@example.com`);
  await fillNewAddress(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/en\/payment\/[\w-]+$/);
  await page.getByLabel(/^Card/).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page).toHaveURL(/\/en\/confirm\/[\w-]+$/);
  const cart = await (await page.request.post("/api/cart/fetch", { data: {} })).json();
  await query(databaseUrl, "update products set price_minor = price_minor + 100 where sku = $1", [cart.cart.items[0].sku]);
  await page.reload();
}

/** A question an operator asks about a forward request of a new customer's; the page that answers it. */
async function questionFor(page: Page, email: string) {
  const slug = `info-${randomBytes(5).toString("hex")}`;
  const [user] = await query<{ id: number }>(databaseUrl, "select id from users where email = $1", [email]);
  await query(databaseUrl, "insert into info_requests (slug, user_id, subject_kind, subject_id, question) values ($1, $2, 'forward', 1, 'Which shop sent the blue parcel?')", [slug, user!.id]);
  await page.goto(`/en/order-additional-info-needed/${slug}`);
  await page.getByLabel("Your answer").fill("The one from Otto.");
}

test("JavaScript on: the recalculate modal opens on the review, Escape closes it, a button opens it again, and accepting closes it for good", async ({ page }, testInfo) => {
  await reviewAfterPriceChange(page, true);
  await waitForHydration(page);
  const recalculate = page.getByRole("dialog", { name: "Prices have changed since you filled your cart" });
  await expect(recalculate).toBeVisible();
  expect(await isModal(recalculate)).toBe(true);
  await expect(recalculate).toContainText("→");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await recalculate.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.screenshot({ path: testInfo.outputPath(`recalculate-${testInfo.project.name}.png`) });
  await page.keyboard.press("Escape");
  await expect(recalculate).toBeHidden();
  await expect(page.getByRole("button", { name: /^Place/ })).toBeDisabled();

  const again = page.getByRole("button", { name: "See the price changes" });
  await again.click();
  await expect(recalculate).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(again).toBeFocused();

  await again.click();
  await recalculate.getByRole("button", { name: "Continue with the new prices" }).click();
  await expect(page.getByRole("button", { name: /^Place/ })).toBeEnabled();
  await expect(recalculate).toBeHidden();
  await expect(again).toBeHidden();
});

test("JavaScript on: answering the operator's question opens the success modal; closed, the page still says so", async ({ page, signIn }, testInfo) => {
  const { email } = await signIn();
  await questionFor(page, email);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send the answer" }).click();
  const sent = page.getByRole("dialog", { name: "Your answer has been sent" });
  await expect(sent).toBeVisible();
  expect(await isModal(sent)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath(`additional-info-success-${testInfo.project.name}.png`) });
  await page.keyboard.press("Escape");
  await expect(sent).toBeHidden();
  await expect(page.getByRole("status")).toHaveText("Thank you: we have your answer.");
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the price change and the answer's success are sections of their pages", async ({ page, signIn }) => {
    await reviewAfterPriceChange(page, false);
    const recalculate = page.getByRole("dialog", { name: "Prices have changed since you filled your cart" });
    await expect(recalculate).toHaveCSS("position", "static");
    await expect(page.getByRole("button", { name: /^Place/ })).toBeDisabled();
    await recalculate.getByRole("button", { name: "Continue with the new prices" }).click();
    await expect(recalculate).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Place/ })).toBeEnabled();

    const { email } = await signIn();
    await questionFor(page, email);
    await page.getByRole("button", { name: "Send the answer" }).click();
    const sent = page.getByRole("dialog", { name: "Your answer has been sent" });
    await expect(sent).toHaveCSS("position", "static");
    await expect(sent.getByRole("status")).toHaveText("Thank you: we have your answer.");
  });
});
