import { expect, test } from "@playwright/test";
import type { QueryResultRow } from "pg";
import type { FaultPoint } from "../../app/platform/fault-points";
import { readyToConfirm, setupShop, shopper, type Setup, type Shopper } from "./api-shopper";
import { createScratchDatabase, dropScratchDatabase, killServer, query as queryOn, serverUrl, startServer, type ScratchServer } from "./scratch-server";
import { freePort } from "./free-port";

// Issue 33, point 2: an app server is SIGKILLed (a power cut, the kernel's
// out-of-memory killer) at the worst moments of an order's confirm and of a
// payment's settlement. The server is started with FAULT_PAUSE_AT naming
// one point (app/platform/fault-points.ts); a request that reaches it logs
// so and waits, and the test kills the process right there. Started again,
// the shop must hold: the shopper who asks again with the same idempotency
// key gets the same order, the shopper's return, or reconciliation when
// nobody returns, settles each payment exactly once, and the processor
// (the sandbox, which keeps its own books) took the money once.
//
// The tests run in order on one database, each on the state the one before
// left (and on the server it started, with the next point to pause at): two
// shoppers' checkouts go through the four kills.
const PORT = freePort();
const base = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.skip(({ browserName, isMobile }) => browserName !== "chromium" || isMobile, "one window size is enough");

let databaseUrl: string;
let server: ScratchServer | undefined;
let setup: Setup;
const query = <R extends QueryResultRow>(statement: string, values: unknown[] = []) => queryOn<R>(databaseUrl, statement, values);

/** A production server that pauses at `points`; reconciliation only when asked for. */
async function restart(points: FaultPoint[], env: Record<string, string> = {}) {
  await killServer(server);
  server = await startServer(databaseUrl, PORT, { SEED_ON_START: "never", SEED_PRODUCTS: "50", FAULT_PAUSE_AT: points.join(","), PAYMENT_RECONCILE_INTERVAL_SECONDS: "0", ...env });
}

/** Sends a request and kills the server once it has paused at `point`; the request is cut. */
async function killAt(point: FaultPoint, request: () => Promise<Response>) {
  const answer = request().then(
    (response) => `answered ${response.status}`,
    () => "cut",
  );
  await expect.poll(() => server!.output(), { timeout: 15_000 }).toContain(`"point":"${point}"`);
  await killServer(server);
  expect(await answer).toBe("cut");
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseUrl = await createScratchDatabase("kill");
  // The first server is the first test's: the steps before the confirm do not reach its point.
  await restart(["order.before-commit"], { SEED_ON_START: "always" });
  setup = await setupShop(databaseUrl, 5);
});

test.afterAll(async () => {
  await killServer(server);
  await dropScratchDatabase(databaseUrl);
});

type Books = { orders: string; units: string; stock: number; state: string };

/** The checkout's orders, the units they took, the product's stock and the checkout's state. */
async function books(slug: string) {
  const [row] = await query<Books>(
    `select (select count(*) from orders where checkout_slug = $1) as orders,
            (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id where o.checkout_slug = $1) as units,
            (select stock from products where id = $2) as stock,
            (select state from checkouts where slug = $1) as state`,
    [slug, setup.productId],
  );
  return row!;
}

type Payments = { status: string; paid_at: Date | null; paid: string; payments: string; charged: string };

/** An order's status, its payments, and what the sandbox took for it: the processor's own books. */
async function payments(orderId: number) {
  const [row] = await query<Payments>(
    `select o.status, o.paid_at,
            (select count(*) from payments p where p.order_id = o.id and p.status = 'paid') as paid,
            (select count(*) from payments p where p.order_id = o.id) as payments,
            (select count(*) from sandbox_payments s join payments p on p.processor_ref = s.ref where p.order_id = o.id and s.status = 'paid') as charged
       from orders o where o.id = $1`,
    [orderId],
  );
  return row!;
}

const shoppers: { who: Shopper; key: string; slug: string; orderId?: number; returnUrl?: string }[] = [];
const confirm = (s: (typeof shoppers)[number]) => s.who.call("confirm", `/api/checkout/confirm/${s.slug}`, { idempotency_key: s.key });

test("killed during the confirm before the order commits: nothing is written", async () => {
  test.setTimeout(120_000);
  for (const name of ["ona", "jonas"]) {
    const who = shopper(base, "en");
    const key = `kill-${name}-${Date.now()}`;
    const { slug } = await readyToConfirm(setup, who, key, { card: true });
    shoppers.push({ who, key, slug: slug! });
  }
  const [ona] = shoppers as [(typeof shoppers)[number]];
  await killAt("order.before-commit", () => confirm(ona));
  // Rolled back whole: no order, no line, no unit taken, the checkout still open.
  expect(await books(ona.slug)).toEqual({ orders: "0", units: "0", stock: 5, state: "open" });
});

test("the retry places the order; killed after it commits and before the shopper hears, the next retries with the same key get that order, once", async () => {
  test.setTimeout(120_000);
  const [ona] = shoppers as [(typeof shoppers)[number]];
  await restart(["order.after-commit"]);
  // The shopper asks again: this time the order is written, and the server dies before answering.
  await killAt("order.after-commit", () => confirm(ona));
  expect(await books(ona.slug)).toEqual({ orders: "1", units: "1", stock: 4, state: "placed" });
  const [{ id: written }] = (await query<{ id: string }>("select id from orders where checkout_slug = $1", [ona.slug])) as [{ id: string }];

  // The next test's server: a confirm of a placed order does not reach its point.
  await restart(["payment.before-commit"]);
  // The shopper asks again, twice (a reload, a double click): the same order each time.
  for (let i = 0; i < 2; i++) {
    const again = await confirm(ona);
    expect(again.status).toBe(200);
    const { order_id: orderId, redirect } = (await again.json()) as { order_id: number; redirect: string };
    expect(orderId).toBe(Number(written));
    expect(redirect).toMatch(/\/en\/payment\/sandbox\/sbx_/);
    ona.orderId = orderId;
  }
  expect(await books(ona.slug)).toEqual({ orders: "1", units: "1", stock: 4, state: "placed" });
});

test("killed while the shopper's return settles the payment, before it commits: nothing is settled", async () => {
  test.setTimeout(120_000);
  const [ona, jonas] = shoppers as [(typeof shoppers)[number], (typeof shoppers)[number]];
  // The second shopper's order is placed plainly; both pay at the bank, which sends no notice.
  const placed = await confirm(jonas);
  expect(placed.status).toBe(200);
  jonas.orderId = ((await placed.json()) as { order_id: number }).order_id;
  for (const s of [ona, jonas]) {
    const again = await confirm(s);
    const { redirect } = (await again.json()) as { redirect: string };
    const paid = await s.who.call("sandbox", new URL(redirect, base).pathname, undefined, new URLSearchParams({ outcome: "paid", delivery: "never" }));
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!, base);
    s.returnUrl = `${back.pathname}${back.search}`;
    expect(s.returnUrl).toMatch(/^\/en\/payment\/accept\?payment=/);
  }

  // Jonas comes back from the bank: his return settles his payment, and the server dies inside it.
  await killAt("payment.before-commit", () => jonas.who.call("return", jonas.returnUrl!));
  // Rolled back whole: the bank has the money, the shop has not recorded it.
  expect(await payments(jonas.orderId!)).toMatchObject({ status: "unpaid", paid_at: null, paid: "0", payments: "1", charged: "1" });
  // The next test's server, still without reconciliation: Jonas's payment waits for it.
  await restart(["payment.after-commit"]);
});

test("killed after the return settled the payment, before the shopper hears: it is settled, once", async () => {
  test.setTimeout(120_000);
  const [ona] = shoppers as [(typeof shoppers)[number]];
  await killAt("payment.after-commit", () => ona.who.call("return", ona.returnUrl!));
  expect(await payments(ona.orderId!)).toMatchObject({ status: "paid", paid: "1", payments: "1", charged: "1" });
});

test("started again: reconciliation pays the payment nobody came back for, every return shows it paid, and each order is paid and charged once", async () => {
  test.setTimeout(120_000);
  const [ona, jonas] = shoppers as [(typeof shoppers)[number], (typeof shoppers)[number]];
  const settled = await payments(ona.orderId!);
  await restart([], { PAYMENT_RECONCILE_INTERVAL_SECONDS: "1", PAYMENT_RECHECK_SECONDS: "1" });
  // Jonas never comes back: the shop asks the bank itself.
  await expect.poll(async () => (await payments(jonas.orderId!)).status, { timeout: 30_000 }).toBe("paid");
  const reconciled = await payments(jonas.orderId!);
  expect(reconciled).toMatchObject({ paid: "1", payments: "1", charged: "1" });
  for (const s of [ona, jonas]) {
    const page = await s.who.call("return", s.returnUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Payment received");
  }
  // A few reconciliation rounds later, nothing has moved: each order paid once, charged once, at the time it was first settled.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await payments(ona.orderId!)).toEqual(settled);
  expect(await payments(jonas.orderId!)).toEqual(reconciled);
  // Two orders of one unit each, two units taken from the five; no payment of theirs left pending or flagged.
  const slugs = shoppers.map((s) => s.slug);
  const [sold] = await query<{ orders: string; units: string; stock: number; open: string }>(
    `select (select count(*) from orders where checkout_slug = any($1)) as orders,
            (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id where o.checkout_slug = any($1)) as units,
            (select stock from products where id = $2) as stock,
            (select count(*) from payments p join orders o on o.id = p.order_id where o.checkout_slug = any($1) and p.status <> 'paid') as open`,
    [slugs, setup.productId],
  );
  expect(sold).toEqual({ orders: "2", units: "2", stock: 3, open: "0" });
  expect(server!.output()).not.toMatch(/"level":(50|60)/);
});
