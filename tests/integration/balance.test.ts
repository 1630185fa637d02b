import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import en from "~/locales/en";
import {
  BalanceError,
  getBalance,
  getBalanceEntry,
  listBalanceHistory,
  recordBalanceEntry,
  type NewBalanceEntry,
} from "~/models/balance/balance.server";
import { db, type Database, type DB } from "~/models/db/db.server";
import { action as getHistory, loader as getHistoryLoader } from "~/routes/api/balance/get-history";
import { loader as entryPageLoader } from "~/routes/account/balance-entry";
import { loader as historyPageLoader } from "~/routes/account/balance-history";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, sessionCookie } from "./factories";

const { quote, forwardRequest, manualByAdmin, topUp, miscInvoice } = BALANCE_REL_TYPE;
const { addition, deduction } = BALANCE_TYPE;
const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;

const customer = () => makeCustomer({ firstName: "Test" });

const topUpBy = (userId: number, amountMinor: number): NewBalanceEntry => ({
  userId,
  relType: topUp,
  type: addition,
  amountMinor,
  processorName: "Card",
  transactionId: `ch_${userId}_${amountMinor}`,
});

const entryCount = async (userId: number, database: DB = db()) =>
  Number(
    (
      await database
        .selectFrom("balance_entries")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every entry starts where the one before ended, from zero, and the last end is the stored balance. */
async function expectUnbrokenChain(userId: number, database: DB = db()) {
  const rows = await database.selectFrom("balance_entries").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  let previous = 0;
  for (const row of rows) {
    const start = Number(row.starting_balance_minor);
    const end = Number(row.end_balance_minor);
    expect(start, `entry ${row.id} starts where the one before ended`).toBe(previous);
    expect(end).toBe(Number(row.type) === addition ? start + Number(row.amount_minor) : start - Number(row.amount_minor));
    expect(end).toBeGreaterThanOrEqual(0);
    previous = end;
  }
  const user = await database.selectFrom("users").select("balance_minor").where("id", "=", userId).executeTakeFirstOrThrow();
  expect(Number(user.balance_minor)).toBe(previous);
  return rows;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BalanceError);
  return error as BalanceError;
}

describe("the balance ledger", () => {
  it("keeps an unbroken chain through every kind of movement", async () => {
    const { id } = await customer();
    await recordBalanceEntry(topUpBy(id, 10_000));
    await recordBalanceEntry({ userId: id, relType: quote, type: deduction, amountMinor: 4590, relId: 31, quoteSlug: "qu-1a2b3c4d" });
    await recordBalanceEntry({ userId: id, relType: quote, type: addition, amountMinor: 1250, relId: 31, quoteSlug: "qu-1a2b3c4d" });
    await recordBalanceEntry({ userId: id, relType: forwardRequest, type: deduction, amountMinor: 2990, relId: 12 });
    await recordBalanceEntry({ userId: id, relType: forwardRequest, type: addition, amountMinor: 500, relId: 12 });
    await recordBalanceEntry({ userId: id, relType: manualByAdmin, type: addition, amountMinor: 1500 });
    await recordBalanceEntry({ userId: id, relType: miscInvoice, type: deduction, amountMinor: 999, relId: 4101 });
    const last = await recordBalanceEntry({ userId: id, relType: manualByAdmin, type: deduction, amountMinor: 321 });

    const rows = await expectUnbrokenChain(id);
    expect(rows).toHaveLength(8);
    const expected = 10_000 - 4590 + 1250 - 2990 + 500 + 1500 - 999 - 321;
    expect(await getBalance(id)).toBe(expected);
    expect(last).toMatchObject({ rel_type: manualByAdmin, type: deduction, amount_minor: 321, end_balance_minor: expected });
    expect(last.created_at).toBeInstanceOf(Date);
    expect(rows[0]).toMatchObject({ payment_processor_name: "Card", payment_processor_transaction_id: `ch_${id}_10000` });
  });

  it("refuses a deduction larger than the balance and changes nothing", async () => {
    const { id } = await customer();
    await recordBalanceEntry(topUpBy(id, 500));
    const error = await refusal(recordBalanceEntry({ userId: id, relType: manualByAdmin, type: deduction, amountMinor: 501 }));
    expect(error.reason).toBe("insufficient-balance");
    expect(error.balanceMinor).toBe(500);
    expect(await getBalance(id)).toBe(500);
    expect(await entryCount(id)).toBe(1);
    // Exactly the balance may be spent, down to zero.
    await recordBalanceEntry({ userId: id, relType: manualByAdmin, type: deduction, amountMinor: 500 });
    expect(await getBalance(id)).toBe(0);
    expect((await refusal(recordBalanceEntry({ userId: id, relType: manualByAdmin, type: deduction, amountMinor: 1 }))).reason).toBe(
      "insufficient-balance",
    );
    await expectUnbrokenChain(id);
  });

  it("refuses amounts that are not positive whole cents, unknown users and movements the spec does not name", async () => {
    const { id } = await customer();
    await recordBalanceEntry(topUpBy(id, 1000));
    for (const amountMinor of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      const error = await refusal(recordBalanceEntry({ userId: id, relType: manualByAdmin, type: addition, amountMinor }));
      expect(error.reason, String(amountMinor)).toBe("invalid-amount");
    }
    expect((await refusal(recordBalanceEntry(topUpBy(987_654_321, 100)))).reason).toBe("unknown-user");
    const malformed: NewBalanceEntry[] = [
      { userId: id, relType: topUp, type: deduction, amountMinor: 100, processorName: "Card", transactionId: "x" },
      { userId: id, relType: miscInvoice, type: addition, amountMinor: 100, relId: 1 },
      { userId: id, relType: topUp, type: addition, amountMinor: 100 },
      { userId: id, relType: quote, type: deduction, amountMinor: 100 },
      { userId: id, relType: manualByAdmin, type: addition, amountMinor: 100, relId: 5 },
      { userId: id, relType: forwardRequest, type: addition, amountMinor: 100, relId: 5, quoteSlug: "qu-x" },
      { userId: id, relType: manualByAdmin, type: addition, amountMinor: 100, processorName: "Card" },
      { userId: id, relType: 7 as never, type: addition, amountMinor: 100 },
    ];
    for (const entry of malformed) expect((await refusal(recordBalanceEntry(entry))).reason, JSON.stringify(entry)).toBe("invalid-entry");
    expect(await getBalance(id)).toBe(1000);
    expect(await entryCount(id)).toBe(1);
  });

  it("becomes part of an outer transaction: spent with the order, or not at all", async () => {
    const { id } = await customer();
    await recordBalanceEntry(topUpBy(id, 3000));
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await recordBalanceEntry({ userId: id, relType: quote, type: deduction, amountMinor: 2000, relId: 77, quoteSlug: "qu-77" }, trx);
          throw new Error("the order could not be saved");
        }),
    ).rejects.toThrow("the order could not be saved");
    expect(await getBalance(id)).toBe(3000);
    expect(await entryCount(id)).toBe(1);

    const entry = await db()
      .transaction()
      .execute((trx) => recordBalanceEntry({ userId: id, relType: quote, type: deduction, amountMinor: 2000, relId: 77, quoteSlug: "qu-77" }, trx));
    expect(entry.end_balance_minor).toBe(1000);
    await expectUnbrokenChain(id);
  });

  it("reads the history newest first, a page at a time, with the balance", async () => {
    const { id } = await customer();
    for (let i = 1; i <= 25; i++) await recordBalanceEntry({ userId: id, relType: manualByAdmin, type: addition, amountMinor: i });
    const first = await listBalanceHistory(id);
    expect(first).toMatchObject({ balance_minor: 325, total: 25, page: 1, per_page: 20, pages: 2 });
    expect(first.items.map((e) => e.amount_minor)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    const second = await listBalanceHistory(id, { page: 2 });
    expect(second.items.map((e) => e.amount_minor)).toEqual([5, 4, 3, 2, 1]);
    expect((await listBalanceHistory(id, { page: 3 })).items).toEqual([]);
    expect((await listBalanceHistory(id, { page: 2, perPage: 10 })).items.map((e) => e.amount_minor)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(await listBalanceHistory((await customer()).id)).toMatchObject({ balance_minor: 0, items: [], total: 0, pages: 0 });
  });
});

describe("one user's balance is theirs alone", () => {
  async function twoCustomers() {
    const owner = await customer();
    const other = await customer();
    const entry = await recordBalanceEntry(topUpBy(owner.id, 1234));
    await recordBalanceEntry({ userId: owner.id, relType: quote, type: deduction, amountMinor: 234, relId: 5, quoteSlug: "qu-5" });
    await recordBalanceEntry(topUpBy(other.id, 99));
    return { owner, other, entry };
  }

  function call(body: unknown, cookie?: string) {
    const request = new Request("http://localhost/api/balance/get-history", {
      method: "POST",
      headers: { "content-type": "application/json", "x-locale": "en", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return getHistory({ request, params: {}, context: {} }) as Promise<Response>;
  }

  it("in the models: another user's entry is not found and not listed", async () => {
    const { owner, other, entry } = await twoCustomers();
    expect(await getBalanceEntry(owner.id, entry.id)).toMatchObject({ id: entry.id, amount_minor: 1234 });
    expect(await getBalanceEntry(other.id, entry.id)).toBeNull();
    expect((await listBalanceHistory(other.id)).items.map((e) => e.id)).not.toContain(entry.id);
  });

  it("in the API: the caller's history in the spec's fields with decimal amounts; someone else's entry is a 404", async () => {
    const { owner, other, entry } = await twoCustomers();
    const ownerCookie = await sessionCookie(owner.id);

    const list = await call({}, ownerCookie);
    expect(list.status).toBe(200);
    const history = (await list.json()) as { balance: string; items: Record<string, unknown>[] };
    expect(history).toMatchObject({ balance: "10.00", currency: "EUR", total: 2, page: 1, per_page: 20, pages: 1 });
    expect(history.items[0]).toEqual({
      id: expect.any(Number),
      rel_type: quote,
      type: deduction,
      rel_id: 5,
      quote_slug: "qu-5",
      payment_processor_name: null,
      payment_processor_transaction_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      starting_balance: "12.34",
      end_balance: "10.00",
      amount: "2.34",
    });

    const one = await call({ id: entry.id }, ownerCookie);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ item: { id: entry.id, amount: "12.34", rel_type: topUp, payment_processor_name: "Card" } });

    const notTheirs = await call({ id: entry.id }, await sessionCookie(other.id));
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toEqual({ status: false, message: en.balance.notFound });
    const theirs = (await (await call({}, await sessionCookie(other.id))).json()) as { balance: string; total: number };
    expect(theirs).toMatchObject({ balance: "0.99", total: 1 });
  });

  it("in the API: a guest gets a 401, bad input a 400 and GET a 405", async () => {
    const guest = await call({});
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ status: false, message: en.api.unauthorized });

    const { owner } = await twoCustomers();
    const cookie = await sessionCookie(owner.id);
    for (const body of [{ page: 0 }, { page: 1.5 }, { per_page: 101 }, { id: "abc" }, { id: -1 }]) {
      expect((await call(body, cookie)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call({ page: "2", per_page: "1" }, cookie)).status).toBe(200);

    const get = (await getHistoryLoader({ request: new Request("http://localhost/api/balance/get-history"), params: {}, context: {} })) as Response;
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("on the pages: someone else's or a made-up entry is a 404, and a guest is asked to sign in", async () => {
    const { owner, other, entry } = await twoCustomers();
    const pageRequest = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
    const open = (id: string, cookie?: string) =>
      entryPageLoader({ request: pageRequest(`/en/balance-history/${id}`, cookie), params: { locale: "en", id }, context: {} }).then(
        (data) => ({ data, status: 200 }),
        (thrown: unknown) => ({ data: null, status: thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status }),
      );

    const mine = await open(String(entry.id), await sessionCookie(owner.id));
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ title: `Balance entry ID${entry.id}`, entry: { id: entry.id } });
    const otherCookie = await sessionCookie(other.id);
    for (const id of [String(entry.id), "abc", "0", "12x", "99999999"]) expect((await open(id, otherCookie)).status, id).toBe(404);

    const guest = await historyPageLoader({ request: pageRequest("/en/balance-history"), params: { locale: "en" }, context: {} }).catch((e: unknown) => e);
    expect(guest).toBeInstanceOf(Response);
    expect((guest as Response).headers.get("location")).toBe("/en/login?redirectTo=%2Fen%2Fbalance-history");

    const list = await historyPageLoader({ request: pageRequest("/en/balance-history", otherCookie), params: { locale: "en" }, context: {} });
    expect((list as { history: { balance_minor: number; total: number } }).history).toMatchObject({ balance_minor: 99, total: 1 });
  });
});

/**
 * 200 spends of 7.00 fired at once against a balance that covers only 70 of
 * them. Each must either leave its entry and lower the balance by exactly
 * its amount, or be refused and change nothing.
 */
async function spendConcurrently(database: DB) {
  const { id } = await customer();
  const amount = 700;
  const start = 70 * amount + 350;
  await recordBalanceEntry(topUpBy(id, start), database);

  const results = await Promise.allSettled(
    Array.from({ length: 200 }, (_, i) =>
      recordBalanceEntry({ userId: id, relType: miscInvoice, type: deduction, amountMinor: amount, relId: i + 1 }, database),
    ),
  );
  const succeeded = results.filter((r) => r.status === "fulfilled").length;
  const refused = results.filter((r) => r.status === "rejected");
  for (const r of refused) {
    expect(r.reason).toBeInstanceOf(BalanceError);
    expect((r.reason as BalanceError).reason).toBe("insufficient-balance");
  }

  const final = Number(
    (await database.selectFrom("users").select("balance_minor").where("id", "=", id).executeTakeFirstOrThrow()).balance_minor,
  );
  expect(final).toBeGreaterThanOrEqual(0);
  expect(succeeded * amount).toBe(start - final); // no lost update
  expect(succeeded).toBe(70);
  expect(final).toBe(350);
  const rows = await expectUnbrokenChain(id, database);
  expect(rows.filter((row) => Number(row.type) === deduction)).toHaveLength(succeeded);
  expect(rows).toHaveLength(succeeded + 1);
}

describe("200 spends at once", () => {
  it.runIf(onPostgres)("on PostgreSQL over dozens of separate connections: no lost update, never negative, one unbroken chain", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 40 });
    const database = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await spendConcurrently(database);
      // The spends really ran side by side, each on a connection of its own.
      expect(pool.totalCount).toBeGreaterThan(10);
    } finally {
      await database.destroy();
    }
  });

  it.runIf(!onPostgres)("on the embedded database through the app's handle: they take turns, with the same result", async () => {
    await spendConcurrently(db());
  });
});

describe("npm run admin -- balance", () => {
  function capture() {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } };
  }

  it("tops up and deducts as an admin, printing the new balance", async () => {
    const { id, email } = await customer();
    const up = capture();
    expect(await runAdmin(["balance", "top-up", "--email", email.toUpperCase(), "--amount", "12.50"], up.output)).toBe(0);
    expect(up.lines.out.join("\n")).toContain("is now 12.50 EUR");
    const down = capture();
    expect(await runAdmin(["balance", "deduct", `--email=${email}`, "--amount=2.5"], down.output)).toBe(0);
    expect(down.lines.out.join("\n")).toContain("is now 10.00 EUR");

    const rows = await expectUnbrokenChain(id);
    expect(rows.map((r) => [Number(r.rel_type), Number(r.type), Number(r.amount_minor)])).toEqual([
      [manualByAdmin, addition, 1250],
      [manualByAdmin, deduction, 250],
    ]);
  });

  it("refuses clearly, with a non-zero exit code and nothing changed", async () => {
    const { id, email } = await customer();
    await recordBalanceEntry(topUpBy(id, 500));
    const cases: [string[], number, string][] = [
      [["balance", "deduct", "--email", email, "--amount", "5.01"], 1, "less than 5.01 EUR"],
      [["balance", "top-up", "--email", "nobody@example.com", "--amount", "1"], 1, "no account with the e-mail address nobody@example.com"],
      [["balance", "top-up", "--email", email, "--amount", "1,50"], 2, "at most two decimals"],
      [["balance", "top-up", "--email", email, "--amount", "0"], 2, "more than 0"],
      [["balance", "top-up", "--email", email, "--amount", "-3"], 2, "more than 0"],
      [["balance", "top-up", "--email", email], 2, "--amount is required"],
      [["balance", "top-up", "--amount", "1"], 2, "--email is required"],
      [["balance", "refund", "--email", email, "--amount", "1"], 2, 'unknown balance command "refund"'],
      [["orders", "list"], 2, 'unknown command "orders"'],
      [["balance", "top-up", "--email", email, "--amount", "1", "--note", "x"], 2, 'unknown argument "--note"'],
    ];
    for (const [argv, code, message] of cases) {
      const run = capture();
      expect(await runAdmin(argv, run.output), argv.join(" ")).toBe(code);
      expect(run.lines.err.join("\n"), argv.join(" ")).toContain(message);
    }
    expect(await getBalance(id)).toBe(500);
    expect(await entryCount(id)).toBe(1);

    const help = capture();
    expect(await runAdmin(["--help"], help.output)).toBe(0);
    expect(help.lines.out.join("\n")).toContain("balance top-up --email <e-mail> --amount <euros>");
  });
});
