import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ATTEMPTS_PER_MINUTE, CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE } from "~/models/content/contact";
import { db } from "~/models/db/db.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { action as contentAction, loader as contentPage } from "~/routes/content/page";
import { makeCustomer, sessionCookie } from "./factories";

// The contact form of /contacts (and of its own slug in a language, /lt/kontaktai)
// through the catch-all route's loader and action, on the embedded database
// and on PostgreSQL: a message is stored and mailed to the site's address,
// with the sender's address to reply to, and confirmed to the sender, each
// in its language; a refused post keeps what was typed and changes nothing.

const outbox = process.env.OUTBOX_DIR!;
const TEAM = "support@shipwise.example";
let addresses = 0;
let senders = 0;

/** A client address of its own for each post, so the per-address limit of one never touches another. */
const clientAddress = () => `198.51.100.${++addresses}`;
/** A sender's address no other test (or earlier run, in the shared outbox) used. */
const sender = () => `writer-${Date.now()}-${++senders}@example.com`;

type OutboxMail = { to: string; subject: string; text: string; replyTo?: string; sentAt: string };

function mails(filter: (mail: OutboxMail) => boolean) {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as OutboxMail)
    .filter(filter);
}

/** Mails to the site's team about this sender, and mails to the sender. */
const mailsAbout = (email: string) => ({
  team: mails((mail) => mail.to === TEAM && mail.replyTo === email),
  sender: mails((mail) => mail.to === email),
});

beforeAll(async () => {
  // The demo's contacts page: its own slug in Lithuanian.
  const page = await db().insertInto("pages").values({ slug: "contacts" }).returning("id").executeTakeFirstOrThrow();
  await sql`insert into page_translations (page_id, language_id, title, body, slug)
            select ${page.id}, id, case iso_code when 'lt' then 'Kontaktai' else 'Contacts' end, 'Write to us.',
                   case iso_code when 'lt' then 'kontaktai' end
            from languages where iso_code in ('en', 'lt')`.execute(db());
  await db().insertInto("pages").values({ slug: "warranty" }).execute();
  await sql`insert into page_translations (page_id, language_id, title, body)
            select p.id, l.id, 'Warranty', 'Body' from pages p, languages l where p.slug = 'warranty' and l.iso_code = 'en'`.execute(db());
});

/** The form as the page sends it: the honeypot's fields, the trap empty unless `trap` is typed. */
function contactForm(fields: Record<string, string>, { trap = "", honeypot = true }: { trap?: string; honeypot?: boolean } = {}) {
  const form = new FormData();
  if (honeypot) {
    const pot = honeypotInputProps();
    form.set(pot.nameFieldName, trap);
    if (pot.validFromFieldName) form.set(pot.validFromFieldName, pot.encryptedValidFrom);
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const message = (email = sender()) => ({
  name: "Rūta Jonaitė",
  email,
  subject: "Where is my parcel?",
  message: "My parcel MP12 has been in the warehouse for a week. Could you check it?",
});

type Reply = { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
type Outcome = { status: number; location: string | null; reply: Reply | undefined };

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = (await run()) as { init?: { status?: number }; data?: Reply };
    return { status: result.init?.status ?? 200, location: null, reply: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), reply: undefined };
    throw thrown;
  }
}

function send(locale: string, slug: string, form: FormData, { ip = clientAddress(), cookie = "" }: { ip?: string; cookie?: string } = {}) {
  const request = new Request(`http://localhost/${locale}/${slug}`, { method: "POST", headers: { cookie, origin: "http://localhost" }, body: form });
  return outcome(() => contentAction({ request, params: { locale, "*": slug }, context: { clientIp: ip } }));
}

async function storedFrom(email: string) {
  return db().selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
}

/** A refusal: the status, everything typed sent back, nothing stored, no mail. */
async function expectRefused(result: Outcome, typed: ReturnType<typeof message>, status: number) {
  expect(result.status).toBe(status);
  expect(result.reply?.initialValue).toMatchObject(typed);
  expect(await storedFrom(typed.email)).toHaveLength(0);
  expect(mailsAbout(typed.email)).toEqual({ team: [], sender: [] });
}

describe("the contact form", () => {
  it("stores the message, mails it to the site's address in the site's language with the sender to reply to, and confirms it in the page's language", async () => {
    const typed = message();
    const result = await send("en", "contacts", contactForm(typed));
    expect(result).toMatchObject({ status: 303, location: "/en/contacts?sent=1" });

    const [stored] = await storedFrom(typed.email);
    expect(stored).toMatchObject({ name: typed.name, subject: typed.subject, message: typed.message, locale: "en", mail_sent: true, user_id: null });
    const site = await db().selectFrom("sites").select("id").where("code", "=", "default").executeTakeFirstOrThrow();
    expect(stored!.site_id).toBe(site.id);

    const { team, sender: confirmations } = mailsAbout(typed.email);
    // The default site's language is Lithuanian: its team reads Lithuanian.
    expect(team).toHaveLength(1);
    expect(team[0]!.subject).toBe("Kontaktų forma (Shipwise): Where is my parcel?");
    expect(team[0]!.text).toContain(`Siuntėjas: Rūta Jonaitė <${typed.email}>`);
    expect(team[0]!.text).toContain("Puslapio kalba: English");
    expect(team[0]!.text).toContain(typed.message);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.subject).toBe("Shipwise: we have received your message");
    expect(confirmations[0]!.text).toContain("We have received it and will answer at this address");
    // Nothing the sender typed goes back to the address typed.
    expect(confirmations[0]!.text).not.toContain(typed.message);
    expect(confirmations[0]!.text).not.toContain(typed.subject);
  });

  it("takes the message at a language's own slug and confirms it in that language", async () => {
    const typed = message();
    expect(await send("lt", "kontaktai", contactForm(typed))).toMatchObject({ status: 303, location: "/lt/kontaktai?sent=1" });
    expect((await storedFrom(typed.email))[0]).toMatchObject({ locale: "lt", mail_sent: true });
    const { sender: confirmations } = mailsAbout(typed.email);
    expect(confirmations.map((mail) => mail.subject)).toEqual(["Shipwise: gavome jūsų žinutę"]);
  });

  it("says the message was sent after the redirect, at the page's own slug", async () => {
    const page = await contentPage({ request: new Request("http://localhost/lt/kontaktai?sent=1"), params: { locale: "lt", "*": "kontaktai" }, context: {} });
    expect(page.contact).toMatchObject({ path: "/kontaktai", sent: true, defaults: {} });
    const fresh = await contentPage({ request: new Request("http://localhost/lt/kontaktai"), params: { locale: "lt", "*": "kontaktai" }, context: {} });
    expect(fresh.contact?.sent).toBe(false);
  });

  it("fills in a signed-in customer's name and email, and keeps the message with the account", async () => {
    const customer = await makeCustomer({ firstName: "Jonas", lastName: "Petraitis" });
    const cookie = await sessionCookie(customer.id);
    const page = await contentPage({ request: new Request("http://localhost/en/contacts", { headers: { cookie } }), params: { locale: "en", "*": "contacts" }, context: {} });
    expect(page.contact?.defaults).toEqual({ name: "Jonas Petraitis", email: customer.email });
    expect(await send("en", "contacts", contactForm(message(customer.email)), { cookie })).toMatchObject({ status: 303 });
    expect((await storedFrom(customer.email))[0]?.user_id).toBe(customer.id);
  });

  it("refuses a filled honeypot, or a post without it, keeping what was typed and changing nothing", async () => {
    const trapped = message();
    const result = await send("en", "contacts", contactForm(trapped, { trap: "https://spam.example" }));
    await expectRefused(result, trapped, 400);
    expect(result.reply?.error?.[""]).toEqual(["contact.errors.spam"]);

    const bare = message();
    const withoutPot = await send("en", "contacts", contactForm(bare, { honeypot: false }));
    await expectRefused(withoutPot, bare, 400);
    expect(withoutPot.reply?.error?.[""]).toEqual(["contact.errors.spam"]);
  });

  it("refuses an invalid email with its translated reason, keeping what was typed and changing nothing", async () => {
    const typed = { ...message(), email: "rūta-at-example.com" };
    const result = await send("en", "contacts", contactForm(typed));
    expect(result.status).toBe(400);
    expect(result.reply?.error?.email).toEqual(["validation.email"]);
    expect(result.reply?.initialValue).toMatchObject(typed);
    expect(await db().selectFrom("contact_messages").select("id").where("name", "=", typed.name).where("email", "=", typed.email).execute()).toHaveLength(0);
    expect(mails((mail) => mail.to === typed.email)).toHaveLength(0);
  });

  it("refuses empty fields and a message too short, each with its reason", async () => {
    const result = await send("en", "contacts", contactForm({ name: "  ", email: "", subject: "Hi", message: "Short" }));
    expect(result.status).toBe(400);
    expect(result.reply?.error).toMatchObject({ name: ["validation.required"], email: ["validation.required"], message: ["contact.errors.messageLength"] });
    expect(result.reply?.initialValue).toMatchObject({ subject: "Hi", message: "Short" });
  });

  it(`refuses a client address's post over ${CONTACT_ATTEMPTS_PER_MINUTE} a minute, keeping what was typed and changing nothing`, async () => {
    const ip = clientAddress();
    for (let i = 0; i < CONTACT_ATTEMPTS_PER_MINUTE; i++) {
      expect((await send("en", "contacts", contactForm({ ...message(), email: "not-an-address" }), { ip })).status).toBe(400);
    }
    const typed = message();
    const result = await send("en", "contacts", contactForm(typed), { ip });
    await expectRefused(result, typed, 429);
    expect(result.reply?.error?.[""]).toEqual(["contact.errors.tooMany"]);
    // Another address is not held back.
    expect((await send("en", "contacts", contactForm(message()))).status).toBe(303);
  });

  it(`sends one address at most ${CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE} confirmations a minute, from any number of machines`, async () => {
    const email = sender();
    for (let i = 0; i < CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE; i++) expect((await send("en", "contacts", contactForm(message(email)))).status).toBe(303);
    const result = await send("en", "contacts", contactForm(message(email)));
    expect(result.status).toBe(429);
    expect(await storedFrom(email)).toHaveLength(CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE);
    expect(mailsAbout(email).sender).toHaveLength(CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE);
  });

  it("keeps the message, not marked as mailed, on a site whose operator set no contact address", async () => {
    const typed = message();
    await sql`update sites set settings = settings - 'contact_email' where code = 'default'`.execute(db());
    try {
      expect((await send("en", "contacts", contactForm(typed))).status).toBe(303);
    } finally {
      await sql`update sites set settings = settings || ${JSON.stringify({ contact_email: TEAM })}::jsonb where code = 'default'`.execute(db());
    }
    expect((await storedFrom(typed.email))[0]).toMatchObject({ message: typed.message, mail_sent: false });
    expect(mailsAbout(typed.email)).toMatchObject({ team: [], sender: [{ to: typed.email }] });
  });

  it("takes no post on any other content page, nor at the contacts page's other slug", async () => {
    const typed = message();
    expect((await send("en", "warranty", contactForm(typed))).status).toBe(405);
    expect(await send("lt", "contacts", contactForm(typed))).toMatchObject({ status: 301, location: "/lt/kontaktai" });
    expect(await storedFrom(typed.email)).toHaveLength(0);
  });
});
