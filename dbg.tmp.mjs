import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [name, viewport] of [["phone", { width: 390, height: 844 }], ["desk", { width: 1280, height: 800 }]]) {
  const ctx = await browser.newContext({ viewport, extraHTTPHeaders: { "x-forwarded-for": `10.0.0.${name.length}` } });
  const page = await ctx.newPage();
  await page.goto("http://localhost:3302/en/register");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-register-${name}.png`, fullPage: true });
  await page.goto("http://localhost:3302/en/login");
  await page.getByLabel("Email", { exact: true }).fill("customer@example.com");
  await page.getByLabel("Password", { exact: true }).fill("demo-customer-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/my-orders/);
  await page.goto("http://localhost:3302/en/account-information");
  await page.screenshot({ path: `/tmp/shot-info-${name}.png`, fullPage: true });
  await page.goto("http://localhost:3302/en/delivery-addresses");
  await page.screenshot({ path: `/tmp/shot-addr-${name}.png`, fullPage: true });
  await page.goto("http://localhost:3302/en/user-account");
  await page.screenshot({ path: `/tmp/shot-ua-${name}.png`, fullPage: true });
}
await browser.close();
