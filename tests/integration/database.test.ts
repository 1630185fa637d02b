import { sql } from "kysely";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { checkDatabase, db, migrate } from "~/models/db/db.server";

const runFile = promisify(execFile);

describe("database", () => {
  it("answers and has every table of the first schema", async () => {
    await checkDatabase();
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(db());
    const tables = rows.map((row) => row.table_name);
    for (const table of ["sites", "site_hosts", "languages", "currencies", "users", "sessions", "categories", "products", "product_translations", "flags", "orders", "balance_entries", "pages", "blog_posts", "faq_entries"]) {
      expect(tables).toContain(table);
    }
  });

  it("runs migrations once: a second run applies nothing", async () => {
    expect(await migrate()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL === "memory://")("keeps the embedded database's shared buffers to PGLITE_SHARED_BUFFERS, 32 MB unless set", async () => {
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db());
    expect(rows[0]!.shared_buffers).toBe("32MB");
  });

  it("reads bigint columns as numbers on both databases", async () => {
    const { rows } = await sql<{ n: number }>`select 9007199254740991::int8 as n`.execute(db());
    expect(rows[0]?.n).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("keeps numeric columns as exact decimal strings", async () => {
    const { rows } = await sql<{ rate: string }>`select 1.08000001::numeric(18, 8) as rate`.execute(db());
    expect(rows[0]?.rate).toBe("1.08000001");
  });

  it("refuses a balance entry whose ending balance does not follow from its start", async () => {
    const user = await db().insertInto("users").values({ email: "ledger@example.com" }).returning("id").executeTakeFirstOrThrow();
    const entry = { user_id: user.id, rel_type: 2, type: 1, amount_minor: 500, starting_balance_minor: 0 };
    await expect(db().insertInto("balance_entries").values({ ...entry, end_balance_minor: 400 }).execute()).rejects.toThrow();
    await db().insertInto("balance_entries").values({ ...entry, end_balance_minor: 500 }).execute();
    await expect(
      db().insertInto("balance_entries").values({ ...entry, type: 2, starting_balance_minor: 300, end_balance_minor: -200 }).execute(),
    ).rejects.toThrow();
    await expect(db().updateTable("users").set({ balance_minor: -1 }).where("id", "=", user.id).execute()).rejects.toThrow();
  });

  it("runs transactions one at a time on one connection without mixing their statements", async () => {
    await db().insertInto("users").values({ email: "tx@example.com" }).execute();
    const bump = () =>
      db().transaction().execute(async (trx) => {
        const row = await trx.selectFrom("users").select("balance_minor").where("email", "=", "tx@example.com").forUpdate().executeTakeFirstOrThrow();
        await trx.updateTable("users").set({ balance_minor: row.balance_minor + 1 }).where("email", "=", "tx@example.com").execute();
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const row = await db().selectFrom("users").select("balance_minor").where("email", "=", "tx@example.com").executeTakeFirstOrThrow();
    expect(row.balance_minor).toBe(20);
  });

  it("treats e-mail addresses case-insensitively", async () => {
    await db().insertInto("users").values({ email: "Case@Example.com" }).execute();
    await expect(db().insertInto("users").values({ email: "case@example.com" }).execute()).rejects.toThrow();
  });

  // Run beside the test, not in its thread: migrating a fresh in-memory database
  // in a process of its own may take a busy machine over a minute, and a thread
  // held that long is taken for a hung one (tests/integration/hang-watchdog.ts).
  it("db:migrate brings a database up to date and says so", async () => {
    const { stdout } = await runFile("npx", ["tsx", "scripts/migrate.ts"], { env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: "silent" }, encoding: "utf8" });
    // This file's database is migrated already; a fresh in-memory one is not.
    expect(stdout).toContain(process.env.DATABASE_URL === "memory://" ? "Applied: 0001-initial-schema" : "up to date");
  }, 180_000);
});
