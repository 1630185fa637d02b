import { expect, test } from "@playwright/test";
import type { QueryResultRow } from "pg";
import { startTcpProxy } from "../fakes/tcp-proxy";
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

/** A shopper's own cookies, kept between calls as a browser would. */
function shopper() {
  const jar = new Map<string, string>();
  const statuses: { step: string; status: number; retryAfter: string | null }[] = [];
  async function call(step: string, path: string, body?: unknown, form?: URLSearchParams) {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined && !form ? "GET" : "POST",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        origin: base,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    statuses.push({ step, status: response.status, retryAfter: response.headers.get("retry-after") });
    return response;
  }
  /** A step as a shopper takes it: asked again, a moment later, while the shop says to try again. */
  async function step(name: string, path: string, body?: unknown, form?: URLSearchParams) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const response = await call(name, path, body, form);
      if (response.status !== 503) return response;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${name} was still refused after a minute`);
  }
  return { step, statuses };
}

type Setup = { sku: string; productId: number; courier: number; point: number; country: number };

/** One order, from the cart to the sandbox's payment; the payment step is left out when the balance pays. */
async function buy(setup: Setup, who: ReturnType<typeof shopper>, key: string, payment: { card: true } | { balance: true }) {
  const added = await who.step("cart", "/api/cart/add", { sku: setup.sku, quantity: 1 });
  if (added.status !== 200) return { placed: false, refused: (await added.json()) as unknown };
  const generated = await who.step("generate", "/api/checkout/generate", {});
  expect(generated.status).toBe(200);
  const { slug } = (await generated.json()) as { slug: string };
  const address = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: setup.country };
  const shipping = { step: 3, email: `${key}@example.com`, address, shipping_method: "air", delivery_method: setup.courier, parcel_shop: setup.point };
  expect((await who.step("shipping", `/api/checkout/update/${slug}`, "balance" in payment ? { ...shipping, email: undefined } : shipping)).status).toBe(200);
  expect((await who.step("payment", `/api/checkout/update/${slug}`, { step: 4, payment: "card" in payment ? 1 : 4 })).status).toBe(200);
  const confirmed = await who.step("confirm", `/api/checkout/confirm/${slug}`, { idempotency_key: key });
  if (confirmed.status !== 200) return { placed: false, refused: (await confirmed.json()) as unknown };
  const { order_id: orderId, redirect } = (await confirmed.json()) as { order_id: number; redirect: string };
  if ("card" in payment) {
    const paid = await who.step("sandbox", new URL(redirect, base).pathname, undefined, new URLSearchParams({ outcome: "paid", delivery: "now" }));
    expect(paid.status).toBe(303);
  }
  return { placed: true, orderId };
}

async function setupShop(stock: number): Promise<Setup> {
  const [product] = await query<{ id: number; sku: string }>("select id, sku from products where is_active and listing_type = 'p' order by id limit 1");
  await query("update products set stock = $2 where id = $1", [product!.id, stock]);
  const [courier] = await query<{ id: number; country_id: number }>("select id, country_id from couriers where delivery_type = 'locker' order by id limit 1");
  const [point] = await query<{ id: number }>("select id from pickup_points where courier_id = $1 order by id limit 1", [courier!.id]);
  return { sku: product!.sku, productId: product!.id, courier: courier!.id, point: point!.id, country: courier!.country_id };
}

/** Every balance entry starts where the one before ended, and the last end is the user's stored balance. */
async function brokenBalances() {
  return query<{ user_id: number }>(`
    with chain as (
      select user_id, id, starting_balance_minor, end_balance_minor,
             lag(end_balance_minor, 1, 0::bigint) over (partition by user_id order by id) as previous_end,
             row_number() over (partition by user_id order by id desc) as from_last
      from balance_entries)
    select distinct c.user_id from chain c join users u on u.id = c.user_id
    where c.starting_balance_minor <> c.previous_end or (c.from_last = 1 and c.end_balance_minor <> u.balance_minor)`);
}

const terminateConnections = () =>
  queryOn(serverUrl!, "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);

test("connections cut while shoppers check out, pay by card and spend their balance: no 500, nothing half written, nothing sold twice", async () => {
  test.setTimeout(180_000);
  const STOCK = 6;
  const setup = await setupShop(STOCK);
  const customer = shopper();
  expect((await customer.step("login", "/api/auth/login", { email: "customer@example.com", password: "demo-customer-2026" })).status).toBe(200);
  const [{ balance_minor: balanceBefore }] = (await query<{ balance_minor: number }>("select balance_minor from users where email = 'customer@example.com'")) as [{ balance_minor: number }];

  // Four guests and the signed-in customer buy the one product, five
  // rounds each, more than its stock; meanwhile every connection of the
  // shop's is cut, again and again.
  const guests = Array.from({ length: 4 }, shopper);
  let cutting = true;
  const cuts = (async () => {
    let count = 0;
    while (cutting && count < 40) {
      await terminateConnections();
      count += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return count;
  })();
  const runs = await Promise.all([
    ...guests.map(async (guest, g) => {
      const outcomes = [];
      for (let round = 0; round < 5; round++) outcomes.push(await buy(setup, guest, `fault-guest-${g}-${round}-${Date.now()}`, { card: true }));
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
  expect(placed.length).toBeGreaterThan(0);
  // No order without its lines, and each paid order paid exactly once.
  expect(await query("select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)")).toEqual([]);
  expect(await query("select o.id from orders o where o.status = 'paid' and (select count(*) from payments p where p.order_id = o.id and p.status = 'paid') <> 1 and o.balance_minor < o.total_minor")).toEqual([]);
  // Each order the balance paid took its amount from the balance once, with its entry.
  expect(await brokenBalances()).toEqual([]);
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
