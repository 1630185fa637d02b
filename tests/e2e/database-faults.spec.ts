import { expect, test } from "@playwright/test";
import type { QueryResultRow } from "pg";
import { startTcpProxy } from "../fakes/tcp-proxy";
import { brokenBalances, readyToConfirm, setupShop, shopper, type Setup, type Shopper } from "./api-shopper";
import { createScratchDatabase, dropScratchDatabase, killServer, query as queryOn, serverUrl, startServer, type ScratchServer } from "./scratch-server";
import { freePort } from "./free-port";

// Issue 33, point 1: the database goes away under a running shop. Its
// connections are cut (pg_terminate_backend, as a restart or a failover
// does) while shoppers check out and pay, and the database is taken away
// altogether for a while. The app server lives through both: a shopper
// caught in it is told to try again (503, Retry-After, translated), never a
// 500; readiness says 503 while the database is away; the server answers
// again within 5 s of its return, untouched; and the books hold — no order
// half written, no unit sold twice, no balance moved without its entry.
// The server reaches the database through a loopback proxy the test can
// take away, so the shared test server itself is never stopped.
const PORT = freePort();
const base = `http://127.0.0.1:${PORT}`;

// `npm run faults` asks for more rounds (FAULTS_ROUNDS); `npm test` runs five.
const ROUNDS = Number(process.env.FAULTS_ROUNDS ?? 5);

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.skip(({ browserName, isMobile }) => browserName !== "chromium" || isMobile, "one window size is enough");

let databaseUrl: string;
let database: string;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: ScratchServer | undefined;
const query = <R extends QueryResultRow>(statement: string, values: unknown[] = []) => queryOn<R>(databaseUrl, statement, values);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseUrl = await createScratchDatabase("faults");
  database = new URL(databaseUrl).pathname.slice(1);
  const target = new URL(databaseUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(databaseUrl);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  server = await startServer(throughProxy.toString(), PORT, { SEED_ON_START: "always", LOG_LEVEL: "info" });
});

test.afterAll(async () => {
  await killServer(server);
  await proxy?.stop();
  await dropScratchDatabase(databaseUrl);
});

/** One order, from the cart to the sandbox's payment; the payment step is left out when the balance pays. */
async function buy(setup: Setup, who: Shopper, key: string, payment: { card: true } | { balance: true }) {
  const { slug, refused } = await readyToConfirm(setup, who, key, payment);
  if (!slug) return { placed: false, refused };
  const confirmed = await who.step("confirm", `/api/checkout/confirm/${slug}`, { idempotency_key: key });
  if (confirmed.status !== 200) return { placed: false, refused: (await confirmed.json()) as unknown };
  const { order_id: orderId, redirect } = (await confirmed.json()) as { order_id: number; redirect: string };
  if ("card" in payment) {
    const paid = await who.step("sandbox", new URL(redirect, base).pathname, undefined, new URLSearchParams({ outcome: "paid", delivery: "now" }));
    expect(paid.status).toBe(303);
  }
  return { placed: true, orderId };
}

const terminateConnections = () =>
  queryOn(serverUrl!, "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);

test("connections cut while shoppers check out, pay by card and spend their balance: no 500, nothing half written, nothing sold twice", async () => {
  test.setTimeout(36_000 * ROUNDS);
  const STOCK = 6;
  const setup = await setupShop(databaseUrl, STOCK);
  const customer = shopper(base);
  expect((await customer.step("login", "/api/auth/login", { email: "customer@example.com", password: "demo-customer-2026" })).status).toBe(200);
  const [{ balance_minor: balanceBefore }] = (await query<{ balance_minor: number }>("select balance_minor from users where email = 'customer@example.com'")) as [{ balance_minor: number }];

  // Four guests buy the one product, ROUNDS rounds each (five in `npm
  // test`), and the signed-in customer three: more than its stock;
  // meanwhile every connection of the shop's is cut, again and again.
  const guests = Array.from({ length: 4 }, () => shopper(base));
  let cutting = true;
  const cuts = (async () => {
    let count = 0;
    while (cutting && count < 8 * ROUNDS) {
      await terminateConnections();
      count += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return count;
  })();
  const runs = await Promise.all([
    ...guests.map(async (guest, g) => {
      const outcomes = [];
      for (let round = 0; round < ROUNDS; round++) outcomes.push(await buy(setup, guest, `fault-guest-${g}-${round}-${Date.now()}`, { card: true }));
      return outcomes;
    }),
    (async () => {
      const outcomes = [];
      for (let round = 0; round < 3; round++) outcomes.push(await buy(setup, customer, `fault-customer-${round}-${Date.now()}`, { balance: true }));
      return outcomes;
    })(),
  ]);
  cutting = false;
  expect(await cuts).toBeGreaterThan(3);
  const lastCut = Date.now();

  // The server lives, and is ready again within 5 s of the last cut.
  expect(server!.process.exitCode).toBeNull();
  await expect.poll(async () => (await fetch(`${base}/api/health/ready`)).status, { timeout: 5_000, intervals: [100] }).toBe(200);
  expect(Date.now() - lastCut).toBeLessThan(5_000);

  // Every answer was the step's own or "try again": no 500; every 503 said when.
  const statuses = [...guests, customer].flatMap((who) => who.statuses);
  const refused = statuses.filter((s) => s.status === 503);
  expect(statuses.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
  expect(refused.filter((s) => s.retryAfter === null)).toEqual([]);

  // The books: as many units sold as stock taken, never more than there were.
  const placed = runs.flat().filter((run) => run.placed);
  const [sold] = await query<{ units: string; orders: string }>(
    "select coalesce(sum(i.quantity), 0) as units, count(distinct i.order_id) as orders from order_items i where i.product_id = $1",
    [setup.productId],
  );
  const [{ stock }] = (await query<{ stock: number }>("select stock from products where id = $1", [setup.productId])) as [{ stock: number }];
  expect(Number(sold!.units)).toBe(STOCK - stock);
  expect(stock).toBeGreaterThanOrEqual(0);
  expect(Number(sold!.orders)).toBe(placed.length);
  expect(placed.length, JSON.stringify(runs.flat().slice(0, 3))).toBeGreaterThan(0);
  // No order without its lines, and each paid order paid exactly once.
  expect(await query("select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)")).toEqual([]);
  expect(await query("select o.id from orders o where o.status = 'paid' and (select count(*) from payments p where p.order_id = o.id and p.status = 'paid') <> 1 and o.balance_minor < o.total_minor")).toEqual([]);
  // Each order the balance paid took its amount from the balance once, with its entry.
  expect(await brokenBalances(databaseUrl)).toEqual([]);
  const [{ spent }] = (await query<{ spent: string }>(
    "select coalesce(sum(o.balance_minor), 0) as spent from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.created_at > now() - interval '10 minutes'",
  )) as [{ spent: string }];
  const [{ balance_minor: balanceAfter }] = (await query<{ balance_minor: number }>("select balance_minor from users where email = 'customer@example.com'")) as [{ balance_minor: number }];
  expect(balanceBefore - balanceAfter).toBe(Number(spent));
  expect(server!.output()).not.toMatch(/"level":60/);
});

test("the database away altogether: readiness 503, pages and API calls ask to try again in the shopper's language, and all is well within 5 s of its return", async () => {
  test.setTimeout(60_000);
  await proxy.down();
  try {
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);

    // A page that reads the database: the shopper's language, a way to ask again, and no stack.
    const page = await fetch(`${base}/lt/`, { headers: { cookie: "locale=lt" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Parduotuvė trumpam nepasiekiama. Pabandykite dar kartą po kelių sekundžių.");
    expect(html).not.toMatch(/at .*\.js:\d+/);

    // An API call: the one failure shape, translated, with Retry-After.
    const call = await fetch(`${base}/api/cart/add`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "lv", "x-locale": "lv" },
      body: JSON.stringify({ sku: "ANY-SKU", quantity: 1 }),
    });
    expect(call.status).toBe(503);
    expect(call.headers.get("retry-after")).toBe("5");
    expect(await call.json()).toEqual({ status: false, message: "Veikals īslaicīgi nav pieejams. Lūdzu, mēģiniet vēlreiz pēc dažām sekundēm." });
    expect(server!.process.exitCode).toBeNull();
  } finally {
    await proxy.up();
  }
  const back = Date.now();
  await expect.poll(async () => (await fetch(`${base}/api/health/ready`)).status, { timeout: 5_000, intervals: [100] }).toBe(200);
  expect(Date.now() - back).toBeLessThan(5_000);
  expect((await fetch(`${base}/lt/`, { headers: { cookie: "locale=lt" } })).status).toBe(200);
  expect(server!.output()).not.toMatch(/"level":60/);
});
