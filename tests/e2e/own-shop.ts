import { expect, type Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { hashPassword } from "../../app/models/accounts/passwords.server";
import type { StaffRole } from "../../app/models/staff/roles";
import { totpCode } from "../../app/models/staff/two-factor";
import { ownClientAddress, test } from "./fixtures";
import { freePort } from "./free-port";
import { createScratchDatabase, dropScratchDatabase, killServer, query, serverUrl, startServer, type ScratchServer } from "./scratch-server";

// A shop of a spec file's own on PostgreSQL, for walks that change what the
// suite's other tests read (the back office's, an operator's commands), with
// staff who have a second factor and the two sign-in pages walked as a
// person walks them.

export type Staff = { email: string; password: string; secret: string };
export type OwnShop = { base: string; databaseUrl: string; server?: ScratchServer };

/**
 * Declares, for the spec file that calls it, a shop of its own: the demo
 * data on a new database, a server started before the file's first test and
 * stopped, with its database dropped, after its last. The file's tests run
 * in order and their pages go to this shop.
 */
export function ownShop(name: string, env: Record<string, string> = {}): OwnShop {
  const port = freePort();
  const shop: OwnShop = { base: `http://127.0.0.1:${port}`, databaseUrl: "" };
  test.describe.configure({ mode: "serial" });
  test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
  test.use({
    baseURL: shop.base,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Each test comes from a client address of its own, as in the suite's
    // shop: wrong passwords are limited per address and minute, and those
    // one walk tries must not refuse the next walk's sign-in.
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing
    extraHTTPHeaders: async ({}, provide) => provide(ownClientAddress()),
  });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop.databaseUrl = await createScratchDatabase(name);
    shop.server = await startServer(shop.databaseUrl, port, { SEED_ON_START: "always", PAYMENT_RECONCILE_INTERVAL_SECONDS: "0", TRUST_PROXY: "loopback", ...env });
  });
  test.afterAll(async () => {
    await killServer(shop.server);
    await dropScratchDatabase(shop.databaseUrl);
  });
  return shop;
}

function randomBase32() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from(randomBytes(32), (byte) => alphabet[byte % 32]).join("");
}

/**
 * A staff member of the role with a second factor set: the row the model's
 * `addStaff` writes for `npm run admin -- staff add`, written here at once
 * rather than by a command that starts the whole app for each test. The
 * command is read in scripts/admin-staff.test.ts and run whole by
 * back-office.spec.ts's second-factor walk.
 */
export async function addStaff(shop: OwnShop, role: StaffRole): Promise<Staff> {
  const staff = { email: `${role}-${randomBytes(4).toString("hex")}@example.com`, password: "a long staff password", secret: randomBase32() };
  await query(shop.databaseUrl, "insert into staff (email, name, role, locale, password_hash, totp_secret) values ($1, $2, $3, 'en', $4, $5)", [
    staff.email,
    `Test ${role}`,
    role,
    await hashPassword(staff.password),
    staff.secret,
  ]);
  return staff;
}

/** Signs a staff member in through the two pages, as a person would. */
export async function signInStaff(page: Page, staff: Staff) {
  await page.goto("/admin/login");
  await page.getByLabel("Email", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One-time code");
  await page.getByLabel("Code", { exact: true }).fill(totpCode(staff.secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
}

const run = promisify(execFile);

/**
 * An operator's command on the shop's database; what it printed. The
 * production build's `node build/admin.js`, as the suite runs the build's
 * server: `npm run admin` is the same file compiled on the fly.
 */
export async function admin(shop: OwnShop, ...args: string[]) {
  const { stdout } = await run("node", ["build/admin.js", ...args], { env: { ...process.env, DATABASE_URL: shop.databaseUrl, LOG_LEVEL: "warn" } });
  return stdout;
}
