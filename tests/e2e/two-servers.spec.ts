import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

// Issue 13, point 7: two app servers on one PostgreSQL database, each with
// its own catalogue index. A change written to the database (as a back
// office or an import would) is seen by both servers' listings, facet
// counts and search, with no server told about it, and the counts stay
// those SQL gives.
const serverUrl = process.env.TEST_DATABASE_URL;
const PORTS = [3192, 3193].map((port) => port + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0));
const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.skip(({ browserName, isMobile }) => browserName !== "chromium" || isMobile, "one window size is enough");

let scratch: string;
let scratchUrl: string;
const servers: ChildProcess[] = [];
let output = "";

async function query<R extends pg.QueryResultRow>(statement: string, values: unknown[] = [], url = scratchUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

async function start(port: number, seed: boolean) {
  const server = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: scratchUrl,
      SEED_ON_START: seed ? "always" : "never",
      SEED_PRODUCTS: "200",
      LOG_LEVEL: "warn",
      SESSION_SECRET: randomBytes(32).toString("hex"),
    },
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  servers.push(server);
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${port} did not start:\n${output}`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = `storefront_two_${randomBytes(5).toString("hex")}`;
  await query(`create database ${scratch}`, [], serverUrl);
  const url = new URL(serverUrl!);
  url.pathname = `/${scratch}`;
  scratchUrl = url.toString();
  // The first seeds the database; the second starts on it as a server added later would.
  await start(PORTS[0]!, true);
  await start(PORTS[1]!, false);
});

test.afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  if (scratch) await query(`drop database if exists ${scratch} with (force)`, [], serverUrl);
});

type Item = { id: number; name: string; inStock: boolean };

async function items(base: string, body: Record<string, unknown>) {
  const response = await fetch(`${base}/api/search/searchForCategoryItems`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ locale: "en", limit: 48, ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { items: Item[]; total: number };
}

/** The count a category page shows beside a brand in its filters. */
async function brandCount(base: string, categoryPath: string, manufacturerId: number) {
  const html = await (await fetch(`${base}/en/c/${categoryPath}`)).text();
  const count = new RegExp(`name="f\\.manufacturer"[^>]*value="${manufacturerId}"[^>]*>\\s*<span[^>]*>[^<]*</span><span[^>]*>(\\d+)</span>`).exec(html)?.[1];
  return Number(count);
}

test("a price, a sold-out product, a new product and a new name reach both servers' listings, facet counts and search", async () => {
  const [product] = await query<{ id: string; category_id: number; path: string; manufacturer_id: number }>(`
    select p.id, p.category_id, k.path, p.manufacturer_id from products p join categories k on k.id = p.category_id
    where p.is_active and p.manufacturer_id is not null and p.stock > 0 order by p.id limit 1`);
  const id = Number(product!.id);
  const { category_id: categoryId, path, manufacturer_id: brand } = product!;
  const sqlCount = async (where = "true") =>
    Number((await query<{ n: string }>(`select count(*) as n from products where is_active and category_id = $1 and ${where}`, [categoryId]))[0]!.n);
  for (const base of bases) {
    // Each built its index in a worker thread with its own connection, off the thread that answers shoppers.
    expect(await (await fetch(`${base}/api/health/ready`)).json()).toMatchObject({ ready: true, catalogue: { builtIn: "worker" } });
    expect((await items(base, { categoryId })).total).toBe(await sqlCount());
  }

  // Cheapest now, on both.
  await query("update products set price_minor = 1, original_price_minor = greatest(original_price_minor, 1) where id = $1", [id]);
  for (const base of bases) {
    await expect.poll(async () => (await items(base, { categoryId, sort: "price_asc" })).items[0]?.id, { timeout: 5_000 }).toBe(id);
  }

  // Sold out: the cards say so at once, on both (stock is read with the cards, never from the index).
  await query("update products set stock = 0 where id = $1", [id]);
  for (const base of bases) expect((await items(base, { categoryId, sort: "price_asc" })).items[0]).toMatchObject({ id, inStock: false });

  // A new product of the same brand in the same category: totals and the brand's count follow, exactly as SQL counts.
  const [added] = await query<{ id: string }>(
    `insert into products (sku, slug, listing_type, category_id, manufacturer_id, price_minor, original_price_minor, stock, image)
     select sku || '-two', slug || '-two', listing_type, category_id, manufacturer_id, 2, greatest(original_price_minor, 2), 5, image from products where id = $1
     returning id`,
    [id],
  );
  await query(
    `insert into product_translations (product_id, language_id, name, description)
     select $1, language_id, name, description from product_translations where product_id = $2`,
    [added!.id, id],
  );
  for (const base of bases) {
    await expect.poll(async () => (await items(base, { categoryId })).total, { timeout: 5_000 }).toBe(await sqlCount());
    expect(await brandCount(base, path, brand)).toBe(await sqlCount(`manufacturer_id = ${brand}`));
  }

  // A new name: found by its new word on both, and no longer by its old ones.
  const [{ name }] = (await query<{ name: string }>(
    "select name from product_translations where product_id = $1 and language_id = (select id from languages where iso_code = 'en')",
    [id],
  )) as [{ name: string }];
  const oldWord = name.split(" ").find((word) => word.length >= 4 && /^[a-z]+$/i.test(word))!.toLowerCase();
  // The demo descriptions repeat the name: both change, as an edit of the product would.
  await query("update product_translations set name = 'Quorvantix Two-Server Edition', description = 'Made for this test.' where product_id = $1", [id]);
  for (const base of bases) {
    await expect.poll(async () => (await items(base, { q: "quorvantix" })).items.map((item) => item.id), { timeout: 5_000 }).toEqual([id]);
    expect((await items(base, { q: `${oldWord} ${name.split(" ").at(-1)}`, categoryId })).items.map((item) => item.id)).not.toContain(id);
  }
  expect(output).not.toMatch(/"level":(50|60)/);
});
