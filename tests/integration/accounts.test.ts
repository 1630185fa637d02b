import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineGuards, type GuardName } from "~/web/guards.server";
import { db } from "~/models/db/db.server";
import { attemptAllowed, checkClient, register } from "~/models/accounts/auth.server";
import { requestPasswordReset, resetPassword } from "~/models/accounts/password-reset.server";
import { allowAttempt } from "~/models/accounts/rate-limits.server";
import { createSession } from "~/models/accounts/sessions.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { siteForHost } from "~/models/sites/sites.server";
import { createUser, verifyCredentials } from "~/models/accounts/users.server";
import { action as changePasswordCall } from "~/routes/api/accounts/change-password";
import { loader as marketplacePage } from "~/routes/shop/marketplace";
import { sql } from "kysely";
import { makeCustomer } from "./factories";
import { sessionSetCookie } from "~/web/accounts/sessions.server";
import { signInAs } from "~/web/accounts/caller.server";

// Email goes to the outbox folder vitest.config.ts names for each database;
// addresses carry a random part so that no run reads another's mail.
const outbox = process.env.OUTBOX_DIR!;
const run = randomBytes(4).toString("hex");

function mailsTo(email: string) {
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
}

let count = 0;
const newAccount = (overrides: Partial<Parameters<typeof createUser>[0]> = {}) => ({
  email: `person-${run}-${++count}@example.com`,
  password: "a-good-password",
  first_name: "Jonas",
  last_name: "Jonaitis",
  newsletter: false,
  site_id: 1,
  language_id: 1,
  ...overrides,
});

const requestWith = (cookie?: string, url = "http://localhost/en/account-information") =>
  new Request(url, { headers: cookie ? { cookie } : {} });
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("registration (spec 5)", () => {
  it("creates a new account, calls an existing one taken, and sends a password link to one without a password", async () => {
    const site = await siteForHost("localhost");
    const account = newAccount();
    const created = await register(account, site, "en");
    expect(created.kind).toBe("created");
    expect(await register(account, site, "en")).toEqual({ kind: "exists" });
    expect(await register({ ...account, email: account.email.toUpperCase() }, site, "en")).toEqual({ kind: "exists" });
    expect(await checkClient(account.email, site, "en")).toEqual({ found: true, new_password_has_been_sent: false });

    // An account made for a guest's order has no password: its owner is sent a link to set one.
    const guest = `guest-${run}-${++count}@example.com`;
    await makeCustomer({ email: guest, firstName: "Guest" });
    expect(await checkClient(guest, site, "en")).toEqual({ found: true, new_password_has_been_sent: true });
    expect(await register(newAccount({ email: guest }), site, "en")).toEqual({ kind: "password_sent" });
    expect(mailsTo(guest).at(-1)?.subject).toContain("Set a password");

    expect(await checkClient(`nobody-${++count}@example.com`, site, "en")).toEqual({ found: false, new_password_has_been_sent: false });
  });

  it("stores an argon2id hash, never the password, and checks it", async () => {
    const account = newAccount();
    const { id } = await createUser(account);
    const row = await db().selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyCredentials(account.email, account.password)).toBe(id);
    expect(await verifyCredentials(account.email, "not-the-password")).toBeNull();
    expect(await verifyCredentials(`missing-${count}@example.com`, account.password)).toBeNull();
  });
});

describe("sessions", () => {
  it("sign-in gives a new session id and ends the one the request came with", async () => {
    const { id } = await createUser(newAccount());
    const before = cookieOf(await sessionSetCookie(await createSession(id)));
    const after = cookieOf(await signInAs(requestWith(before), {}, id));
    expect(after).not.toBe(before);
    expect(await getSessionUser(requestWith(before))).toBeNull();
    expect(await getSessionUser(requestWith(after))).toMatchObject({ id });
  });

  it("a password change ends the account's other sessions and keeps the one that made it", async () => {
    const account = newAccount();
    const { id } = await createUser(account);
    const here = cookieOf(await sessionSetCookie(await createSession(id)));
    const elsewhere = cookieOf(await sessionSetCookie(await createSession(id)));
    const request = new Request("http://localhost/api/auth/change-password", {
      method: "POST",
      headers: { cookie: here, "content-type": "application/json" },
      body: JSON.stringify({ current_password: account.password, new_password: "another-password" }),
    });
    const response = (await changePasswordCall({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(200);
    expect(await getSessionUser(requestWith(here))).toMatchObject({ id });
    expect(await getSessionUser(requestWith(elsewhere))).toBeNull();
    expect(await verifyCredentials(account.email, "another-password")).toBe(id);
  });
});

describe("password reset", () => {
  async function resetLinkFor(email: string) {
    const site = await siteForHost("localhost");
    expect(await requestPasswordReset(email, site, "en")).toBe(true);
    const mail = mailsTo(email).at(-1)!;
    const url = /https?:\/\/\S+/.exec(mail.text)![0];
    return { url, token: url.split("/").at(-1)!, site };
  }

  it("emails a link on the site's configured address that works once and ends every session", async () => {
    const account = newAccount();
    const { id } = await createUser(account);
    const session = cookieOf(await sessionSetCookie(await createSession(id)));
    const { url, token, site } = await resetLinkFor(account.email);
    expect(url.startsWith(`${site.appUrl}/en/password-reset/`)).toBe(true);
    expect(mailsTo(account.email).at(-1)!.text).toContain("Hello Jonas");

    expect(await resetPassword(token, "the-new-password")).toBe(true);
    expect(await verifyCredentials(account.email, "the-new-password")).toBe(id);
    expect(await getSessionUser(requestWith(session))).toBeNull();
    // Once only.
    expect(await resetPassword(token, "yet-another-password")).toBe(false);
    expect(await verifyCredentials(account.email, "the-new-password")).toBe(id);
  });

  it("refuses an expired or unknown token and changes nothing", async () => {
    const account = newAccount();
    const { id } = await createUser(account);
    const { token } = await resetLinkFor(account.email);
    await db().updateTable("password_reset_tokens").set({ expires_at: new Date(Date.now() - 1000) }).where("user_id", "=", id).execute();
    expect(await resetPassword(token, "the-new-password")).toBe(false);
    expect(await resetPassword("made-up-token", "the-new-password")).toBe(false);
    expect(await verifyCredentials(account.email, account.password)).toBe(id);
  });

  it("sends nothing, and says the same, for an email without an account", async () => {
    const email = `unknown-${run}-${++count}@example.com`;
    expect(await requestPasswordReset(email, await siteForHost("localhost"), "en")).toBe(false);
    expect(mailsTo(email)).toEqual([]);
  });
});

describe("rate limits", () => {
  it("let ten attempts a minute through and refuse the eleventh, per key", async () => {
    const key = `test:${++count}`;
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await allowAttempt(key));
    expect(results).toEqual([...Array(10).fill(true), false]);
    expect(await allowAttempt(`${key}:other`)).toBe(true);
    // A new window starts a minute later.
    await db().updateTable("rate_limits").set({ window_start: new Date(Date.now() - 61_000) }).where("key", "=", key).execute();
    expect(await allowAttempt(key)).toBe(true);
  });

  it("count sign-up attempts per address and per account", async () => {
    const context = { clientIp: `192.0.2.${++count % 250}` };
    for (let i = 0; i < 10; i++) expect(await attemptAllowed("register", context, `many-${count}-${i}@example.com`)).toBe(true);
    expect(await attemptAllowed("register", context, `many-${count}-x@example.com`)).toBe(false);
    const email = `target-${++count}@example.com`;
    for (let i = 0; i < 10; i++) expect(await attemptAllowed("register", { clientIp: `198.51.100.${i}` }, email)).toBe(true);
    expect(await attemptAllowed("register", { clientIp: "198.51.100.200" }, email)).toBe(false);
  });
});

describe("guards", () => {
  it("an unknown guard name fails when the route module loads, not on a request", () => {
    expect(() => defineGuards("auth", "no-such-guard" as GuardName)).toThrow('Unknown route guard "no-such-guard"');
  });

  it("auth sends a guest to sign in and back; guest sends a signed-in customer to the account; seller answers 404", async () => {
    const args = (request: Request) => ({ request, params: { locale: "en" } });
    const thrown = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as Response);

    const toLogin = await thrown(defineGuards("auth")(args(requestWith(undefined, "http://localhost/en/delivery-addresses?edit=3"))));
    expect(toLogin?.status).toBe(302);
    expect(toLogin?.headers.get("location")).toBe("/en/login?redirectTo=%2Fen%2Fdelivery-addresses%3Fedit%3D3");

    const { id } = await createUser(newAccount());
    const cookie = cookieOf(await sessionSetCookie(await createSession(id)));
    const toAccount = await thrown(defineGuards("guest")(args(requestWith(cookie, "http://localhost/en/login"))));
    expect(toAccount?.headers.get("location")).toBe("/en/my-orders");
    expect(await defineGuards("auth")(args(requestWith(cookie)))).toMatchObject({ id });

    // The pro offer is for every customer; a seller's own pages are not (decision 030).
    expect(await defineGuards("auth", "pro")(args(requestWith(cookie, "http://localhost/en/pro")))).toMatchObject({ id });
    const notPro = (await thrown(defineGuards("auth", "pro", "seller")(args(requestWith(cookie, "http://localhost/en/site-pro"))))) as unknown as { init: { status: number } };
    expect(notPro.init.status).toBe(404);
  });

  it("marketplace answers 404 on a site whose operator turned the marketplace off", async () => {
    await sql`update sites set settings = settings || '{"marketplace": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      const off = await marketplacePage({ request: new Request("http://pj.localhost/en/marketplace"), params: { locale: "en" }, context: {} }).then(
        () => undefined,
        (error: unknown) => error as { init?: { status?: number } },
      );
      expect(off?.init?.status).toBe(404);
      const on = await marketplacePage({ request: new Request("http://localhost/en/marketplace"), params: { locale: "en" }, context: {} });
      expect(on.title).toBe("Marketplace");
    } finally {
      await sql`update sites set settings = settings - 'marketplace' where code = 'pj'`.execute(db());
    }
  });

  it("marketplace also answers 404 on a site whose operator turned the deal zone off (spec 2: marketplace, dealzone)", async () => {
    await sql`update sites set settings = settings || '{"dealzone": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      const off = await marketplacePage({ request: new Request("http://pj.localhost/en/marketplace"), params: { locale: "en" }, context: {} }).then(
        () => undefined,
        (error: unknown) => error as { init?: { status?: number } },
      );
      expect(off?.init?.status).toBe(404);
    } finally {
      await sql`update sites set settings = settings - 'dealzone' where code = 'pj'`.execute(db());
    }
  });

  it("a guard that fails shows Page Not Found (spec 8)", async () => {
    await sql`alter table site_hosts rename to site_hosts_away`.execute(db());
    try {
      const failed = await defineGuards("marketplace")({ request: new Request("http://localhost/en/marketplace"), params: { locale: "en" } }).then(
        () => undefined,
        (error: unknown) => error as { init?: { status?: number } },
      );
      expect(failed?.init?.status).toBe(404);
    } finally {
      await sql`alter table site_hosts_away rename to site_hosts`.execute(db());
    }
  });
});
