import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-server";
import { freePort } from "./free-port";

// A production server of its own on a scratch PostgreSQL database, so a test
// can break the schema under it and stop it mid-request.
const serverUrl = process.env.TEST_DATABASE_URL;
const PORT = freePort();
const base = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.skip(({ browserName, isMobile }) => browserName !== "chromium" || isMobile, "one window size is enough");

let scratchUrl: string;
let server: ChildProcess;
let output = "";
let exitCode: Promise<number | null>;
/** What /api/health/ready answered, in order, while the server started; and what a shopper's page did meanwhile. */
const startup: number[] = [];
let whileStarting: { status: number; retryAfter: string | null } | undefined;

async function rows<R extends pg.QueryResultRow>(statement: string, url = scratchUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(statement)).rows;
  } finally {
    await client.end();
  }
}

async function sql(statement: string, url = scratchUrl) {
  await rows(statement, url);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  scratchUrl = await createScratchDatabase("lifecycle");
  server = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: scratchUrl,
      SEED_ON_START: "always",
      SEED_PRODUCTS: "100",
      LOG_LEVEL: "info",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SHUTDOWN_DRAIN_MS: "1000",
    },
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  exitCode = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
  for (let i = 0; i < 400; i++) {
    try {
      const ready = await fetch(`${base}/api/health/ready`);
      startup.push(ready.status);
      if (ready.ok) return;
      if (!whileStarting) {
        const page = await fetch(`${base}/en`);
        whileStarting = { status: page.status, retryAfter: page.headers.get("retry-after") };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output}`);
});

test.afterAll(async () => {
  server?.kill("SIGKILL");
  await dropScratchDatabase(scratchUrl);
});

test("a starting server says it is not ready, and turns shoppers away with Retry-After, until its catalogue is current", async ({ request }) => {
  // Seeding and migrating take seconds; the server listens from the start.
  expect(startup[0]).toBe(503);
  expect(startup.at(-1)).toBe(200);
  expect(new Set(startup)).toEqual(new Set([503, 200]));
  expect(whileStarting).toEqual({ status: 503, retryAfter: "5" });
  const ready = await request.get(`${base}/api/health/ready`);
  // Every product on sale is in the index: the seed's 100 less the pro seller's listing that waits for its fee.
  const [onSale] = await rows<{ n: number }>("select count(*)::int as n from products where is_active");
  expect(onSale!.n).toBe(99);
  expect(await ready.json()).toMatchObject({ ready: true, catalogue: { products: onSale!.n } });
  expect(output).toContain("Ready for shoppers");
});

test("an error thrown in a loader answers the error page with status 500 and no stack trace", async ({ page, request }) => {
  // The blog's list reads its posts on every request (the home page would
  // only leave out its blog section: it keeps going without a part).
  await sql("alter table blog_post_translations rename to blog_post_translations_moved");
  try {
    const response = await page.goto(`${base}/en/blog`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something unexpected went wrong.");
    await expect(page.getByText("We are already trying to resolve it.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to homepage" })).toHaveAttribute("href", "/");
    const html = await response!.text();
    expect(html).not.toContain("blog_post_translations");
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);

    // A search bot sees no error screen, only a bare title.
    const bot = await request.get(`${base}/en/blog`, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(bot.status()).toBe(500);
    const botHtml = await bot.text();
    expect(botHtml).toMatch(/<h1[^>]*>Something unexpected went wrong.<\/h1><\/main>/);
    expect(botHtml).not.toMatch(/<a[^>]*>Return to homepage<\/a>/);

    // The rest of the shop keeps working.
    expect((await request.get(`${base}/api/health`)).status()).toBe(200);
    expect(output).toContain("Request failed");
  } finally {
    await sql("alter table blog_post_translations_moved rename to blog_post_translations");
  }
});

test("SIGTERM turns readiness to 503, finishes the request in flight, then refuses new connections and exits cleanly", async () => {
  // Hold the home page's queries on a lock so a request is in flight.
  const locker = new pg.Client({ connectionString: scratchUrl });
  await locker.connect();
  await locker.query("begin; lock table products in access exclusive mode");
  const inFlight = fetch(`${base}/en`);
  await new Promise((resolve) => setTimeout(resolve, 500));

  server.kill("SIGTERM");
  await expect.poll(() => output).toContain("Shutting down");
  expect((await fetch(`${base}/api/health/ready`)).status).toBe(503);
  // Once the drain is over, while the request is still held.
  await expect.poll(() => fetch(`${base}/api/health`).then(() => "answered", () => "refused")).toBe("refused");

  await locker.query("commit");
  await locker.end();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Shop the world");
  expect(await exitCode).toBe(0);
  expect(output).toContain("Shut down cleanly");
});
