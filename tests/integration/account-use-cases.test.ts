import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { addDeliveryAddress, deleteDeliveryAddress, MAX_ADDRESSES, updateDeliveryAddress } from "~/models/accounts/addresses.server";
import { askForPasswordReset, checkClientEmail, logIn, resetPasswordWithToken, signUp } from "~/models/accounts/auth.server";
import { changeOwnPassword, chooseNewsletter, newsletterStatusFor, saveContactDetails } from "~/models/accounts/profile.server";
import { createSession } from "~/models/accounts/sessions.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { siteForHost } from "~/models/sites/sites.server";
import { createUser, verifyCredentials } from "~/models/accounts/users.server";
import { action as addressesPageAction } from "~/routes/account/delivery-addresses";
import { action as accountPageAction } from "~/routes/account/account-information";
import { action as addAddressCall } from "~/routes/api/accounts/add-delivery-address";
import { action as contactInfoCall } from "~/routes/api/accounts/update-contact-info";
import { sessionIdOf, sessionSetCookie } from "~/web/accounts/sessions.server";
import { callerOf } from "~/web/accounts/caller.server";

// Each account use case that a page and the JSON API both offer is one
// model function; these tests call it directly, and check that the page and
// the API, going through it, write the same thing.

const outbox = process.env.OUTBOX_DIR!;
const run = randomBytes(4).toString("hex");
let count = 0;
const uniqueEmail = (name: string) => `${name}-${run}-${++count}@example.com`;
/** A client address of its own per test, so that no test spends another's attempts. */
const freshIp = () => `203.0.113.${++count % 250}`;
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie?: string, url = "http://localhost/en/account-information") => new Request(url, { headers: cookie ? { cookie } : {} });

async function customer(password = "a-good-password") {
  const email = uniqueEmail("person");
  const { id } = await createUser({ email, password, first_name: "Jonas", last_name: "Jonaitis", newsletter: false, site_id: 1, language_id: 1 });
  const cookie = cookieOf(await sessionSetCookie(await createSession(id)));
  return { id, email, password, cookie };
}

function mailsTo(email: string) {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; text: string })
    .filter((mail) => mail.to === email);
}

async function waitForMail(email: string) {
  for (let i = 0; i < 100; i++) {
    const mails = mailsTo(email);
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mailsTo(email);
}

const address = {
  first_name: "Ona",
  last_name: "Onaitė",
  first_address: "Gedimino pr. 1",
  city: "Vilnius",
  zip: "LT-01103",
  phone_number: "+370 612 34567",
  country_id: 1,
};

describe("sign-in (logIn)", () => {
  it("signs in on a new session and answers the user", async () => {
    const { id, email, password, cookie } = await customer();
    const result = await logIn({ email, password }, await callerOf(requestWith(cookie), { clientIp: freshIp() }));
    expect(result).toMatchObject({ ok: true, user: { id, email, first_name: "Jonas", last_name: "Jonaitis" } });
    if (!result.ok) throw new Error("sign-in refused");
    expect(await getSessionUser(requestWith(cookieOf(await sessionSetCookie(result.sessionId))))).toMatchObject({ id });
    // The session the request came with has ended.
    expect(await getSessionUser(requestWith(cookie))).toBeNull();
  });

  it("counts each wrong password against the account and refuses after ten, even the right one", async () => {
    const { email, password } = await customer();
    for (let i = 0; i < 10; i++) {
      // Each guess comes from another address, so only the account's count can stop them.
      expect(await logIn({ email, password: `wrong-${i}-password` }, await callerOf(requestWith(), { clientIp: freshIp() }))).toEqual({
        ok: false,
        error: "invalid_credentials",
      });
    }
    expect(await logIn({ email, password }, await callerOf(requestWith(), { clientIp: freshIp() }))).toEqual({ ok: false, error: "too_many_requests" });
    const count = await db().selectFrom("rate_limits").select("hits").where("key", "=", `login:account:${email}`).executeTakeFirstOrThrow();
    expect(count.hits).toBe(10);
  });

  it("lets the many customers behind one address sign in, and still refuses the eleventh wrong password from it", async () => {
    // An office, or a mobile network's shared address.
    const clientIp = freshIp();
    for (let i = 0; i < 12; i++) {
      const { email, password } = await customer();
      expect((await logIn({ email, password }, await callerOf(requestWith(), { clientIp }))).ok).toBe(true);
    }
    for (let i = 0; i < 10; i++) {
      // Each guess at another account, so only the address's count can stop them.
      const { email } = await customer();
      expect(await logIn({ email, password: `wrong-${i}-password` }, await callerOf(requestWith(), { clientIp }))).toEqual({ ok: false, error: "invalid_credentials" });
    }
    const { email, password } = await customer();
    expect(await logIn({ email, password }, await callerOf(requestWith(), { clientIp }))).toEqual({ ok: false, error: "too_many_requests" });
  });

  it("stops a burst of guesses sent at once from one address at ten", async () => {
    const clientIp = freshIp();
    const accounts = [];
    for (let i = 0; i < 14; i++) accounts.push(await customer());
    const callers = await Promise.all(accounts.map(() => callerOf(requestWith(), { clientIp })));
    const answers = await Promise.all(accounts.map(({ email }, i) => logIn({ email, password: `wrong-${i}-password` }, callers[i]!)));
    const errors = answers.map((answer) => (answer.ok ? "signed in" : answer.error));
    expect(errors.filter((error) => error === "invalid_credentials")).toHaveLength(10);
    expect(errors.filter((error) => error === "too_many_requests")).toHaveLength(4);
  });

  it("does not count the owner's successful sign-ins against the account", async () => {
    const { email, password } = await customer();
    for (let i = 0; i < 12; i++) {
      expect((await logIn({ email, password }, await callerOf(requestWith(), { clientIp: freshIp() }))).ok).toBe(true);
    }
  });
});

describe("sign-up (signUp, checkClientEmail)", () => {
  it("creates the account in the page's language, signs it in, and refuses the same email again", async () => {
    const site = await siteForHost("localhost");
    const email = uniqueEmail("new");
    const input = { email, password: "a-good-password", first_name: "Ieva", last_name: "Ievaitė", newsletter: true };
    const result = await signUp(input, { ...(await callerOf(requestWith(), { clientIp: freshIp() })), site, locale: "lt" });
    expect(result).toMatchObject({ ok: true, kind: "created", user: { email, first_name: "Ieva" } });
    if (!result.ok || result.kind !== "created") throw new Error("sign-up refused");
    expect(await getSessionUser(requestWith(cookieOf(await sessionSetCookie(result.sessionId))))).toMatchObject({ id: result.user.id, email });
    const row = await db().selectFrom("users").select(["language_id", "newsletter_subscribed"]).where("id", "=", result.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ language_id: site.languages.find((l) => l.iso_code === "lt")!.id, newsletter_subscribed: true });

    expect(await signUp(input, { ...(await callerOf(requestWith(), { clientIp: freshIp() })), site, locale: "en" })).toEqual({ ok: false, error: "user_already_exists" });
  });

  it("refuses the eleventh sign-up or check of one address in a minute", async () => {
    const site = await siteForHost("localhost");
    const clientIp = freshIp();
    for (let i = 0; i < 10; i++) expect((await checkClientEmail(uniqueEmail("check"), { ...(await callerOf(requestWith(), { clientIp })), site, locale: "en" })).ok).toBe(true);
    const input = { email: uniqueEmail("late"), password: "a-good-password", first_name: "A", last_name: "B", newsletter: false };
    expect(await signUp(input, { ...(await callerOf(requestWith(), { clientIp })), site, locale: "en" })).toEqual({ ok: false, error: "too_many_requests" });
    expect(await db().selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst()).toBeUndefined();
  });
});

describe("password reset (askForPasswordReset, resetPasswordWithToken)", () => {
  it("emails a link whose token sets the new password once", async () => {
    const site = await siteForHost("localhost");
    const { id, email } = await customer();
    expect(await askForPasswordReset(email, { ...(await callerOf(requestWith(), { clientIp: freshIp() })), site, locale: "en" })).toEqual({ ok: true });
    const [mail] = await waitForMail(email);
    const token = /https?:\/\/\S+/.exec(mail!.text)![0].split("/").at(-1)!;
    expect(await resetPasswordWithToken({ token, password: "the-new-password" }, await callerOf(requestWith(), { clientIp: freshIp() }))).toEqual({ ok: true });
    expect(await verifyCredentials(email, "the-new-password")).toBe(id);
    expect(await resetPasswordWithToken({ token, password: "again-a-password" }, await callerOf(requestWith(), { clientIp: freshIp() }))).toEqual({
      ok: false,
      error: "invalid_token",
    });
    expect(await verifyCredentials(email, "the-new-password")).toBe(id);
  });

  it("answers the same for an email without an account, and refuses the eleventh request of an address", async () => {
    const site = await siteForHost("localhost");
    const clientIp = freshIp();
    const nobody = uniqueEmail("nobody");
    expect(await askForPasswordReset(nobody, { ...(await callerOf(requestWith(), { clientIp })), site, locale: "en" })).toEqual({ ok: true });
    for (let i = 0; i < 9; i++) await askForPasswordReset(uniqueEmail("nobody"), { ...(await callerOf(requestWith(), { clientIp })), site, locale: "en" });
    expect(await askForPasswordReset(nobody, { ...(await callerOf(requestWith(), { clientIp })), site, locale: "en" })).toEqual({ ok: false, error: "too_many_requests" });
  });
});

describe("the account's own details (profile)", () => {
  it("a wrong current password changes nothing and ends no session", async () => {
    const { id, email, password, cookie } = await customer();
    const elsewhere = cookieOf(await sessionSetCookie(await createSession(id)));
    expect(await changeOwnPassword({ id }, { current_password: "not-the-password", new_password: "another-password" }, await sessionIdOf(requestWith(cookie)))).toEqual({
      ok: false,
      error: "wrong_password",
    });
    expect(await verifyCredentials(email, password)).toBe(id);
    expect(await getSessionUser(requestWith(elsewhere))).toMatchObject({ id });
  });

  it("the contact details saved by the page and by the API are the same row", async () => {
    const details = { first_name: "Petras", last_name: "Petraitis", phone: "+370 600 00000" };
    const viaPage = await customer();
    const form = new FormData();
    form.set("intent", "contact");
    for (const [key, value] of Object.entries(details)) form.set(key, value);
    await accountPageAction({ request: new Request("http://localhost/en/account-information", { method: "POST", headers: { cookie: viaPage.cookie }, body: form }), params: { locale: "en" }, context: {} });

    const viaApi = await customer();
    const response = (await contactInfoCall({
      request: new Request("http://localhost/api/auth/update-contact-info", {
        method: "POST",
        headers: { cookie: viaApi.cookie, "content-type": "application/json" },
        body: JSON.stringify(details),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(200);

    const contact = (id: number) => db().selectFrom("users").select(["first_name", "last_name", "phone"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await contact(viaPage.id)).toEqual({ first_name: "Petras", last_name: "Petraitis", phone: "+370 600 00000" });
    expect(await contact(viaApi.id)).toEqual(await contact(viaPage.id));
    expect(await saveContactDetails({ id: viaApi.id, email: viaApi.email }, { first_name: "P", last_name: "Q" })).toMatchObject({
      ok: true,
      user: { id: viaApi.id, first_name: "P", last_name: "Q", phone: null },
    });
  });

  it("stores the newsletter choice and tells it only to the account's own owner", async () => {
    const { id, email } = await customer();
    const stranger = await customer();
    expect(await chooseNewsletter({ id }, true)).toEqual({ ok: true, subscribed: true });
    expect((await db().selectFrom("users").select("newsletter_subscribed").where("id", "=", id).executeTakeFirstOrThrow()).newsletter_subscribed).toBe(true);
    expect(await newsletterStatusFor({ email }, email.toUpperCase())).toBe(true);
    expect(await newsletterStatusFor({ email: stranger.email }, email)).toBe(false);
    expect(await newsletterStatusFor(null, email)).toBe(false);
  });
});

describe("delivery addresses", () => {
  const columns = ["first_name", "last_name", "first_address", "city", "zip", "phone_number", "country_id"] as const;
  const rowsOf = (userId: number) => db().selectFrom("delivery_addresses").select(columns).where("user_id", "=", userId).execute();

  it("adding an address as the page and as the API writes the same row", async () => {
    const viaPage = await customer();
    const form = new FormData();
    form.set("intent", "add");
    for (const [key, value] of Object.entries(address)) form.set(key, String(value));
    const pageAnswer = (await addressesPageAction({
      request: new Request("http://localhost/en/delivery-addresses", { method: "POST", headers: { cookie: viaPage.cookie }, body: form }),
      params: { locale: "en" },
      context: {},
    })) as Response;
    expect(pageAnswer.status).toBe(303);

    const viaApi = await customer();
    const apiAnswer = (await addAddressCall({
      request: new Request("http://localhost/api/account/add-delivery-address", {
        method: "POST",
        headers: { cookie: viaApi.cookie, "content-type": "application/json" },
        body: JSON.stringify(address),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(apiAnswer.status).toBe(201);

    expect(await rowsOf(viaPage.id)).toEqual([address]);
    expect(await rowsOf(viaApi.id)).toEqual(await rowsOf(viaPage.id));
  });

  it("refuses an unknown country and a full book, and writes nothing", async () => {
    const { id } = await customer();
    expect(await addDeliveryAddress(id, { ...address, country_id: 32_000 })).toEqual({ ok: false, error: "unknown_country" });
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await addDeliveryAddress(id, address)).ok).toBe(true);
    expect(await addDeliveryAddress(id, address)).toEqual({ ok: false, error: "too_many_addresses" });
    expect(await rowsOf(id)).toHaveLength(MAX_ADDRESSES);
  });

  it("updates and deletes only the customer's own address", async () => {
    const owner = await customer();
    const other = await customer();
    const added = await addDeliveryAddress(owner.id, address);
    if (!added.ok) throw new Error("address refused");
    expect(await updateDeliveryAddress(other.id, added.address.id, { ...address, city: "Kaunas" })).toEqual({ ok: false, error: "not_found" });
    expect(await deleteDeliveryAddress(other.id, added.address.id)).toEqual({ ok: false, error: "not_found" });
    expect(await updateDeliveryAddress(owner.id, added.address.id, { ...address, country_id: 32_000 })).toEqual({ ok: false, error: "unknown_country" });
    expect(await rowsOf(owner.id)).toEqual([address]);
    expect(await updateDeliveryAddress(owner.id, added.address.id, { ...address, city: "Kaunas" })).toMatchObject({ ok: true, address: { city: "Kaunas" } });
    expect(await deleteDeliveryAddress(owner.id, added.address.id)).toEqual({ ok: true });
    expect(await rowsOf(owner.id)).toEqual([]);
  });
});
