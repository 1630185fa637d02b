import { expect, test } from "@playwright/test";
import type pg from "pg";
import { createScratchDatabase, dropScratchDatabase, killServer, query as queryOn, serverUrl, startServer, type ScratchServer } from "./scratch-server";
import { freePort } from "./free-port";

// Issue 13, point 7: two app servers on one PostgreSQL database, each with
// its own catalogue index. A change written to the database (as a back
// office or an import would) is seen by both servers' listings, facet
// counts and search, with no server told about it, and the counts stay
// those SQL gives.
const PORTS = [freePort(), freePort()];
const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs a PostgreSQL server in TEST_DATABASE_URL");
test.skip(({ browserName, isMobile }) => browserName !== "chromium" || isMobile, "one window size is enough");

let scratchUrl: string;
const servers: ScratchServer[] = [];

const query = <R extends pg.QueryResultRow>(statement: string, values: unknown[] = []) => queryOn<R>(scratchUrl, statement, values);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratchUrl = await createScratchDatabase("two");
  // The first seeds the database; the second starts on it as a server added later would.
  servers.push(await startServer(scratchUrl, PORTS[0]!, { SEED_ON_START: "always" }));
  servers.push(await startServer(scratchUrl, PORTS[1]!, { SEED_ON_START: "never" }));
});

test.afterAll(async () => {
  for (const server of servers) await killServer(server);
  await dropScratchDatabase(scratchUrl);
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
  // The brands' whole list: a long one comes short, and this brand may be past its first few.
  const html = await (await fetch(`${base}/en/c/${categoryPath}?more=manufacturer`)).text();
  const count = new RegExp(`name="f\\.manufacturer"[^>]*value="${manufacturerId}"[^>]*/>[^<]*<span>(\\d+)</span>`).exec(html)?.[1];
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
  for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
});
