import { expect, type Page } from "@playwright/test";
import { DEMO, expectAccessible, ownClientAddress, test } from "./fixtures";
import { lastMailTo, linkPath } from "./outbox";

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signInByForm(page: Page, email: string, password: string) {
  await page.goto("/en/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signOut(page: Page) {
  await page.goto("/en/user-account");
  await page.getByRole("button", { name: "Sign out" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`accounts, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a new customer signs up, signs out, resets the password by email, signs in and edits details and addresses", async ({ page }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail("new");

      // Sign up: a bad phone is refused with a translated message and keeps what was typed.
      await page.goto("/en/register");
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("first-password-1");
      await page.getByLabel("First name").fill("Rūta");
      await page.getByLabel("Last name").fill("Petrauskaitė");
      await page.getByLabel("Phone (optional)").fill("+370 61");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Enter the number with its country code")).toBeVisible();
      await expect(page.getByLabel("First name")).toHaveValue("Rūta");
      await page.getByLabel("Phone (optional)").fill("+370 612 34567");
      if (!javaScriptEnabled) await page.getByLabel("Password", { exact: true }).fill("first-password-1");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/en\/my-orders$/);
      await expect(page.getByRole("banner").getByRole("link", { name: /My account/ })).toContainText("Rūta");

      // Signing out of a page that needs sign-in goes home.
      await signOut(page);
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
      await page.goto("/en/account-information");
      await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Faccount-information$/);

      // Reset the password through the emailed link.
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page.getByRole("status")).toContainText(`If ${email} has an account`);
      const mail = await lastMailTo(email);
      expect(mail.subject).toContain("Reset your");
      const resetPath = linkPath(mail);
      await page.goto(resetPath);
      await page.getByLabel("New password", { exact: true }).fill("second-password-2");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page).toHaveURL(/\/en\/login\?reset=1$/);
      await expect(page.getByRole("status")).toContainText("Your password has been changed");
      // The link works once.
      await page.goto(resetPath);
      await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

      // The old password no longer works; the new one does, and back to where sign-in was asked for.
      await signInByForm(page, email, "first-password-1");
      await expect(page.getByRole("alert")).toContainText("The email or password is not correct.");
      await page.goto("/en/login?redirectTo=%2Fen%2Faccount-information");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("second-password-2");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/en\/account-information$/);

      // Contact details.
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByLabel("Last name").fill("Petrauskienė");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toContainText("Your details have been saved.");
      await page.reload();
      await expect(page.getByLabel("Last name")).toHaveValue("Petrauskienė");

      // Addresses: a bad phone is refused and the rest kept; add, edit, delete.
      await page.goto("/en/delivery-addresses");
      await page.getByLabel("First name").fill("Rūta");
      await page.getByLabel("Last name").fill("Petrauskienė");
      await page.getByLabel("Street, house and flat").fill("Gedimino pr. 1-2");
      await page.getByLabel("City", { exact: true }).fill("Vilnius");
      await page.getByLabel("Postal code").fill("LT-01103");
      await page.getByLabel("Country").selectOption({ label: "Lithuania" });
      await page.getByLabel("Phone", { exact: true }).fill("37061234567");
      await page.getByRole("button", { name: "Add an address" }).click();
      await expect(page.getByText("Enter the number with its country code")).toBeVisible();
      await expect(page.getByLabel("City", { exact: true })).toHaveValue("Vilnius");
      await page.getByLabel("Phone", { exact: true }).fill("+370 612 34567");
      await page.getByRole("button", { name: "Add an address" }).click();
      await expect(page.getByRole("status")).toContainText("The address has been added.");
      await expect(page.getByRole("list", { name: "Delivery addresses" })).toContainText("Gedimino pr. 1-2");
      await expectAccessible(page, { javaScriptEnabled });

      await page.getByRole("link", { name: /Edit.*Gedimino pr\. 1-2/ }).click();
      await page.getByLabel("City", { exact: true }).fill("Kaunas");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toContainText("The address has been saved.");
      await expect(page.getByRole("list", { name: "Delivery addresses" })).toContainText("Kaunas");

      await page.getByRole("button", { name: /Delete.*Gedimino pr\. 1-2/ }).click();
      await expect(page.getByRole("status")).toContainText("The address has been deleted.");
      await expect(page.getByRole("list", { name: "Delivery addresses" })).toHaveCount(0);

      // A new account has no orders and no balance movements yet.
      await page.goto("/en/my-orders");
      await expect(page.getByText("You have no orders yet.")).toBeVisible();
      await page.goto("/en/balance-history");
      await expect(page.getByText(/Your balance has not changed yet/)).toBeVisible();
    });

    test("the demo customer sees the balance history and orders", async ({ page, signIn }) => {
      await signIn(DEMO.customer);
      await page.goto("/en/my-orders");
      await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
      await expect(page.getByText(/^(MP|QU|FR)\d+$/).filter({ visible: true })).toHaveCount(6);
      await page.goto("/en/balance-history");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Manual top-up by admin").filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
    });
  });
}

test.describe("two tabs", () => {
  test.use({ extraHTTPHeaders: ownClientAddress() });

  test("signing out in one tab shows as signed out in the other when the shopper returns to it", async ({ page, context, signIn }) => {
    await signIn();
    await page.goto("/en/marketplace");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: /My account/ })).toBeVisible();
    const other = await context.newPage();
    await signOut(other);
    // The shopper comes back, again until the page is hydrated and listens
    // (a busy machine may still be hydrating it): its data is reloaded.
    await expect(async () => {
      const reloaded = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"), { timeout: 5_000 });
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await reloaded;
    }).toPass({ timeout: 45_000 });
    await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("sign-in safety", () => {
  test.use({ extraHTTPHeaders: ownClientAddress() });

  test("the eleventh sign-in attempt in a minute from one address is refused with 429", async ({ request }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await request.post("/api/auth/login", { data: { email: `nobody-${i}@example.com`, password: "wrong-password" } });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  test("a form post without the honeypot fields is refused and signs nobody in", async ({ request }) => {
    const response = await request.post("/en/login", {
      form: { email: "customer@example.com", password: "demo-customer-2026" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("session=");
  });

  test("a state-changing request from another site is refused", async ({ request }) => {
    const response = await request.post("/api/auth/login", {
      data: { email: "customer@example.com", password: "demo-customer-2026" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("a reset request answers the same whether or not the account exists", async ({ request }) => {
    const known = await request.post("/api/auth/request-password-reset", { data: { email: "customer@example.com" } });
    const unknown = await request.post("/api/auth/request-password-reset", { data: { email: "no-such-person@example.com" } });
    expect(known.status()).toBe(unknown.status());
    expect(await known.json()).toEqual(await unknown.json());
  });
});
