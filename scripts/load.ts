// `npm run load` (issue 33, point 4): steady load on PostgreSQL through two
// app servers. Virtual shoppers browse, search, filter, fill carts, check
// out and pay through the sandbox, at a mix like a shop's day, while twenty
// catalogue changes a second stream in; then each step's p50/p95/p99 and
// errors, and the books: no 5xx, no unit oversold or lost, every paid order
// paid exactly once at the processor and in the shop, every balance equal
// to its ledger. Exits 1 when any of that fails.
//
// `npm run soak` (point 5) is the same load for an hour, with each server's
// resident memory, heap and event-loop delay read from /metrics every
// minute; it fails when memory grows more than 10% after the warm-up.
//
//   npm run load -- [--duration 600] [--shoppers 16] [--think-ms 400] [--changes 20] [--products 3000] [--port 3300] [--skip-build] [--keep-database]
//   npm run soak -- [--duration 3600] [--sample-seconds 60] [--warm-up 0.2]
//   LOAD_DATABASE_URL=postgres://user@host:5432/storefront_load   (default: that name on TEST_DATABASE_URL's server)
//
// Everything goes to 127.0.0.1; every loop stops at the deadline, and the
// requests of a visit under way when it comes are the last.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { recordBalanceEntry } from "../app/models/balance/balance.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "../app/models/balance/balance-entry";
import { createDatabase } from "../app/models/db/db.server";
import { VOCABULARY } from "../app/models/demo-data/vocabulary";
import { SERVER_COMMAND } from "./server-command";

const { values } = parseArgs({
  options: {
    soak: { type: "boolean", default: false },
    duration: { type: "string" },
    shoppers: { type: "string", default: "16" },
    "think-ms": { type: "string", default: "400" },
    changes: { type: "string", default: "20" },
    products: { type: "string", default: "3000" },
    port: { type: "string", default: "3300" },
    "sample-seconds": { type: "string" },
    "warm-up": { type: "string", default: "0.2" },
    "max-growth": { type: "string", default: "0.10" },
    "skip-build": { type: "boolean", default: false },
    "keep-database": { type: "boolean", default: false },
  },
});
const soak = values.soak;
const durationSeconds = Number(values.duration ?? (soak ? 3600 : 600));
const sampleSeconds = Number(values["sample-seconds"] ?? (soak ? 60 : 10));
const shopperCount = Number(values.shoppers);
const thinkMs = Number(values["think-ms"]);
const changesPerSecond = Number(values.changes);
const ports = [Number(values.port), Number(values.port) + 1];
const bases = ports.map((port) => `http://127.0.0.1:${port}`);

const databaseUrl = (() => {
  if (process.env.LOAD_DATABASE_URL) return process.env.LOAD_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    console.error("Set LOAD_DATABASE_URL (a database the run may drop and create) or TEST_DATABASE_URL (a PostgreSQL server).");
    process.exit(2);
  }
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = "/storefront_load";
  return url.toString();
})();
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (!/^\w*load\w*$/.test(databaseName)) {
  console.error(`The load drops and creates its database: name one with "load" in it, not ${databaseName}.`);
  process.exit(2);
}
const adminUrl = Object.assign(new URL(databaseUrl), { pathname: "/postgres" }).toString();

// ---------------------------------------------------------------- servers

if (!values["skip-build"]) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const admin = createDatabase(adminUrl);
await sql`drop database if exists ${sql.id(databaseName)} with (force)`.execute(admin);
await sql`create database ${sql.id(databaseName)}`.execute(admin);

type Server = { process: ChildProcess; base: string; errors: string[] };
const sessionSecret = randomBytes(32).toString("hex");
const servers: Server[] = [];

function startServer(port: number, seed: boolean): Server {
  const [node, ...args] = SERVER_COMMAND;
  const child = spawn(node, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      SEED_ON_START: seed ? "always" : "never",
      SEED_PRODUCTS: values.products,
      LOG_LEVEL: "warn",
      // Payments left without an answer are asked again within the run.
      PAYMENT_RECHECK_SECONDS: "30",
      PAYMENT_RECONCILE_INTERVAL_SECONDS: "15",
      SHUTDOWN_DRAIN_MS: "0",
    },
  });
  const server: Server = { process: child, base: `http://127.0.0.1:${port}`, errors: [] };
  let pending = "";
  const read = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop()!;
    // What the server itself logs as an error or worse.
    for (const line of lines) if (/"level":(50|60)/.test(line)) server.errors.push(line.slice(0, 400));
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  servers.push(server);
  return server;
}

async function waitReady(server: Server, seconds = 900) {
  for (let i = 0; i < seconds * 4; i++) {
    if (server.process.exitCode !== null) throw new Error(`The server at ${server.base} exited with ${server.process.exitCode}: ${server.errors.join("\n")}`);
    try {
      if ((await fetch(`${server.base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${server.base} did not get ready`);
}

let finished = false;
async function stopAll() {
  for (const server of servers) if (server.process.exitCode === null) server.process.kill("SIGTERM");
  await Promise.all(servers.map((s) => (s.process.exitCode === null ? new Promise((resolve) => s.process.once("exit", resolve)) : null)));
  if (!values["keep-database"]) await sql`drop database if exists ${sql.id(databaseName)} with (force)`.execute(admin).catch(() => {});
  await admin.destroy();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (finished) return;
    finished = true;
    void stopAll().finally(() => process.exit(130));
  });
}

console.log(`Seeding ${values.products} products into ${databaseName} and starting two servers on ${ports.join(" and ")}…`);
const seeded = startServer(ports[0]!, true);
await waitReady(seeded);
await waitReady(startServer(ports[1]!, false));

// ---------------------------------------------------------------- the shop as the shoppers find it

const database = createDatabase(databaseUrl);
// Listings by their paths (a top category's slug, or "parent/child"), as the shop links them.
const categories = (await sql<{ path: string }>`select c.path from categories c where exists (select 1 from products p where p.category_id = c.id and p.is_active) order by c.id`.execute(database)).rows.map(
  (row) => row.path,
);
const buyable = (
  await sql<{ id: number; sku: string; slug: string }>`
    select id, sku, slug from products where is_active and listing_type = 'p' and seller_id is null and stock > 0 order by id`.execute(database)
).rows;
// A few products sell out during the run: shoppers meet "not enough stock", and the books must still hold.
const hot = buyable.slice(0, 4);
await sql`update products set stock = 12 where id in (${sql.join(hot.map((p) => p.id))})`.execute(database);
const [courier] = (await sql<{ id: number; country_id: number }>`select id, country_id from couriers where delivery_type = 'locker' order by id limit 1`.execute(database)).rows;
const [point] = (await sql<{ id: number }>`select id from pickup_points where courier_id = ${courier!.id} order by id limit 1`.execute(database)).rows;
// The demo customer pays from the balance: an operator's credit covers the run.
const [customer] = (await sql<{ id: number }>`select id from users where email = 'customer@example.com'`.execute(database)).rows;
await database.transaction().execute((trx) =>
  recordBalanceEntry({ userId: customer!.id, relType: BALANCE_REL_TYPE.manualByAdmin, type: BALANCE_TYPE.addition, amountMinor: 50_000_000, reason: "Load test credit" }, trx),
);
const stockBefore = new Map((await sql<{ id: number; stock: number }>`select id, stock from products`.execute(database)).rows.map((row) => [row.id, row.stock]));
const startedAt = new Date();

const searchTexts = Object.values(VOCABULARY).flatMap(({ types }) =>
  types.flatMap(([en]) => {
    const word = en.split(" ").at(-1)!.toLowerCase();
    return [en.toLowerCase(), word.slice(0, 4)];
  }),
);

/** Filters a listing page offers: brand and option values, read from its own form. */
const filterCache = new Map<string, string[]>();
function filtersOf(html: string) {
  return [...html.matchAll(/name="(f\.[\w.]+)"[^>]*value="(\d+)"/g)].map(([, name, value]) => `${name}=${value}`);
}

// ---------------------------------------------------------------- measuring

type Sample = { ms: number; status: number };
const samples = new Map<string, Sample[]>();
const failures: string[] = [];
const refusals = new Map<string, number>();

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One virtual shopper: their cookies, and the server the "load balancer" sends each request to. */
function visitor(id: number) {
  const jar = new Map<string, string>();
  let turn = id;
  async function request(step: string, path: string, init: { json?: unknown; form?: Record<string, string>; refusable?: boolean } = {}) {
    const base = bases[turn++ % bases.length]!;
    const started = performance.now();
    let status = 0;
    let text = "";
    let location: string | null = null;
    try {
      const response = await fetch(`${base}${path}`, {
        method: init.json !== undefined || init.form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
          origin: base,
          ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : init.json !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: init.form ? new URLSearchParams(init.form) : init.json !== undefined ? JSON.stringify(init.json) : undefined,
      });
      status = response.status;
      location = response.headers.get("location");
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      text = await response.text();
    } catch (error) {
      failures.push(`${step} ${path}: ${(error as Error).message}`);
    }
    const ms = performance.now() - started;
    if (!samples.has(step)) samples.set(step, []);
    samples.get(step)!.push({ ms, status });
    if (status >= 500) failures.push(`${step} ${path}: ${status} ${text.slice(0, 200)}`);
    else if (status >= 400 && init.refusable) refusals.set(step, (refusals.get(step) ?? 0) + 1);
    else if (status >= 400) failures.push(`${step} ${path}: ${status} ${text.slice(0, 200)}`);
    return { status, text, location, ok: status >= 200 && status < 400 };
  }
  return { request };
}

type Visitor = ReturnType<typeof visitor>;

async function browse(v: Visitor) {
  await v.request("home", "/en");
  await pause(thinkMs);
  const category = pick(categories);
  const listing = await v.request("category", `/en/c/${category}`);
  if (!filterCache.has(category)) filterCache.set(category, filtersOf(listing.text));
  await pause(thinkMs);
  await v.request("product", `/en/p/${pick(buyable).slug}`);
}

async function search(v: Visitor) {
  const text = pick(searchTexts);
  await v.request("suggest", `/api/search/suggest?q=${encodeURIComponent(text.slice(0, 3))}&locale=en`);
  await v.request("search", `/en/search?q=${encodeURIComponent(text)}`);
  await pause(thinkMs);
  await v.request("product", `/en/p/${pick(buyable).slug}`);
}

async function filter(v: Visitor) {
  const category = pick(categories);
  const filters = filterCache.get(category) ?? filtersOf((await v.request("category", `/en/c/${category}`)).text);
  filterCache.set(category, filters);
  // One or two of its filters and a price bound, then the next page of the same.
  const chosen = [...new Set([pick(filters), pick(filters)])].filter(Boolean);
  const price = `f.current_price.lte=${50 + Math.floor(Math.random() * 200)}`;
  await v.request("filter", `/en/c/${category}?${[...chosen, price].join("&")}`);
  await pause(thinkMs);
  await v.request("filter", `/en/c/${category}?${[...chosen, price, "page=2"].join("&")}`);
}

async function addToCart(v: Visitor, product = Math.random() < 0.3 ? pick(hot) : pick(buyable)) {
  await v.request("product", `/en/p/${product.slug}`);
  await pause(thinkMs);
  const added = await v.request("add to cart", "/api/cart/add", { json: { sku: product.sku, quantity: 1 }, refusable: true });
  if (added.ok) await v.request("cart", "/en/cart");
  return added.ok;
}

const outcomes = { placed: 0, paid: 0, declined: 0, unanswered: 0, balance: 0, refused: 0 };

async function checkout(v: Visitor, byBalance: boolean) {
  if (!(await addToCart(v))) return;
  const generated = await v.request("checkout", "/api/checkout/generate", { json: {}, refusable: true });
  if (!generated.ok) return;
  const { slug } = JSON.parse(generated.text) as { slug: string };
  const key = `load-${randomBytes(9).toString("hex")}`;
  const address = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: courier!.country_id };
  await pause(thinkMs);
  // The signed-in shoppers share the demo customer's account, and so its
  // cart, as one person's tabs do: a checkout one of them starts ends the
  // other's open one (one open checkout a cart), which then answers 410
  // "start again", a refusal the shopper reads, not a fault.
  const shipping = await v.request("checkout", `/api/checkout/update/${slug}`, {
    json: { step: 3, ...(byBalance ? {} : { email: `${key}@example.com` }), address, shipping_method: "air", delivery_method: courier!.id, parcel_shop: point!.id },
    refusable: true,
  });
  if (!shipping.ok) return;
  const payment = await v.request("checkout", `/api/checkout/update/${slug}`, { json: { step: 4, payment: byBalance ? 4 : 1 }, refusable: true });
  if (!payment.ok) return;
  await pause(thinkMs);
  // Prices that changed meanwhile, stock sold out meanwhile: refusals a shopper reads, not faults.
  const confirmed = await v.request("confirm", `/api/checkout/confirm/${slug}`, { json: { idempotency_key: key }, refusable: true });
  if (!confirmed.ok) {
    outcomes.refused += 1;
    return;
  }
  outcomes.placed += 1;
  const { redirect } = JSON.parse(confirmed.text) as { redirect: string };
  if (byBalance) {
    outcomes.balance += 1;
    return;
  }
  const roll = Math.random();
  const choice = roll < 0.85 ? { outcome: "paid", delivery: "now" } : roll < 0.93 ? { outcome: "declined", delivery: "now" } : { outcome: "paid", delivery: "never" };
  await pause(thinkMs);
  const bank = await v.request("pay", new URL(redirect, bases[0]).pathname, { form: choice });
  if (bank.status !== 303 || !bank.location) return;
  if (choice.delivery === "never") {
    // Never comes back either: reconciliation settles it.
    outcomes.unanswered += 1;
    return;
  }
  const back = new URL(bank.location, bases[0]);
  await v.request("payment return", `${back.pathname}${back.search}`);
  if (choice.outcome === "paid") outcomes.paid += 1;
  else outcomes.declined += 1;
}

/** The day's mix: most visits look, fewer fill a cart, one in ten buys; a signed-in customer pays one order in five from the balance. */
const MIX: [number, (v: Visitor, customer: boolean) => Promise<unknown>][] = [
  [0.32, browse],
  [0.22, search],
  [0.16, filter],
  [0.18, (v) => addToCart(v)],
  [0.12, (v, signedIn) => checkout(v, signedIn && Math.random() < 0.5)],
];

async function shop(id: number, deadline: number) {
  const v = visitor(id);
  // One shopper in five is the demo customer, signed in once.
  const signedIn = id % 5 === 0;
  if (signedIn) await v.request("sign in", "/api/auth/login", { json: { email: "customer@example.com", password: "demo-customer-2026" } });
  while (performance.now() < deadline) {
    let roll = Math.random();
    const visit = MIX.find(([share]) => (roll -= share) < 0)?.[1] ?? browse;
    await visit(v, signedIn);
    await pause(thinkMs * (0.5 + Math.random()));
  }
}

/** Twenty catalogue changes a second: a price a cent up or down, or a few units more in stock, of random products. */
const stockAdded = new Map<number, number>();
let changes = 0;
async function changeCatalogue(deadline: number) {
  const ids = [...stockBefore.keys()];
  const interval = 1000 / changesPerSecond;
  let next = performance.now();
  while (performance.now() < deadline) {
    const id = pick(ids);
    if (changes % 2) {
      const units = 1 + Math.floor(Math.random() * 3);
      await sql`update products set stock = stock + ${units} where id = ${id}`.execute(database);
      stockAdded.set(id, (stockAdded.get(id) ?? 0) + units);
    } else {
      const step = Math.random() < 0.5 ? -1 : 1;
      await sql`update products set price_minor = greatest(price_minor + ${step}, 100), original_price_minor = greatest(original_price_minor, price_minor + ${step}) where id = ${id}`.execute(database);
    }
    changes += 1;
    next += interval;
    await pause(Math.max(0, next - performance.now()));
  }
}

// ---------------------------------------------------------------- memory and delay over time (the soak)

type Reading = { at: number; server: number; rssMb: number; heapMb: number; lagP99Ms: number; lagMaxMs: number; poolWaiting: number; serverErrors: number };
const readings: Reading[] = [];

function metric(text: string, name: string) {
  let total = 0;
  for (const line of text.split("\n")) if (line.startsWith(name) && (line[name.length] === " " || line[name.length] === "{")) total += Number(line.slice(line.lastIndexOf(" ") + 1));
  return total;
}

async function readMetrics(elapsed: number) {
  for (const [index, base] of bases.entries()) {
    const text = await (await fetch(`${base}/metrics`)).text();
    readings.push({
      at: elapsed,
      server: index + 1,
      rssMb: Math.round(metric(text, "process_resident_memory_bytes") / 1e6),
      heapMb: Math.round(metric(text, "nodejs_heap_size_used_bytes") / 1e6),
      lagP99Ms: Math.round(metric(text, "nodejs_eventloop_lag_p99_seconds") * 1000),
      lagMaxMs: Math.round(metric(text, "nodejs_eventloop_lag_max_seconds") * 1000),
      poolWaiting: metric(text, "storefront_db_pool_waiting"),
      serverErrors: metric(text, "storefront_http_server_errors_total"),
    });
  }
}

async function sampleMetrics(deadline: number, started: number) {
  await readMetrics(0);
  while (performance.now() < deadline) {
    await pause(Math.min(sampleSeconds * 1000, Math.max(0, deadline - performance.now())));
    await readMetrics(Math.round((performance.now() - started) / 1000));
  }
}

// ---------------------------------------------------------------- the run

console.log(
  `${soak ? "Soak" : "Load"}: ${shopperCount} shoppers over two servers, ${changesPerSecond} catalogue changes a second, for ${durationSeconds}s; ${buyable.length} buyable products in ${categories.length} categories.`,
);
const started = performance.now();
const deadline = started + durationSeconds * 1000;
await Promise.all([
  ...Array.from({ length: shopperCount }, (_, id) => pause(id * 150).then(() => shop(id, deadline))),
  changeCatalogue(deadline),
  sampleMetrics(deadline, started),
]);
const seconds = (performance.now() - started) / 1000;
// Payments whose shoppers never came back are settled by reconciliation; give it a round.
await pause(2_000);

// ---------------------------------------------------------------- the report

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const stepRows = [...samples].map(([step, list]) => {
  const times = list.map((s) => s.ms).sort((a, b) => a - b);
  return {
    step,
    requests: list.length,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    fivexx: list.filter((s) => s.status >= 500).length,
    failed: list.filter((s) => s.status === 0 || (s.status >= 400 && s.status < 500)).length - (refusals.get(step) ?? 0),
    refused: refusals.get(step) ?? 0,
  };
});
const total = stepRows.reduce((sum, row) => sum + row.requests, 0);
console.log(`\n${total.toLocaleString("en")} requests in ${seconds.toFixed(0)}s (${(total / seconds).toFixed(1)}/s); ${changes} catalogue changes (${(changes / seconds).toFixed(1)}/s)`);
console.log("step              requests     p50     p95     p99 ms   5xx  failed  refused");
for (const row of stepRows) {
  console.log(
    `${row.step.padEnd(16)} ${String(row.requests).padStart(9)} ${row.p50.toFixed(0).padStart(7)} ${row.p95.toFixed(0).padStart(7)} ${row.p99.toFixed(0).padStart(7)}    ${String(row.fivexx).padStart(4)}  ${String(row.failed).padStart(6)}  ${String(row.refused).padStart(7)}`,
  );
}
console.log(
  `orders: ${outcomes.placed} placed (${outcomes.balance} from the balance), ${outcomes.paid} paid by card, ${outcomes.declined} declined, ${outcomes.unanswered} left to reconciliation; ${outcomes.refused} confirms refused (prices changed, sold out)`,
);

// The books, read from the database.
type Count = { n: string };
const count = async (query: ReturnType<typeof sql<Count>>) => Number((await query.execute(database)).rows[0]!.n);
const problems: string[] = [];
const fivexx = stepRows.reduce((sum, row) => sum + row.fivexx, 0);
if (fivexx > 0) problems.push(`${fivexx} answers of 5xx`);
const otherFailures = stepRows.reduce((sum, row) => sum + row.failed, 0);
if (otherFailures > 0) problems.push(`${otherFailures} requests failed otherwise (network errors, unexpected 4xx)`);
if (failures.length) console.log(`first failures:\n  ${failures.slice(0, 10).join("\n  ")}`);

const sold = new Map(
  (await sql<{ id: number; units: string }>`select i.product_id as id, sum(i.quantity) as units from order_items i join orders o on o.id = i.order_id where o.created_at >= ${startedAt} group by i.product_id`.execute(database)).rows.map((row) => [
    row.id,
    Number(row.units),
  ]),
);
const stockAfter = (await sql<{ id: number; stock: number }>`select id, stock from products`.execute(database)).rows;
let oversold = 0;
let lost = 0;
for (const { id, stock } of stockAfter) {
  const expected = (stockBefore.get(id) ?? 0) + (stockAdded.get(id) ?? 0) - (sold.get(id) ?? 0);
  if (stock < 0) oversold += -stock;
  if (stock !== expected) lost += Math.abs(stock - expected);
}
if (oversold) problems.push(`${oversold} units oversold`);
if (lost) problems.push(`${lost} units of stock unaccounted for (stock ≠ before + added − sold)`);
const hotSold = hot.reduce((sum, p) => sum + (sold.get(p.id) ?? 0), 0);

const paidTwice = await count(sql<Count>`
  select count(*) as n from orders o where o.created_at >= ${startedAt} and o.status = 'paid' and o.balance_minor < o.total_minor
     and (select count(*) from payments p where p.order_id = o.id and p.status = 'paid') <> 1`);
if (paidTwice) problems.push(`${paidTwice} paid orders without exactly one paid payment`);
const chargedTwice = await count(sql<Count>`
  select count(*) as n from orders o where o.created_at >= ${startedAt}
     and (select count(*) from sandbox_payments s join payments p on p.processor_ref = s.ref where p.order_id = o.id and s.status = 'paid') > 1`);
if (chargedTwice) problems.push(`${chargedTwice} orders charged more than once at the processor`);
const paidUnrecorded = await count(sql<Count>`
  select count(*) as n from sandbox_payments s join payments p on p.processor_ref = s.ref
   where s.status = 'paid' and p.status <> 'paid' and p.created_at < now() - interval '60 seconds'`);
if (paidUnrecorded) problems.push(`${paidUnrecorded} payments the processor took over a minute ago and the shop has not settled`);
const bare = await count(sql<Count>`select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id) and o.kind = 'marketplace' and o.created_at >= ${startedAt}`);
if (bare) problems.push(`${bare} orders without lines`);
const broken = await count(sql<Count>`
  with chain as (
    select user_id, starting_balance_minor, end_balance_minor,
           lag(end_balance_minor, 1, 0::bigint) over (partition by user_id order by id) as previous_end,
           row_number() over (partition by user_id order by id desc) as from_last
    from balance_entries)
  select count(distinct c.user_id) as n from chain c join users u on u.id = c.user_id
   where c.starting_balance_minor <> c.previous_end or (c.from_last = 1 and c.end_balance_minor <> u.balance_minor)`);
if (broken) problems.push(`${broken} balances not equal to their ledger`);
const paidOrders = await count(sql<Count>`select count(*) as n from orders where created_at >= ${startedAt} and status = 'paid'`);
console.log(
  `books: ${paidOrders} orders paid; ${sold.size} products sold, ${hotSold} units of the ${hot.length} scarce ones (${hot.length * 12} in stock at the start, more added by the changes); oversold ${oversold}, unaccounted ${lost}; paid orders not paid exactly once ${paidTwice}; charged twice ${chargedTwice}; balances off their ledger ${broken}`,
);
const serverErrors = servers.reduce((sum, server) => sum + server.errors.length, 0);
if (serverErrors) {
  problems.push(`${serverErrors} errors in the servers' logs`);
  console.log(`first logged errors:\n  ${servers.flatMap((s) => s.errors).slice(0, 5).join("\n  ")}`);
}

// Memory and delay over time.
console.log("\nseconds  server  RSS MB  heap MB  loop p99 ms  loop max ms  pool waiting");
for (const r of readings) {
  console.log(`${String(r.at).padStart(7)}  ${String(r.server).padStart(6)}  ${String(r.rssMb).padStart(6)}  ${String(r.heapMb).padStart(7)}  ${String(r.lagP99Ms).padStart(11)}  ${String(r.lagMaxMs).padStart(11)}  ${String(r.poolWaiting).padStart(12)}`);
}
// The servers' own count, from the first reading (its 503s while starting are not the run's) to the last.
const fromMetrics = [1, 2].reduce((sum, server) => {
  const mine = readings.filter((r) => r.server === server);
  return sum + (mine.at(-1)?.serverErrors ?? 0) - (mine[0]?.serverErrors ?? 0);
}, 0);
if (fromMetrics && !fivexx) problems.push(`${fromMetrics} 5xx counted by the servers' metrics`);
if (soak) {
  // After the warm-up, the memory of the last third of the readings against the first third's (medians, so
  // that one reading just before or after a garbage collection decides nothing): growth beyond the bound is a leak.
  const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
  for (const server of [1, 2]) {
    const mine = readings.filter((r) => r.server === server);
    const after = mine.filter((r) => r.at >= durationSeconds * Number(values["warm-up"]));
    if (after.length < 3) {
      problems.push(`server ${server}: fewer than three readings after the warm-up; run longer or sample more often`);
      continue;
    }
    const third = Math.floor(after.length / 3);
    const first = median(after.slice(0, third).map((r) => r.rssMb));
    const last = median(after.slice(-third).map((r) => r.rssMb));
    const growth = (last - first) / first;
    const lag = median(after.map((r) => r.lagP99Ms));
    console.log(
      `server ${server}: resident memory ${first} MB after the warm-up, ${last} MB at the end (${(growth * 100).toFixed(1)}%), at most ${Math.max(...mine.map((r) => r.rssMb))} MB; event-loop delay p99 ${lag} ms (median of the readings)`,
    );
    if (growth > Number(values["max-growth"])) problems.push(`server ${server}'s memory grew ${(growth * 100).toFixed(1)}% after the warm-up`);
  }
}

mkdirSync("bench-results", { recursive: true });
const file = `bench-results/${soak ? "soak" : "load"}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ seconds, shoppers: shopperCount, changes, steps: stepRows, outcomes, readings, problems }, null, 2));
console.log(`\n${problems.length ? `✖ ${problems.join("; ")}` : "✔ no 5xx, nothing oversold or lost, every paid order paid once, every balance equal to its ledger"} (${file})`);

finished = true;
await database.destroy();
await stopAll();
process.exit(problems.length ? 1 : 0);
