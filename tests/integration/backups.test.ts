import { sql } from "kysely";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { recordBalanceEntry } from "~/models/balance/balance.server";
import { copyDatabase } from "~/models/db/copy.server";
import { createDatabase, db, describeDatabase, migrate, type DB } from "~/models/db/db.server";
import { makeCustomer, makeOrders } from "./factories";
import { databaseUrl, query } from "../postgres";

// docs/operations.md, "Backups": a PostgreSQL dump restored into a new
// database, and the embedded database moved to PostgreSQL, each hold every
// order, ledger entry and upload reference, and the shop's migrations find
// nothing to do on them.

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = describeDatabase().kind === "postgres";
const scratch: DB[] = [];
const scratchNames: string[] = [];

afterAll(async () => {
  await Promise.all(scratch.map((database) => database.destroy()));
  for (const name of scratchNames) await query(serverUrl!, `drop database if exists ${name} with (force)`);
});

/** A new empty database on the test server, dropped after the file; its URL. */
async function scratchDatabase() {
  const name = `storefront_restore_${randomBytes(5).toString("hex")}`;
  await query(serverUrl!, `create database ${name}`);
  scratchNames.push(name);
  return databaseUrl(serverUrl!, name);
}

const uploadName = (folder: string, extension: string) => `${folder}/${randomBytes(16).toString("base64url")}.${extension}`;

/** Customers with orders, ledger entries both ways, and files kept for a claim, a parcel, a shipment's label and an answer. */
async function fillShop() {
  for (let n = 0; n < 3; n++) {
    const customer = await makeCustomer({ balance: 10_000 + n });
    const orders = await makeOrders(customer.id, [
      { kind: "marketplace", status: "delivered", lines: [{ name: "Lamp", quantity: 2, price: 1999 }, { name: "Desk", quantity: 1, price: 15_050 }] },
      { kind: "quote", status: "paid" },
    ]);
    await recordBalanceEntry({ userId: customer.id, relType: BALANCE_REL_TYPE.marketplaceOrder, type: BALANCE_TYPE.deduction, relId: Number(orders[0]!.id), amountMinor: 3_333 });
    const claim = await db()
      .insertInto("claims")
      .values({ user_id: customer.id, order_id: orders[0]!.id, email: customer.email, locale: "lt", kind: "warranty", reason: "defective", description: "Lempa nebeveikia po dviejų dienų." })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("claim_files")
      .values([0, 1].map((position) => ({ claim_id: claim.id, position, stored_name: uploadName("claims", "jpg"), original_name: `photo ${position}.jpg`, type: "image/jpeg", size_bytes: 2048 })))
      .execute();
    const parcel = await db()
      .insertInto("parcels")
      .values({ user_id: customer.id, site_id: 1, warehouse_id: 1, tracking_number: `IN${randomBytes(4).toString("hex")}`, status: "arrived", weight_g: 1200, photos: [uploadName("parcels", "jpg"), uploadName("parcels", "png")] })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("shipments").values({ tracking_number: `LP${randomBytes(4).toString("hex")}`, user_id: customer.id, subject_kind: "order", subject_id: orders[0]!.id, label: uploadName("labels", "pdf") }).execute();
    await db()
      .insertInto("info_requests")
      .values({ slug: `ir-${randomBytes(4).toString("hex")}`, user_id: customer.id, subject_kind: "parcel", subject_id: parcel.id, question: "What is inside?", answer: "Boots", file: uploadName("parcels", "pdf") })
      .execute();
  }
}

/** What must survive: every order, ledger entry and upload reference, counted, summed and listed; and one full row of each. */
async function books(database: DB) {
  const [orders] = (await sql<{ n: number; total: string; lines: number; units: string }>`
    select (select count(*)::int from orders) as n, (select coalesce(sum(total_minor), 0)::text from orders) as total,
      (select count(*)::int from order_items) as lines, (select coalesce(sum(quantity * price_minor), 0)::text from order_items) as units`.execute(database)).rows;
  const [ledger] = (await sql<{ n: number; amount: string; balances: string; checked: number }>`
    select count(*)::int as n, coalesce(sum(case when type = 1 then amount_minor else -amount_minor end), 0)::text as amount,
      (select coalesce(sum(balance_minor), 0)::text from users) as balances,
      count(*) filter (where end_balance_minor = starting_balance_minor + case when type = 1 then amount_minor else -amount_minor end)::int as checked
    from balance_entries`.execute(database)).rows;
  const { rows: uploads } = await sql<{ name: string }>`
    select stored_name as name from claim_files
    union all select unnest(photos) from parcels
    union all select label from shipments where label is not null
    union all select file from info_requests where file is not null
    order by name`.execute(database);
  const sample = {
    order: await database.selectFrom("orders").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst(),
    entry: await database.selectFrom("balance_entries").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst(),
    parcel: await database.selectFrom("parcels").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst(),
  };
  return { orders, ledger, uploads: uploads.map((row) => row.name), sample };
}

describe("backups", () => {
  it.skipIf(!onPostgres)("a pg_dump restored with pg_restore into a new database holds every order, ledger entry and upload reference", async () => {
    await fillShop();
    const before = await books(db());
    expect(before.orders).toEqual({ n: 6, total: "67884", lines: 9, units: "60144" });
    expect(before.ledger).toEqual({ n: 6, amount: "20004", balances: "20004", checked: 6 });
    expect(before.uploads).toHaveLength(18);

    const folder = await mkdtemp(join(tmpdir(), "storefront-backup-"));
    try {
      const dump = join(folder, "storefront.dump");
      // The commands docs/operations.md gives.
      await run("pg_dump", ["--format=custom", `--file=${dump}`, process.env.DATABASE_URL!]);
      const restoredUrl = await scratchDatabase();
      await run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${restoredUrl}`, dump]);

      const restored = createDatabase(restoredUrl);
      scratch.push(restored);
      expect(await migrate(restored)).toEqual([]);
      expect(await books(restored)).toEqual(before);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it.skipIf(onPostgres || !serverUrl)("the embedded database moved to PostgreSQL holds every order, ledger entry and upload reference, and every row of every table", async () => {
    await fillShop();
    const before = await books(db());
    const targetUrl = await scratchDatabase();
    const target = createDatabase(targetUrl);
    scratch.push(target);

    const copied = await copyDatabase(db(), target);
    expect(copied.find((table) => table.table === "orders")?.rows).toBe(before.orders!.n);
    expect(await migrate(target)).toEqual([]);
    expect(await books(target)).toEqual(before);
    // The next order gets the next number, not one the source already gave.
    const [next] = await makeOrdersOn(target);
    expect(Number(next!.id)).toBeGreaterThan(Number(before.sample.order!.id));
    // A second move into the same database is refused, and changes nothing.
    await expect(copyDatabase(db(), target)).rejects.toThrow(/already holds a shop/);
  });
});

/** An order written straight into `database`, as checkout would. */
async function makeOrdersOn(database: DB) {
  const user = await database.selectFrom("users").select("id").limit(1).executeTakeFirstOrThrow();
  return database
    .insertInto("orders")
    .values({ slug: `mp-${randomBytes(5).toString("hex")}`, user_id: user.id, kind: "marketplace", status: "unpaid", currency_id: 1, shipping_method: "air", subtotal_minor: 100, shipping_minor: 0, total_minor: 100 })
    .returning("id")
    .execute();
}
