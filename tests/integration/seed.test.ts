import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { DEMO_ACCOUNTS, seedDemoData, type SeedSummary } from "~/models/demo-data/index.server";
import { verifyPassword } from "~/models/accounts/passwords.server";
import { COMMAND_LINE } from "~/models/audit/audit.server";
import { refundOrder } from "~/models/payments/refunds.server";
import { listTopCategories } from "~/models/catalogue/catalogue.server";
import { loader as homePage } from "~/routes/shop/home";

// Runs on the test project's database (in-memory PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set); tests/integration/setup.ts has migrated it.
const PRODUCTS = 200;
const LANGUAGE_COUNT = 4;

/** A fingerprint of the generated catalogue, computed by the database. */
async function catalogueDigest() {
  const { rows } = await sql<{ digest: string }>`
    select md5(string_agg(
      p.id || ':' || p.sku || ':' || p.slug || ':' || p.price_minor || ':' || p.original_price_minor || ':' ||
      p.stock || ':' || p.paid_amount || ':' || t.name || ':' || t.description,
      '|' order by p.id, t.language_id)) as digest
    from products p join product_translations t on t.product_id = p.id`.execute(db());
  return rows[0]!.digest;
}

/** Foreign keys of the tables the seed bulk-loads; it lifts them while loading. */
async function catalogueForeignKeys() {
  const { rows } = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where contype = 'f' and conrelid in ('products'::regclass, 'product_translations'::regclass,
      'product_additional_values'::regclass, 'product_flags'::regclass)
    order by conname`.execute(db());
  return rows;
}

async function count(table: "products" | "product_translations" | "languages" | "categories" | "users" | "orders" | "sites") {
  const row = await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("demo data", () => {
  let summary: SeedSummary;

  beforeAll(async () => {
    summary = await seedDemoData(db(), { products: PRODUCTS, seed: 1 });
  });

  it("creates as many products as asked, each named in all four languages", async () => {
    expect(summary.products).toBe(PRODUCTS);
    expect(await count("products")).toBe(PRODUCTS);
    expect(await count("product_translations")).toBe(PRODUCTS * LANGUAGE_COUNT);
    const incomplete = await db()
      .selectFrom("products as p")
      .leftJoin("product_translations as t", "t.product_id", "p.id")
      .select("p.id")
      .groupBy("p.id")
      .having((eb) => eb.fn.count("t.language_id").distinct(), "<>", LANGUAGE_COUNT)
      .execute();
    expect(incomplete).toEqual([]);
  });

  it("has the fixed top-level categories, translated into every language", async () => {
    const rows = await db()
      .selectFrom("categories as c")
      .innerJoin("category_translations as t", "t.category_id", "c.id")
      .innerJoin("languages as l", "l.id", "t.language_id")
      .select(["c.id", "c.slug", "c.parent_id", "l.iso_code", "t.name"])
      .where("c.id", "<=", 5)
      .execute();
    const expected = { 1: "Electronics", 2: "Clothes", 3: "Footwear", 4: "Accessories", 5: "Cosmetics" };
    for (const [id, english] of Object.entries(expected)) {
      const names = Object.fromEntries(rows.filter((r) => r.id === Number(id)).map((r) => [r.iso_code, r.name]));
      expect(Object.keys(names).sort()).toEqual(["ee", "en", "lt", "lv"]);
      expect(names.en).toBe(english);
      // Real translations, not English copies.
      expect(names.lt).not.toBe(english);
      expect(names.ee).not.toBe(english);
      expect(rows.find((r) => r.id === Number(id))?.parent_id).toBeNull();
    }
    const children = await db().selectFrom("categories").select(["parent_id", "path"]).where("parent_id", "is not", null).execute();
    for (const id of [1, 2, 3, 4, 5]) {
      const own = children.filter((c) => c.parent_id === id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(5);
    }
  });

  it("gives every category a picture, which the home page reads from the data", async () => {
    const categories = await db().selectFrom("categories").select(["id", "path", "image"]).execute();
    for (const category of categories) expect(category.image, category.path).toBe(`/media/demo/${category.path}-0.svg`);

    // The tiles show whatever picture the data holds, and none for a category without one.
    await db().updateTable("categories").set({ image: "/media/uploads/electronics.webp" }).where("id", "=", 1).execute();
    await db().updateTable("categories").set({ image: null }).where("id", "=", 2).execute();
    try {
      const home = (await homePage({ request: new Request("http://localhost/en"), params: { locale: "en" }, context: {} })) as Awaited<
        ReturnType<typeof homePage>
      >;
      const images = Object.fromEntries(home.categories.map((c) => [c.id, c.image]));
      expect(images).toEqual({
        1: "/media/uploads/electronics.webp",
        2: null,
        3: "/media/demo/footwear-0.svg",
        4: "/media/demo/accessories-0.svg",
        5: "/media/demo/cosmetics-0.svg",
      });
      expect((await listTopCategories("lt")).find((c) => c.id === 1)?.image).toBe("/media/uploads/electronics.webp");
    } finally {
      await db().updateTable("categories").set({ image: "/media/demo/electronics-0.svg" }).where("id", "=", 1).execute();
      await db().updateTable("categories").set({ image: "/media/demo/clothes-0.svg" }).where("id", "=", 2).execute();
    }
  });

  it("puts every product in a leaf category and gives it only that leaf's filters", async () => {
    const misplaced = await sql<{ id: number }>`
      select p.id from products p join categories c on c.id = p.category_id
      where c.parent_id is null or exists (select 1 from categories child where child.parent_id = c.id)`.execute(db());
    expect(misplaced.rows).toEqual([]);
    const stray = await sql<{ product_id: number }>`
      select v.product_id from product_additional_values v
      join products p on p.id = v.product_id
      join categories c on c.id = p.category_id
      join additional_fields f on f.id = v.field_id
      where not f.disabled_in_index and not (v.field_id = any (c.filterable_additional_fields))`.execute(db());
    expect(stray.rows).toEqual([]);
  });

  it("fills every offer and puts no product in more than two flags", async () => {
    const offers = await sql<{ slug: string; n: number }>`
      select f.slug, count(pf.product_id)::int as n from flags f left join product_flags pf on pf.flag_id = f.id
      where f.type = '2' group by f.slug`.execute(db());
    expect(offers.rows.length).toBe(4);
    for (const offer of offers.rows) expect(offer.n).toBeGreaterThanOrEqual(20);
    const crowded = await sql`select product_id from product_flags group by product_id having count(*) > 2`.execute(db());
    expect(crowded.rows).toEqual([]);
  });

  it("creates the demo accounts with their passwords, orders and an unbroken balance history", async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await db()
        .selectFrom("users")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", account.email))
        .executeTakeFirstOrThrow();
      expect(user.role).toBe(account.role);
      expect(await verifyPassword(user.password_hash!, account.password)).toBe(true);

      const entries = await db().selectFrom("balance_entries").selectAll().where("user_id", "=", user.id).orderBy("id").execute();
      expect(entries.length).toBeGreaterThan(0);
      let balance = 0;
      for (const entry of entries) {
        expect(entry.starting_balance_minor).toBe(balance);
        balance = entry.end_balance_minor;
      }
      expect(user.balance_minor).toBe(balance);
    }

    const customer = await db().selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.customer.email).executeTakeFirstOrThrow();
    const orders = await db().selectFrom("orders").selectAll().where("user_id", "=", customer.id).execute();
    expect(orders.length).toBeGreaterThanOrEqual(5);
    expect(orders.filter((o) => o.status === "unpaid").length).toBe(2);
    expect(new Set(orders.map((o) => o.kind))).toEqual(new Set(["marketplace", "quote", "forward"]));
    // The back office's page of a demo order shows where it goes and, once paid by card, the payment a refund returns to.
    expect(orders.map((o) => o.address?.city)).toEqual(orders.map(() => "Vilnius"));
    const paidByCard = orders.filter((o) => o.kind === "marketplace" && o.paid_at !== null);
    expect(paidByCard.length).toBeGreaterThanOrEqual(2);
    const payments = await db()
      .selectFrom("payments")
      .select(["order_id", "amount_minor", "status"])
      .where("order_id", "in", paidByCard.map((o) => o.id))
      .orderBy("order_id")
      .execute();
    expect(payments).toEqual(paidByCard.map((o) => ({ order_id: o.id, amount_minor: o.total_minor, status: "paid" })).sort((a, b) => a.order_id - b.order_id));

    // Staff trying the back office on the demo can refund such an order to the card: the sandbox knows the payment too.
    const processing = paidByCard.find((o) => o.status === "processing")!;
    expect(await refundOrder(COMMAND_LINE, processing.id, { target: "processor", amountMinor: 1000, reason: "Trying the back office" })).toMatchObject({ ok: true, toProcessor: 1000, toBalance: 0 });
    await seedDemoData(db(), { products: PRODUCTS, seed: 1 });
    const items = await db()
      .selectFrom("order_items as i")
      .leftJoin("products as p", "p.id", "i.product_id")
      .select(["i.product_id", "p.sku as product_sku", "i.sku"])
      .where("i.product_id", "is not", null)
      .execute();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.product_sku).toBe(item.sku);
  });

  it("gives the same data for the same seed and replaces instead of adding", async () => {
    const first = await catalogueDigest();
    const foreignKeys = await catalogueForeignKeys();
    await seedDemoData(db(), { products: PRODUCTS, seed: 1 });
    expect(await catalogueDigest()).toBe(first);
    expect(foreignKeys.length).toBeGreaterThanOrEqual(9);
    expect(await catalogueForeignKeys()).toEqual(foreignKeys);
    expect(await count("products")).toBe(PRODUCTS);
    expect(await count("languages")).toBe(LANGUAGE_COUNT);
    expect(await count("users")).toBe(2);
    expect(await count("sites")).toBe(9);
    const ids = await db().selectFrom("products").select((eb) => [eb.fn.min("id").as("low"), eb.fn.max("id").as("high")]).executeTakeFirstOrThrow();
    expect([Number(ids.low), Number(ids.high)]).toEqual([1, PRODUCTS]);
  });

  it("gives different data for a different seed", async () => {
    const first = await catalogueDigest();
    await seedDemoData(db(), { products: PRODUCTS, seed: 2 });
    expect(await catalogueDigest()).not.toBe(first);
    expect(await count("products")).toBe(PRODUCTS);
  });

  it("refuses a negative or fractional number of products", async () => {
    await expect(seedDemoData(db(), { products: -1, seed: 1 })).rejects.toThrow(RangeError);
    await expect(seedDemoData(db(), { products: 1.5, seed: 1 })).rejects.toThrow(RangeError);
  });
});

describe("db:seed command", () => {
  it("rejects bad arguments with a clear message and exit code 1", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
    const run = promisify(execFile);
    const failure = await run(process.execPath, [tsx, "scripts/seed.ts", "--products", "-5"], { cwd: root }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 1 });
    expect(String((failure as { stderr?: string }).stderr)).toMatch(/--products must be a whole number/);
  });
});
