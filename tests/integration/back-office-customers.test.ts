import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { logIn } from "~/models/accounts/auth.server";
import { hashPassword } from "~/models/accounts/passwords.server";
import { isResetTokenUsable } from "~/models/accounts/password-reset.server";
import { createSession, sessionUser } from "~/models/accounts/sessions.server";
import { createUser } from "~/models/accounts/users.server";
import { auditTrail, COMMAND_LINE, type StaffActor } from "~/models/audit/audit.server";
import { adjustBalance } from "~/models/balance/adjust.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { getBalance } from "~/models/balance/balance.server";
import { sendCustomerPasswordReset, setCustomerBlocked } from "~/models/customers/customer-access.server";
import { customerQueryOf } from "~/models/customers/customer-search";
import { staffCustomer, staffCustomers } from "~/models/customers/staff-customers.server";
import { db } from "~/models/db/db.server";
import { suiteCode } from "~/models/forwarding/suite";
import { addNote, notesOf } from "~/models/notes/notes.server";
import { confirmStaffCode, signInStaff } from "~/models/staff/sign-in.server";
import { staffSession } from "~/models/staff/staff-sessions.server";
import { newTotpSecret, totpCode } from "~/models/staff/two-factor";
import { action as customerPageAction, loader as customerPageLoader } from "~/routes/admin/customer";
import { action as apiLogin } from "~/routes/api/accounts/login";
import { staffSessionSetCookie } from "~/web/admin/staff-cookie.server";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, makeOrders, statusOf } from "./factories";

// The back office's customers (docs/back-office.md): staff find a customer
// by what they write in with, read everything they have with the shop, move
// their balance (never below zero, however many staff at once), send them a
// reset link, block and unblock their sign-in, and leave notes; each change
// lands with its audit entry, and a form with a wrong field changes nothing.

const unique = () => randomBytes(4).toString("hex");
const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const outbox = process.env.OUTBOX_DIR!;
let addresses = 0;
let ip = "203.0.113.1";
beforeEach(() => {
  ip = `203.0.113.${(++addresses % 250) + 1}`;
});
let passwordHash: Promise<string> | undefined;

async function makeStaff(role: "owner" | "operator" | "support" | "catalogue" = "operator") {
  const email = `staff-${unique()}@example.com`;
  const secret = newTotpSecret();
  const row = await db()
    .insertInto("staff")
    .values({ email, name: `Staff ${role}`, role, password_hash: await (passwordHash ??= hashPassword("a long staff password")), totp_secret: secret })
    .returning("id")
    .executeTakeFirstOrThrow();
  const actor: StaffActor = { id: row.id, email, ip };
  return { id: row.id, email, secret, actor };
}

/** A staff member of the role, signed in with password and code: their cookie, for the page's action. */
async function staffCookie(role: "owner" | "operator" | "support") {
  const staff = await makeStaff(role);
  const meta = { ip, userAgent: "test" };
  const pending = await signInStaff(staff.email, "a long staff password", meta);
  if (!pending.ok) throw new Error(pending.error);
  const done = await confirmStaffCode((await staffSession(pending.sessionId))!, totpCode(staff.secret), meta);
  if (!done.ok) throw new Error(done.error);
  return { ...staff, cookie: (await staffSessionSetCookie(done.sessionId)).split(";")[0]! };
}

function postToPage(cookie: string, userId: number, fields: Record<string, string>) {
  const request = new Request(`http://localhost/admin/customers/${userId}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return customerPageAction({ request, params: { id: String(userId) }, context: { clientIp: ip } });
}

/** A customer who can sign in, in Lithuanian on the Lithuanian site. */
async function customerWithPassword(password = "a-good-password") {
  const email = `person-${unique()}@example.com`;
  const { id } = await createUser({ email, password, first_name: "Jonas", last_name: "Jonaitis", newsletter: false, site_id: 2, language_id: 2 });
  return { id: Number(id), email, password };
}

function mailsTo(email: string) {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
}

const ledgerOf = (userId: number) =>
  db().selectFrom("balance_entries").select(["rel_type", "type", "amount_minor", "end_balance_minor", "reason"]).where("user_id", "=", userId).orderBy("id").execute();

describe("finding a customer", () => {
  it("by the start of their email or name (any case), an order, quote or forward request number, a bare number, or their suite code", async () => {
    const tag = unique();
    const ona = await makeCustomer({ email: `ona.${tag}@example.com`, firstName: "Ona", lastName: `Zubrickaitė${tag}` });
    const other = await makeCustomer({ email: `petras.${tag}@example.com`, firstName: "Petras", lastName: `Zubrickas${tag}` });
    const [order] = await makeOrders(ona.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    const quote = await db().insertInto("quotes").values({ slug: `qu-${tag}`, user_id: other.id, site_id: 1, currency_id: 1 }).returning("id").executeTakeFirstOrThrow();
    const forward = await db()
      .insertInto("forward_requests")
      .values({ slug: `fr-${tag}`, user_id: ona.id, site_id: 1, warehouse_id: 1, currency_id: 1, shipping_method: "sea", address: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const found = async (text: string) => (await staffCustomers(customerQueryOf(text))).customers.map((customer) => customer.id);

    expect(await found(`ONA.${tag}@EXAMPLE`)).toEqual([ona.id]);
    expect(await found(`ona.${tag}@example.com`)).toEqual([ona.id]);
    expect(await found(`ona zubrickaitė${tag}`)).toEqual([ona.id]);
    expect(await found(`zubrick`)).toEqual(expect.arrayContaining([ona.id, other.id]));
    expect((await found(`Zubrick`)).filter((id) => id === ona.id || id === other.id)).toEqual([other.id, ona.id]);
    expect(await found(`MP${order!.id}`)).toEqual([ona.id]);
    expect(await found(`qu ${quote.id}`)).toEqual([other.id]);
    expect(await found(`FR${forward.id}`)).toEqual([ona.id]);
    expect(await found(suiteCode(other.id))).toEqual([other.id]);
    expect(await found(`bx${ona.id}`)).toEqual([ona.id]);
    expect(await found(String(other.id))).toContain(other.id);
    expect(await found(`nobody-${tag}`)).toEqual([]);
    // What was typed is matched as written: a LIKE wildcard is not one.
    expect(await found(`%${tag}`)).toEqual([]);
    expect(await found(`ona_${tag}`)).toEqual([]);
  });

  it("shows 50 a page, newest first, and says whether another page follows", async () => {
    const tag = unique();
    const rows = await db()
      .insertInto("users")
      .values(Array.from({ length: 51 }, (_, i) => ({ email: `many-${tag}-${String(i).padStart(2, "0")}@example.com` })))
      .returning("id")
      .execute();
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => b - a);
    const first = await staffCustomers(customerQueryOf(`many-${tag}`), 1);
    expect(first.customers.map((customer) => customer.id)).toEqual(ids.slice(0, 50));
    expect(first.hasMore).toBe(true);
    const second = await staffCustomers(customerQueryOf(`many-${tag}`), 2);
    expect(second.customers.map((customer) => customer.id)).toEqual(ids.slice(50));
    expect(second.hasMore).toBe(false);
    expect((await staffCustomers(customerQueryOf(""), 1)).customers[0]!.id).toBe(ids[0]);
  });

  it.runIf(onPostgres)("reads an index for an email's or a name's start, not the whole table", async () => {
    const plans = await db()
      .connection()
      .execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        const explain = async (column: string) =>
          (await sql<{ "QUERY PLAN": string }>`explain select id from users where ${sql.raw(column)} like ${"ona%"}`.execute(connection)).rows.map((row) => row["QUERY PLAN"]).join("\n");
        const found = [await explain("lower(email)"), await explain("lower(first_name || ' ' || last_name)"), await explain("lower(last_name)")];
        await sql`reset enable_seqscan`.execute(connection);
        return found;
      });
    // The email's unique index serves as well where the database sorts text byte by byte.
    expect(plans[0]).toMatch(/users_email_(prefix|key)/);
    expect(plans[1]).toContain("users_full_name_prefix");
    expect(plans[2]).toContain("users_last_name_prefix");
  });
});

describe("a customer's page", () => {
  it("holds their profile, orders, quotes, parcels, forward requests, ledger with its reasons, claims, timeline, notes newest first and trail", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer({ firstName: "Ona", lastName: "Buyer" });
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "delivered", placedNow: true }]);
    const quote = await db().insertInto("quotes").values({ slug: `qu-${unique()}`, user_id: customer.id, site_id: 1, currency_id: 1 }).returning("id").executeTakeFirstOrThrow();
    await db().insertInto("quote_lines").values({ quote_id: quote.id, position: 1, url: "https://www.amazon.de/dp/x", quantity: 1 }).execute();
    await db().insertInto("parcels").values({ user_id: customer.id, site_id: 1, warehouse_id: 1, tracking_number: `IN${unique()}`, status: "arrived", weight_g: 1200 }).execute();
    await db().insertInto("forward_requests").values({ slug: `fr-${unique()}`, user_id: customer.id, site_id: 1, warehouse_id: 1, currency_id: 1, shipping_method: "air", address: "{}" }).execute();
    const claim = await db()
      .insertInto("claims")
      .values({ user_id: customer.id, order_id: order!.id, email: customer.email, locale: "en", kind: "warranty", reason: "defective", description: "It stopped working after two days." })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await adjustBalance(staff.actor, customer.id, 1500, "Late delivery")).ok).toBe(true);
    expect((await addNote(staff.actor, "customer", customer.id, "Called about the lamp.")).ok).toBe(true);
    expect((await addNote(staff.actor, "customer", customer.id, "Called again.")).ok).toBe(true);

    const page = (await staffCustomer(customer.id))!;
    expect(page.customer).toMatchObject({ id: customer.id, email: customer.email, first_name: "Ona", last_name: "Buyer", role: "customer", blocked_at: null, balance_minor: 1500, suite: suiteCode(customer.id) });
    expect(page.orders.rows.map((row) => [row.id, row.number, row.status])).toEqual([[Number(order!.id), `MP${order!.id}`, "delivered"]]);
    expect(page.quotes.rows.map((row) => [row.number, row.lines])).toEqual([[`QU${quote.id}`, 1]]);
    expect(page.parcels.rows.map((row) => [row.status, row.weight_g])).toEqual([["arrived", 1200]]);
    expect(page.forwards.rows.map((row) => row.shipping_method)).toEqual(["air"]);
    expect(page.claims.rows.map((row) => [row.number, row.order_number, row.status])).toEqual([[`CL${claim.id}`, `MP${order!.id}`, "received"]]);
    expect(page.ledger.entries.map((entry) => [entry.rel_type, entry.type, entry.amount_minor, entry.reason])).toEqual([[BALANCE_REL_TYPE.manualByAdmin, BALANCE_TYPE.addition, 1500, "Late delivery"]]);
    expect(page.timeline.items.map((item) => item.kind).sort()).toEqual(["forward", "order", "parcel", "quote"]);
    expect(page.notes.map((note) => [note.body, note.staff_email])).toEqual([
      ["Called again.", staff.email],
      ["Called about the lamp.", staff.email],
    ]);
    expect(page.trail.map((entry) => entry.action)).toEqual(["customer.note", "customer.note", "customer.balance"]);
    expect(await staffCustomer(999_999_999)).toBeNull();
  });
});

describe("adjusting a balance", () => {
  it("adds and takes away with a reason, one ledger entry and one audit entry each, and refuses to go below zero with nothing written", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const added = await adjustBalance(staff.actor, customer.id, 1250, "Goodwill for a late parcel");
    expect(added).toMatchObject({ ok: true, entry: { starting_balance_minor: 0, end_balance_minor: 1250 } });
    expect(await adjustBalance(staff.actor, customer.id, -250, "Wrong top-up")).toMatchObject({ ok: true, entry: { end_balance_minor: 1000 } });
    expect(await adjustBalance(staff.actor, customer.id, -1001, "Too much")).toEqual({ ok: false, error: "insufficient", balanceMinor: 1000 });
    expect(await adjustBalance(staff.actor, customer.id, 0, "Nothing")).toEqual({ ok: false, error: "invalid" });
    expect(await adjustBalance(staff.actor, 999_999_999, 100, "Nobody")).toEqual({ ok: false, error: "not_found" });
    expect(await getBalance(customer.id)).toBe(1000);
    expect((await ledgerOf(customer.id)).map((row) => [row.type, row.amount_minor, row.end_balance_minor, row.reason])).toEqual([
      [BALANCE_TYPE.addition, 1250, 1250, "Goodwill for a late parcel"],
      [BALANCE_TYPE.deduction, 250, 1000, "Wrong top-up"],
    ]);
    const trail = await auditTrail("customer", customer.id);
    expect(trail.map((entry) => [entry.action, entry.staff_email, entry.before, entry.after])).toEqual([
      ["customer.balance", staff.email, { balance_minor: 1250 }, expect.objectContaining({ balance_minor: 1000, amount_minor: -250, reason: "Wrong top-up" })],
      ["customer.balance", staff.email, { balance_minor: 0 }, expect.objectContaining({ balance_minor: 1250, amount_minor: 1250, reason: "Goodwill for a late parcel" })],
    ]);
  });

  it("from the command line is the same use case, written to the audit log as the command line", async () => {
    const customer = await makeCustomer();
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runAdmin(["balance", "top-up", "--email", customer.email, "--amount", "7.00", "--reason", "Cashback"], output)).toBe(0);
    expect(await runAdmin(["balance", "deduct", "--email", customer.email, "--amount", "8.00"], output)).toBe(1);
    expect(lines.join("\n")).toContain("is 7.00 EUR, less than 8.00 EUR");
    expect((await ledgerOf(customer.id)).map((row) => [row.amount_minor, row.reason])).toEqual([[700, "Cashback"]]);
    expect((await auditTrail("customer", customer.id)).map((entry) => [entry.action, entry.staff_email, entry.after])).toEqual([
      ["customer.balance", COMMAND_LINE.email, expect.objectContaining({ balance_minor: 700, reason: "Cashback" })],
    ]);
  });

  it("takes two adjustments at the same moment one after the other: when both would take the balance below zero, exactly one is made", async () => {
    const [a, b] = [await makeStaff(), await makeStaff()];
    for (let round = 0; round < 5; round++) {
      const customer = await makeCustomer({ balance: 1000 });
      const results = await Promise.all([adjustBalance(a.actor, customer.id, -600, "Duplicate refund"), adjustBalance(b.actor, customer.id, -700, "Duplicate refund")]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toMatchObject([{ ok: false, error: "insufficient" }]);
      const balance = await getBalance(customer.id);
      expect([400, 300]).toContain(balance);
      const ledger = await ledgerOf(customer.id);
      expect(ledger).toHaveLength(2);
      expect(ledger.at(-1)!.end_balance_minor).toBe(balance);
      expect((await auditTrail("customer", customer.id)).map((entry) => entry.action)).toEqual(["customer.balance"]);
    }
  });
});

describe("the customer page's forms", () => {
  it("answer a form with wrong fields 400 with a message per field and change nothing; a role without the permission gets 403", async () => {
    const operator = await staffCookie("operator");
    const support = await staffCookie("support");
    const customer = await makeCustomer({ balance: 500 });
    const refused = (await postToPage(operator.cookie, customer.id, { intent: "adjust_balance", amount: "twelve", reason: "" })) as { init: { status: number }; data: { error: Record<string, string[]>; form: string } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.form).toBe("balance");
    expect(refused.data.error).toMatchObject({ amount: ["admin.customers.adjust.amountFormat"], reason: ["validation.required"] });
    expect(await statusOf(() => postToPage(operator.cookie, customer.id, { intent: "adjust_balance", amount: "0", reason: "Zero" }))).toBe(400);
    expect(await statusOf(() => postToPage(operator.cookie, customer.id, { intent: "adjust_balance", amount: "-5,01", reason: "Too much" }))).toBe(409);
    expect(await statusOf(() => postToPage(support.cookie, customer.id, { intent: "adjust_balance", amount: "1", reason: "Support moves no money" }))).toBe(403);
    expect(await statusOf(() => postToPage(operator.cookie, customer.id, { intent: "block", reason: "Operators do not block" }))).toBe(403);
    expect(await statusOf(() => postToPage(support.cookie, customer.id, { intent: "note", body: "   " }))).toBe(400);
    expect(await statusOf(() => postToPage(support.cookie, customer.id, { intent: "block" }))).toBe(400);
    expect(await statusOf(() => postToPage(support.cookie, customer.id, { intent: "send_reset" }))).toBe(400);
    expect(await statusOf(() => postToPage(support.cookie, customer.id, { intent: "something" }))).toBe(400);
    expect(await getBalance(customer.id)).toBe(500);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
    expect(await notesOf("customer", customer.id)).toEqual([]);
    expect(await auditTrail("customer", customer.id)).toEqual([]);

    const done = (await postToPage(operator.cookie, customer.id, { intent: "adjust_balance", amount: "-4,50", reason: "Postage charged twice" })) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/customers/${customer.id}?done=adjust_balance`);
    expect(await getBalance(customer.id)).toBe(50);
    const noted = (await postToPage(support.cookie, customer.id, { intent: "note", body: "Asked for an invoice copy." })) as Response;
    expect(noted.status).toBe(303);
    expect((await notesOf("customer", customer.id)).map((note) => [note.body, note.staff_email])).toEqual([["Asked for an invoice copy.", support.email]]);
    const blocked = (await postToPage(support.cookie, customer.id, { intent: "block", reason: "Asked us to close the account" })) as Response;
    expect(blocked.headers.get("location")).toBe(`/admin/customers/${customer.id}?done=block`);

    // The page offers each role only its own forms, and shows what was done.
    const page = async (cookie: string) =>
      (await customerPageLoader({ request: new Request(`http://localhost/admin/customers/${customer.id}?done=block`, { headers: { cookie } }), params: { id: String(customer.id) }, context: { clientIp: ip } })) as Awaited<
        ReturnType<typeof customerPageLoader>
      >;
    expect((await page(support.cookie)).may).toEqual({ balance: false, access: true, notes: true });
    expect((await page(operator.cookie)).may).toEqual({ balance: true, access: false, notes: true });
    expect((await page(operator.cookie)).customer).toMatchObject({ balance_minor: 50, blocked_reason: "Asked us to close the account" });
    expect((await page(operator.cookie)).done).toBe("block");
  });
});

describe("a password-reset link from staff", () => {
  it("is the shop's own link, emailed in the customer's language, audited; never sent when the address changed since the page was drawn", async () => {
    const staff = await makeStaff("support");
    const customer = await customerWithPassword();
    expect(await sendCustomerPasswordReset(staff.actor, customer.id, "someone-else@example.com")).toMatchObject({ ok: false, error: "stale" });
    expect(mailsTo(customer.email)).toEqual([]);
    expect(await sendCustomerPasswordReset(staff.actor, customer.id, customer.email.toUpperCase())).toEqual({ ok: true, email: customer.email, locale: "lt" });
    const [mail] = mailsTo(customer.email);
    expect(mail!.subject).toContain("Siuntų Tiltas");
    const link = /https?:\/\/\S+\/lt\/password-reset\/([\w-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    expect(await isResetTokenUsable(link![1]!)).toBe(true);
    expect((await auditTrail("customer", customer.id)).map((entry) => [entry.action, entry.staff_email, entry.after])).toEqual([
      ["customer.send_reset", staff.email, { email: customer.email, locale: "lt" }],
    ]);
  });
});

describe("blocking a customer", () => {
  it("refuses their sign-in with a clear message once the password is right, ends their sessions at once, and unblocking lets them back", async () => {
    const staff = await makeStaff("support");
    const customer = await customerWithPassword();
    const session = await createSession(customer.id);
    expect(await sessionUser(session)).not.toBeNull();

    expect(await setCustomerBlocked(staff.actor, customer.id, true, "Chargeback fraud")).toEqual({ ok: true });
    expect(await sessionUser(session)).toBeNull();
    expect(await db().selectFrom("sessions").select("id").where("user_id", "=", customer.id).execute()).toEqual([]);
    expect(await logIn({ email: customer.email, password: customer.password }, { clientIp: ip })).toEqual({ ok: false, error: "account_blocked" });
    // A wrong password is only a wrong password: the block is no news to a stranger.
    expect(await logIn({ email: customer.email, password: "not the password" }, { clientIp: ip })).toEqual({ ok: false, error: "invalid_credentials" });
    // A session opened by a sign-in under way as the block landed is no session either.
    expect(await sessionUser(await createSession(customer.id))).toBeNull();

    const answer = await apiLogin({
      request: new Request("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json", "accept-language": "en" }, body: JSON.stringify({ email: customer.email, password: customer.password }) }),
      params: {},
      context: { clientIp: ip },
    });
    expect(answer.status).toBe(403);
    expect(JSON.stringify(await answer.json())).toContain("This account is blocked, so you cannot sign in.");

    // Blocking again is what someone else already did: refused, naming them.
    expect(await setCustomerBlocked(staff.actor, customer.id, true, "Again")).toMatchObject({ ok: false, error: "stale", by: staff.email });
    expect(await setCustomerBlocked(staff.actor, customer.id, false, "Bank confirmed the payment")).toEqual({ ok: true });
    expect((await logIn({ email: customer.email, password: customer.password }, { clientIp: ip })).ok).toBe(true);
    expect((await auditTrail("customer", customer.id)).map((entry) => [entry.action, (entry.after as { reason: string }).reason])).toEqual([
      ["customer.unblock", "Bank confirmed the payment"],
      ["customer.block", "Chargeback fraud"],
    ]);
  });
});

describe("notes", () => {
  it("are kept on the record they name, newest first, each with its audit entry; an unknown record or an empty note is refused", async () => {
    const staff = await makeStaff("support");
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    expect(await addNote(staff.actor, "customer", customer.id, "  First.  ")).toMatchObject({ ok: true });
    expect(await addNote(staff.actor, "order", Number(order!.id), "Fragile: pack twice.")).toMatchObject({ ok: true });
    expect(await addNote(staff.actor, "customer", 999_999_999, "Nobody")).toEqual({ ok: false, error: "not_found" });
    expect(await addNote(staff.actor, "customer", customer.id, "   ")).toEqual({ ok: false, error: "invalid" });
    expect((await notesOf("customer", customer.id)).map((note) => note.body)).toEqual(["First."]);
    expect((await notesOf("order", Number(order!.id))).map((note) => note.body)).toEqual(["Fragile: pack twice."]);
    expect((await auditTrail("order", Number(order!.id))).map((entry) => entry.action)).toEqual(["order.note"]);
  });
});
