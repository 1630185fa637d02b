import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "~/models/audit/audit.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { db } from "~/models/db/db.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/models/demo-data/index.server";
import { sendToProcessor, startOrderPayment } from "~/models/payments/start.server";
import { decideSandboxPayment } from "~/models/payments/processors/sandbox.server";
import { confirmPayment } from "~/models/payments/payment-result.server";
import { storedPhotoName } from "~/models/pro/listing";
import { decideListing } from "~/models/pro/listing-reviews.server";
import { sellerListings } from "~/models/pro/listings.server";
import { flushProductViews, followProductViews, stopCountingViews, waitingViews } from "~/models/pro/views.server";
import { applySearchEdits } from "~/models/search/search-edits.server";
import { searchListing } from "~/models/search/search.server";
import { uploadsDir } from "~/models/uploads/storage.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { action as payOrderPost } from "~/routes/payments/pay";
import { loader as productPage } from "~/routes/shop/product";
import { action as proPost, loader as proPage } from "~/routes/pro/apply";
import { loader as sitePro } from "~/routes/pro/listings";
import { action as editPost, loader as editPage } from "~/routes/pro/edit-listing";
import { action as feePost, loader as feePage } from "~/routes/pro/listing-fee";
import { loader as imageProxy } from "~/routes/system/image";
import { loader as listingPhoto } from "~/routes/system/media-listings";
import { runAdmin } from "../../scripts/admin";
import { listingQuery, makeCustomer, makeOrders, sessionCookie } from "./factories";

// The pro area (issue point 6) through its pages' own loaders and actions,
// on the embedded database and on PostgreSQL: a customer applies and an
// operator approves; a pro seller makes a listing, pays its fee through the
// payments path and edits it, and search follows; views are written in
// batches; every seller page is the seller's alone.

const ORIGIN = "http://localhost";
const outbox = process.env.OUTBOX_DIR!;
const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
/** A real picture, 4 × 3 pixels of a colour of this run's own, so the image proxy can render it too. */
let PNG: Uint8Array<ArrayBuffer>;
const LANGUAGES = ["lt", "en", "lv", "ee"] as const;
let addresses = 0;
/** A client address of its own for each post, so the per-address limits of one test never touch another. */
const clientAddress = () => `198.51.100.${++addresses}`;

/** Photos taken off a listing by a test: still on disk, and no product names them. */
const takenOff: string[] = [];
let leafCategory: number;
let leafOptions: number[];
let shopProduct: number;

beforeAll(async () => {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: `#${randomBytes(3).toString("hex")}` } }).png().toBuffer();
  PNG = new Uint8Array(new ArrayBuffer(png.byteLength));
  PNG.set(png);
  await seedDemoData(db(), { products: 150, seed: 3 });
  // A leaf category that has additional fields, and its first options.
  const { rows } = await sql<{ id: number; fields: number[] }>`
    select c.id, c.filterable_additional_fields as fields from categories c
    where c.parent_id is not null and cardinality(c.filterable_additional_fields) >= 2 order by c.id limit 1`.execute(db());
  leafCategory = rows[0]!.id;
  const options = await db().selectFrom("additional_field_options").select("id").where("field_id", "=", rows[0]!.fields[0]!).orderBy("position").limit(2).execute();
  leafOptions = options.map((option) => option.id);
  shopProduct = Number((await db().selectFrom("products").select("id").where("seller_id", "is", null).where("is_active", "=", true).orderBy("id").executeTakeFirstOrThrow()).id);
});

afterAll(async () => {
  await stopCountingViews();
  // The photos this file's listings kept, and those taken off them (the other database's run keeps its own).
  const photos = await db().selectFrom("products").select("images").where("sku", "like", "PRO-%").execute();
  const names = [...photos.flatMap((row) => row.images), ...takenOff].flatMap((path) => storedPhotoName(path) ?? []);
  await Promise.all(names.map((name) => rm(join(uploadsDir(), name), { force: true })));
});

function mails(to: string) {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

/**
 * The listing photos on disk that this run sent: its picture's colour is its
 * own, so the other database's run, sharing the folder, never counts here.
 */
function listingPhotos() {
  const dir = join(uploadsDir(), "listings");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => Buffer.from(PNG).equals(readFileSync(join(dir, name))))
    .sort();
}

type Outcome = { status: number; location: string | null; data: Record<string, unknown> | undefined };

/** Runs a loader or action and tells what it answered: status, redirect target, data. */
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = (await run()) as { init?: { status?: number }; data?: Record<string, unknown> } | Record<string, unknown>;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: undefined };
    const init = (result as { init?: { status?: number } }).init;
    if (init) return { status: init.status ?? 200, location: null, data: (result as { data?: Record<string, unknown> }).data };
    return { status: 200, location: null, data: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), data: undefined };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, data: undefined };
    throw thrown;
  }
}

/** A form as our pages send it: the honeypot's fields, the trap empty. */
function formOf(fields: Record<string, string | string[]>, files: File[] = []) {
  const form = new FormData();
  const pot = honeypotInputProps();
  form.set(pot.nameFieldName, "");
  if (pot.validFromFieldName) form.set(pot.validFromFieldName, pot.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  for (const file of files) form.append("photos", file);
  return form;
}

const get = (path: string, cookie = "", headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers: { cookie, ...headers } });
const post = (path: string, body: FormData, cookie = "") => new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
const photo = (name = "front.png") => new File([PNG], name, { type: "image/png" });

async function seller(balance = 0) {
  const account = await makeCustomer({ role: "pro", balance });
  return { ...account, cookie: await sessionCookie(account.id) };
}

/** The edit form's fields: a title and a description in each language, price, stock, the category and its options. */
function listingFields(changes: Record<string, string | string[]> = {}) {
  const fields: Record<string, string | string[]> = { price: "24.50", stock: "5", category: String(leafCategory), options: leafOptions.map(String) };
  for (const language of LANGUAGES) {
    fields[`name_${language}`] = `Zandrofel lamp ${language}`;
    fields[`description_${language}`] = `A brass Zandrofel lamp for the desk (${language}).`;
  }
  return { ...fields, ...changes };
}

const editAt = (id: number | "new", cookie: string, form: FormData) =>
  outcome(() => editPost({ request: post(`/en/site-pro-edit/${id}`, form, cookie), params: { locale: "en", id: String(id) }, context: {} }));
const editPageOf = (id: number | string, cookie: string) =>
  outcome(() => editPage({ request: get(`/en/site-pro-edit/${id}`, cookie), params: { locale: "en", id: String(id) }, context: {} }));
const feePageOf = (id: number | string, cookie: string) =>
  outcome(() => feePage({ request: get(`/en/site-pro-payment/${id}`, cookie), params: { locale: "en", "*": String(id) }, context: {} }));
const payFee = (id: number | string, cookie: string) =>
  outcome(() => feePost({ request: post(`/en/site-pro-payment/${id}`, new FormData(), cookie), params: { locale: "en", "*": String(id) }, context: {} }));

/** A new listing made through the page, sent for the shop's review; its id. */
async function newListing(cookie: string, changes: Record<string, string | string[]> = {}) {
  const made = await editAt("new", cookie, formOf(listingFields(changes), [photo()]));
  expect(made.status).toBe(303);
  const id = Number(/\/en\/site-pro\?sent=(\d+)$/.exec(made.location ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

/** A new listing the shop has approved (the back office's decision), waiting for its fee; its id. */
async function approvedListing(cookie: string, changes: Record<string, string | string[]> = {}) {
  const id = await newListing(cookie, changes);
  expect(await decideListing(COMMAND_LINE, id, { approve: true })).toEqual({ ok: true, status: "approved" });
  return id;
}

/** A listing on the marketplace: made, approved, and its fee paid from the balance through /payment/{bill}. */
async function activeListing(account: Awaited<ReturnType<typeof seller>>, changes: Record<string, string | string[]> = {}) {
  const id = await approvedListing(account.cookie, changes);
  const opened = await payFee(id, account.cookie);
  const billSlug = /\/en\/payment\/([\w-]+)$/.exec(opened.location ?? "")?.[1];
  const paid = await outcome(() =>
    payOrderPost({ request: post(`/en/payment/${billSlug}`, formOf({ intent: "pay_order", payment: "4" }), account.cookie), params: { locale: "en", slug: billSlug }, context: {} }),
  );
  expect(paid).toMatchObject({ status: 303, location: `/en/site-pro-payment/${id}` });
  return id;
}

const product = (id: number) => db().selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const texts = async (id: number) =>
  Object.fromEntries(
    (await db().selectFrom("product_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["l.iso_code", "t.name"]).where("t.product_id", "=", id).execute()).map((row) => [
      row.iso_code,
      row.name,
    ]),
  );
/** The products a search lists once the index and the word lists hold every change made so far. */
async function searchFor(text: string) {
  await applySearchEdits();
  await freshCatalogueIndex();
  return (await searchListing({ ...listingQuery({ sort: "relevance" }), text })).items;
}

describe("applying to sell", () => {
  it("shows a guest the offer with a sign-in that comes back, and sends a guest's post to sign in", async () => {
    const page = await outcome(() => proPage({ request: get("/en/pro"), params: { locale: "en" }, context: {} }));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ page: { state: "guest", signIn: "/en/login?redirectTo=%2Fen%2Fpro", fee: "€4.90" } });
    const sent = await outcome(() => proPost({ request: post("/en/pro", formOf({})), params: { locale: "en" }, context: { clientIp: clientAddress() } }));
    expect(sent).toMatchObject({ status: 303, location: "/en/login?redirectTo=%2Fen%2Fpro" });
  });

  it("files a customer's application once, mails its receipt and shows that it waits", async () => {
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    const context = { clientIp: clientAddress() };
    expect((await outcome(() => proPage({ request: get("/en/pro", cookie), params: { locale: "en" }, context }))).data).toMatchObject({ page: { state: "apply" } });

    const fields = { company_name: "UAB Vėjo Malūnas", company_code: "LT100009876543", phone: "+370 612 34567", message: "Handmade kitchenware." };
    const sent = await outcome(() => proPost({ request: post("/lt/pro", formOf(fields), cookie), params: { locale: "lt" }, context }));
    expect(sent).toMatchObject({ status: 303, location: "/lt/pro?sent=1" });
    const rows = await db().selectFrom("pro_applications").selectAll().where("user_id", "=", customer.id).execute();
    expect(rows).toEqual([expect.objectContaining({ status: "pending", locale: "lt", company_name: "UAB Vėjo Malūnas", company_code: "LT100009876543", phone: "+370 612 34567", message: "Handmade kitchenware." })]);
    expect(mails(customer.email).map((mail) => mail.subject)).toEqual([expect.stringContaining("Gavome jūsų paraišką")]);

    const waiting = await outcome(() => proPage({ request: get("/en/pro?sent=1", cookie), params: { locale: "en" }, context }));
    expect(waiting.data).toMatchObject({ page: { state: "pending", sent: true, application: { status: "pending", company: "UAB Vėjo Malūnas" } } });

    // A second application while one waits: refused, nothing added.
    const again = await outcome(() => proPost({ request: post("/en/pro", formOf(fields), cookie), params: { locale: "en" }, context: { clientIp: clientAddress() } }));
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ error: { "": ["pro.errors.alreadyPending"] } });
    expect(await db().selectFrom("pro_applications").select("id").where("user_id", "=", customer.id).execute()).toHaveLength(1);
  });

  it("refuses bad input with everything typed kept and nothing stored; the spam trap and the limit per address hold", async () => {
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    const typed = { company_name: "", company_code: "LT<1>", phone: "612 34567", message: "Bicycles and parts." };
    const bad = await outcome(() => proPost({ request: post("/en/pro", formOf(typed), cookie), params: { locale: "en" }, context: { clientIp: clientAddress() } }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      initialValue: { company_code: "LT<1>", phone: "612 34567", message: "Bicycles and parts." },
      error: { company_name: ["validation.required"], company_code: ["pro.errors.companyCode"], phone: ["validation.phone"] },
    });

    const robot = new FormData();
    for (const [name, value] of Object.entries({ company_name: "Spam Ltd", company_code: "X1", phone: "+370 612 34567" })) robot.set(name, value);
    const trapped = await outcome(() => proPost({ request: post("/en/pro", robot, cookie), params: { locale: "en" }, context: { clientIp: clientAddress() } }));
    expect(trapped).toMatchObject({ status: 400, data: { error: { "": ["auth.spam"] } } });

    // Five applications a minute from one address; the sixth is refused and stores nothing.
    const address = clientAddress();
    const applicants = await Promise.all(Array.from({ length: 6 }, () => makeCustomer()));
    const statuses: number[] = [];
    for (const applicant of applicants) {
      const form = formOf({ company_name: "Same Desk Ltd", company_code: "LT200", phone: "+370 612 34567" });
      const request = post("/en/pro", form, await sessionCookie(applicant.id));
      statuses.push((await outcome(() => proPost({ request, params: { locale: "en" }, context: { clientIp: address } }))).status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    const stored = await db().selectFrom("pro_applications").select("user_id").where("user_id", "in", [customer.id, ...applicants.map((a) => a.id)]).execute();
    expect(stored.map((row) => row.user_id).sort()).toEqual(applicants.slice(0, 5).map((a) => a.id).sort());
  });
});

describe("the operator's decision", () => {
  const quiet = () => {
    const lines: string[] = [];
    return { lines, output: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
  };

  async function applicant(locale: "en" | "lv") {
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    const form = formOf({ company_name: "SIA Dzintara Krasts", company_code: "LV40003012345", phone: "+371 2612 3456" });
    const sent = await outcome(() => proPost({ request: post(`/${locale}/pro`, form, cookie), params: { locale }, context: { clientIp: clientAddress() } }));
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    return { ...customer, cookie };
  }

  it("approves: the account becomes a pro seller, is told in its language, and reaches /site-pro", async () => {
    const customer = await applicant("lv");
    const before = await outcome(() => sitePro({ request: get("/en/site-pro", customer.cookie), params: { locale: "en" }, context: {} }));
    expect(before.status).toBe(404);

    const { lines, output } = quiet();
    expect(await runAdmin(["pro", "approve", "--email", customer.email.toUpperCase()], output)).toBe(0);
    expect(lines.join("\n")).toContain("approved; the account is now pro");
    expect(await db().selectFrom("users").select("role").where("id", "=", customer.id).executeTakeFirstOrThrow()).toEqual({ role: "pro" });
    expect(await db().selectFrom("pro_applications").select(["status"]).where("user_id", "=", customer.id).execute()).toEqual([{ status: "approved" }]);
    const decision = mails(customer.email).at(-1)!;
    expect(decision.subject).toContain("Tagad varat pārdot");
    expect(decision.text).toContain("/lv/site-pro");

    const after = await outcome(() => sitePro({ request: get("/en/site-pro", customer.cookie), params: { locale: "en" }, context: {} }));
    expect(after).toMatchObject({ status: 200, data: { listings: [] } });
    expect((await outcome(() => proPage({ request: get("/en/pro", customer.cookie), params: { locale: "en" }, context: {} }))).data).toMatchObject({ page: { state: "seller" } });

    // Nothing waits any more; an unknown account; a command line that cannot be read.
    expect(await runAdmin(["pro", "approve", "--email", customer.email], quiet().output)).toBe(1);
    expect(await runAdmin(["pro", "approve", "--email", "nobody-at-all@example.com"], quiet().output)).toBe(1);
    expect(await runAdmin(["pro", "approve"], quiet().output)).toBe(2);
  });

  it("rejects: the customer stays a customer, is told, and may apply again", async () => {
    const customer = await applicant("en");
    expect(await runAdmin(["pro", "reject", "--email", customer.email], quiet().output)).toBe(0);
    expect(await db().selectFrom("users").select("role").where("id", "=", customer.id).executeTakeFirstOrThrow()).toEqual({ role: "customer" });
    expect(mails(customer.email).at(-1)!.subject).toContain("Your application to sell");
    const page = await outcome(() => proPage({ request: get("/en/pro", customer.cookie), params: { locale: "en" }, context: {} }));
    expect(page.data).toMatchObject({ page: { state: "apply", application: { status: "rejected" } } });
  });
});

describe("who reaches the seller's pages", () => {
  it("a guest is asked to sign in, a customer finds no such page, a seller's own pages open", async () => {
    const guest = await outcome(() => sitePro({ request: get("/en/site-pro"), params: { locale: "en" }, context: {} }));
    expect(guest).toMatchObject({ status: 302, location: "/en/login?redirectTo=%2Fen%2Fsite-pro" });
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    expect((await outcome(() => sitePro({ request: get("/en/site-pro", cookie), params: { locale: "en" }, context: {} }))).status).toBe(404);
    expect((await editPageOf("new", cookie)).status).toBe(404);
    expect((await feePageOf(shopProduct, cookie)).status).toBe(404);
    expect((await outcome(() => proPage({ request: get("/en/pro", cookie), params: { locale: "en" }, context: {} }))).status).toBe(200);
    const own = await seller();
    expect((await outcome(() => sitePro({ request: get("/en/site-pro", own.cookie), params: { locale: "en" }, context: {} }))).status).toBe(200);
    expect((await editPageOf("new", own.cookie)).status).toBe(200);
  });

  it("another seller's listing and the shop's own product are not found, to read, to save or to pay, and nothing changes", async () => {
    const owner = await seller();
    const other = await seller();
    const id = await newListing(owner.cookie);
    const before = await product(id);
    for (const target of [id, shopProduct]) {
      expect((await editPageOf(target, other.cookie)).status, `edit ${target}`).toBe(404);
      expect((await editAt(target, other.cookie, formOf(listingFields({ price: "1.00" }), [photo()]))).status, `save ${target}`).toBe(404);
      expect((await feePageOf(target, other.cookie)).status, `fee ${target}`).toBe(404);
      expect((await payFee(target, other.cookie)).status, `pay ${target}`).toBe(404);
    }
    expect((await editPageOf(shopProduct, owner.cookie)).status).toBe(404);
    expect(await product(id)).toEqual(before);
    expect(await db().selectFrom("orders").select("id").where("kind", "=", "listing").where("source_id", "in", [id, shopProduct]).execute()).toEqual([]);
    // Paths that name no listing.
    expect((await editPageOf("abc", owner.cookie)).status).toBe(404);
    expect((await feePageOf(`${id}/more`, owner.cookie)).status).toBe(404);
  });

  it("the pro area is not found on a site without the marketplace", async () => {
    await sql`update sites set settings = settings || '{"marketplace": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      const off = await outcome(() => proPage({ request: new Request("http://pj.localhost/en/pro"), params: { locale: "en" }, context: {} }));
      expect(off.status).toBe(404);
    } finally {
      await sql`update sites set settings = settings - 'marketplace' where code = 'pj'`.execute(db());
    }
  });
});

describe("a listing and its fee", () => {
  it("a new listing is saved whole with its photo, waits for the shop's review and then its fee, and is on no listing", async () => {
    const own = await seller();
    const id = await newListing(own.cookie, { name_lt: "Orbasket pynimo rinkinys", name_en: "Orbasket weaving kit", description_en: "An Orbasket kit with willow and a guide." });
    const row = await product(id);
    expect(row).toMatchObject({ seller_id: own.id, is_active: false, price_minor: 2450, original_price_minor: 2450, stock: 5, category_id: leafCategory, sku: `PRO-${id}` });
    // Its address is made of the site's first language's title (Lithuanian here) and stays when the title changes.
    expect(row.slug).toBe(`orbasket-pynimo-rinkinys-${id}`);
    expect(row.image).toMatch(/^\/media\/listings\/[\w-]{22}\.png$/);
    expect(row.images).toEqual([row.image]);
    expect(await texts(id)).toEqual({ en: "Orbasket weaving kit", lt: "Orbasket pynimo rinkinys", lv: "Zandrofel lamp lv", ee: "Zandrofel lamp ee" });
    const values = await db().selectFrom("product_additional_values").select("option_id").where("product_id", "=", id).orderBy("option_id").execute();
    expect(values.map((value) => value.option_id)).toEqual([...leafOptions].sort((a, b) => a - b));

    // The photo is served, and it is the file that was sent.
    const served = await listingPhoto({ request: get(row.image), params: { name: row.image.split("/").at(-1) }, context: {} });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // The cards and the product page show it through the image proxy, which reads the same file.
    const card = await imageProxy({ request: get(`/img?${new URLSearchParams({ src: row.image, p: "card" })}`), params: {}, context: {} });
    expect([card.status, card.headers.get("content-type")]).toEqual([200, "image/webp"]);

    expect((await searchFor("orbasket")).map((item) => item.id)).not.toContain(id);
    expect(await sellerListings(own.id, "en")).toEqual([expect.objectContaining({ id, name: "Orbasket weaving kit", state: "in_review", refusal: null, priceMinor: 2450, views: 0, unitsSold: 0 })]);
    // Its fee cannot be paid before the shop has approved it.
    expect((await feePageOf(id, own.cookie)).data).toMatchObject({ listing: { id, state: "in_review" } });
    expect(await payFee(id, own.cookie)).toMatchObject({ status: 400, data: { error: "This listing's fee can be paid once we have approved the listing." } });
    expect(await db().selectFrom("orders").select("id").where("kind", "=", "listing").where("source_id", "=", id).execute()).toEqual([]);

    expect(await decideListing(COMMAND_LINE, id, { approve: true })).toEqual({ ok: true, status: "approved" });
    expect(await sellerListings(own.id, "en")).toEqual([expect.objectContaining({ id, state: "awaiting_fee" })]);
    const page = await feePageOf(id, own.cookie);
    expect(page.data).toMatchObject({ listing: { id, state: "awaiting_fee", started: false }, fee: "€4.90" });
  });

  it("paying the fee from the balance puts the listing on the marketplace, leads back to its page, which says it is paid", async () => {
    const own = await seller(2000);
    const id = await approvedListing(own.cookie, { name_en: "Velmarind teapot", description_en: "A Velmarind teapot of cast iron." });
    const opened = await payFee(id, own.cookie);
    expect(opened.status).toBe(303);
    const billSlug = /\/en\/payment\/([\w-]+)$/.exec(opened.location ?? "")![1]!;
    expect(await db().selectFrom("orders").select(["kind", "source_id", "status", "total_minor", "user_id"]).where("slug", "=", billSlug).executeTakeFirstOrThrow()).toEqual({
      kind: "listing",
      source_id: id,
      status: "unpaid",
      total_minor: 490,
      user_id: own.id,
    });
    // Opening it again keeps the one bill.
    expect((await payFee(id, own.cookie)).location).toBe(`/en/payment/${billSlug}`);
    expect((await feePageOf(id, own.cookie)).data).toMatchObject({ listing: { started: true } });

    const paid = await outcome(() =>
      payOrderPost({ request: post(`/en/payment/${billSlug}`, formOf({ intent: "pay_order", payment: "4" }), own.cookie), params: { locale: "en", slug: billSlug }, context: {} }),
    );
    expect(paid).toMatchObject({ status: 303, location: `/en/site-pro-payment/${id}` });
    expect((await product(id)).is_active).toBe(true);
    const entry = await db().selectFrom("balance_entries").selectAll().where("user_id", "=", own.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ rel_type: BALANCE_REL_TYPE.listingFee, type: BALANCE_TYPE.deduction, rel_id: id, amount_minor: 490, end_balance_minor: 1510 });

    expect((await feePageOf(id, own.cookie)).data).toMatchObject({ listing: { state: "active" } });
    const again = await payFee(id, own.cookie);
    expect(again).toMatchObject({ status: 400, data: { error: "The fee for this listing is already paid." } });
    expect((await searchFor("velmarind")).map((item) => item.id)).toEqual([id]);
    expect((await sellerListings(own.id, "en"))[0]).toMatchObject({ id, state: "active" });
  });

  it("paying the fee by card through the processor activates the listing when the payment is confirmed", async () => {
    const own = await seller();
    const id = await approvedListing(own.cookie);
    const billSlug = /\/en\/payment\/([\w-]+)$/.exec((await payFee(id, own.cookie)).location ?? "")![1]!;
    const site = Number((await db().selectFrom("sites").select("id").where("code", "=", "default").executeTakeFirstOrThrow()).id);
    const started = await startOrderPayment(billSlug, own.id, site, "en", { provider: 1, balanceMinor: 0 });
    if (!started.ok || started.paid) throw new Error(`the payment did not start: ${JSON.stringify(started)}`);
    const sent = await sendToProcessor(started.token, ORIGIN, "en");
    if (!sent || !("redirectUrl" in sent)) throw new Error("the sandbox did not take the payment");
    expect((await product(id)).is_active).toBe(false);
    const payment = await db().selectFrom("payments").select("processor_ref").where("token", "=", started.token).executeTakeFirstOrThrow();
    await decideSandboxPayment(payment.processor_ref!, "paid", "never");
    expect(await confirmPayment(started.token)).toBe("paid");
    expect((await product(id)).is_active).toBe(true);
    expect(await db().selectFrom("orders").select("status").where("slug", "=", billSlug).executeTakeFirstOrThrow()).toEqual({ status: "paid" });
  });

  it("two payments of the same fee at once take it once", async () => {
    for (let round = 0; round < (onPostgres ? 10 : 3); round++) {
      const own = await seller(2000);
      const id = await approvedListing(own.cookie);
      const billSlug = /\/en\/payment\/([\w-]+)$/.exec((await payFee(id, own.cookie)).location ?? "")![1]!;
      const site = Number((await db().selectFrom("sites").select("id").where("code", "=", "default").executeTakeFirstOrThrow()).id);
      const pay = () => startOrderPayment(billSlug, own.id, site, "en", { provider: 4, balanceMinor: 0 });
      const results = await Promise.all([pay(), pay()]);
      expect(results.filter((result) => result.ok).length).toBe(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: "already_paid" }]);
      const user = await db().selectFrom("users").select("balance_minor").where("id", "=", own.id).executeTakeFirstOrThrow();
      expect(Number(user.balance_minor)).toBe(2000 - 490);
      expect((await product(id)).is_active).toBe(true);
    }
  });
});

describe("editing a listing", () => {
  it("changes price, stock and texts in one save, and search finds it at the new price by its new word, not the old", async () => {
    const own = await seller(1000);
    const id = await activeListing(own, { name_en: "Zandrofel brass lamp", description_en: "A Zandrofel lamp of brass." });
    expect((await searchFor("zandrofel")).map((item) => item.id)).toContain(id);

    const page = await editPageOf(id, own.cookie);
    expect(page.data).toMatchObject({ page: { id, state: "active", defaults: { price: "24.50", stock: "5", stock_seen: "5", name_en: "Zandrofel brass lamp" } } });
    const photos = (page.data!.page as { photos: string[] }).photos;

    const saved = await editAt(
      id,
      own.cookie,
      formOf(listingFields({ name_en: "Quelvorin reading lantern", description_en: "A Quelvorin lantern for reading.", price: "12,34", stock: "3", stock_seen: "5" })),
    );
    expect(saved).toMatchObject({ status: 303, location: `/en/site-pro?saved=${id}` });
    const row = await product(id);
    expect(row).toMatchObject({ price_minor: 1234, original_price_minor: 1234, stock: 3, is_active: true, images: photos });
    expect((await texts(id)).en).toBe("Quelvorin reading lantern");

    const found = await searchFor("quelvorin");
    expect(found.map((item) => [item.id, item.priceMinor])).toEqual([[id, 1234]]);
    expect((await searchFor("zandrofel")).map((item) => item.id)).not.toContain(id);
    // The other languages keep their own words.
    expect((await searchListing({ ...listingQuery({ locale: "lt", sort: "relevance" }), text: "zandrofel" })).items.map((item) => item.id)).toContain(id);
    expect((await sellerListings(own.id, "en"))[0]).toMatchObject({ id, name: "Quelvorin reading lantern", priceMinor: 1234, stock: 3 });

    // Photos: one added, the first taken off; the gallery follows.
    const [first] = photos;
    takenOff.push(first!);
    const replaced = await editAt(id, own.cookie, formOf(listingFields({ price: "12.34", stock: "3", stock_seen: "3", remove: [first!] }), [photo("back.png")]));
    expect(replaced.status).toBe(303);
    const after = await product(id);
    expect(after.images).toHaveLength(1);
    expect(after.images[0]).not.toBe(first);
    expect(after.image).toBe(after.images[0]);
  });

  it("refuses bad input with everything typed kept and changes nothing", async () => {
    const own = await seller(1000);
    const id = await activeListing(own);
    const before = { row: await product(id), texts: await texts(id), photos: listingPhotos() };
    const longDescription = `A very long description. ${"Carefully typed words. ".repeat(40)}`;

    const bad = await editAt(id, own.cookie, formOf(listingFields({ name_en: "Brand new name", description_en: longDescription, price: "12.345", stock: "lots", stock_seen: "5" }), [photo()]));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      initialValue: { name_en: "Brand new name", description_en: longDescription, price: "12.345", stock: "lots" },
      error: { price: ["pro.errors.price"], stock: ["pro.errors.stock"] },
      filesAgain: true,
    });

    // A file named like a picture that is none.
    const fake = new File([new TextEncoder().encode("MZ not a picture at all")], "photo.png", { type: "image/png" });
    const notImage = await editAt(id, own.cookie, formOf(listingFields({ name_en: "Another name", stock_seen: "5" }), [fake]));
    expect(notImage).toMatchObject({ status: 400, data: { error: { photos: ["pro.errors.photoType"] }, initialValue: { name_en: "Another name" } } });

    // Every photo taken off and none added.
    const none = await editAt(id, own.cookie, formOf(listingFields({ stock_seen: "5", remove: before.row.images })));
    expect(none).toMatchObject({ status: 400, data: { error: { photos: ["pro.errors.photoCount"] } } });

    // A category that is not a leaf.
    const parent = await editAt(id, own.cookie, formOf(listingFields({ category: "1", stock_seen: "5" })));
    expect(parent).toMatchObject({ status: 400, data: { error: { category: ["pro.errors.category"] } } });

    expect(await product(id)).toEqual(before.row);
    expect(await texts(id)).toEqual(before.texts);
    expect(listingPhotos()).toEqual(before.photos);
  });

  it("does not overwrite a stock that orders changed while the form was open", async () => {
    const own = await seller(1000);
    const id = await activeListing(own);
    await db().updateTable("products").set({ stock: 4 }).where("id", "=", id).execute();
    const stale = await editAt(id, own.cookie, formOf(listingFields({ stock: "10", stock_seen: "5", price: "30.00" })));
    expect(stale).toMatchObject({ status: 409, data: { error: { stock: ["pro.errors.stockChanged"] }, stockNow: 4, initialValue: { stock: "10", stock_seen: "4" } } });
    expect(await product(id)).toMatchObject({ stock: 4, price_minor: 2450 });
    const seen = await editAt(id, own.cookie, formOf(listingFields({ stock: "10", stock_seen: "4", price: "30.00" })));
    expect(seen.status).toBe(303);
    expect(await product(id)).toMatchObject({ stock: 10, price_minor: 3000 });
  });

  it("a save racing orders that take units either comes first or is refused, so no sale is lost", async () => {
    const own = await seller(1000 * 20);
    for (let round = 0; round < (onPostgres ? 8 : 2); round++) {
      const id = await activeListing(own);
      // An order takes a unit as checkout does: stock - quantity, in its own transaction.
      const sell = () => db().updateTable("products").set((eb) => ({ stock: eb("stock", "-", 1) })).where("id", "=", id).where("stock", ">", 0).execute();
      const [saved] = await Promise.all([editAt(id, own.cookie, formOf(listingFields({ stock: "50", stock_seen: "5" }))), sell(), sell()]);
      const { stock } = await product(id);
      if (saved.status === 303) expect(stock).toBe(48);
      else expect([saved.status, stock]).toEqual([409, 3]);
    }
  });

  it("without JavaScript, choosing another category brings the form back with its fields and everything typed, saving nothing", async () => {
    const own = await seller();
    const id = await newListing(own.cookie);
    const other = await db()
      .selectFrom("categories")
      .select("id")
      .where("parent_id", "is not", null)
      .where("id", "!=", leafCategory)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const before = await product(id);
    const shown = await editAt(id, own.cookie, formOf(listingFields({ intent: "category", category: String(other.id), name_en: "Half typed" })));
    expect(shown).toMatchObject({ status: 200, data: { initialValue: { category: String(other.id), name_en: "Half typed" } } });
    expect((shown.data as { error?: unknown }).error).toBeUndefined();
    expect(await product(id)).toEqual(before);
  });
});

describe("views and sales", () => {
  it("counts page views in memory and writes them in batches, not on every view", async () => {
    const own = await seller(1000);
    const id = await activeListing(own, { name_en: "Counted lamp" });
    const other = await activeListing(own, { name_en: "Second counted lamp" });
    // This test writes the batches itself: the server's timer waits an hour meanwhile.
    followProductViews(3_600_000);
    await flushProductViews();
    const stored = async () => Number((await sql<{ n: string }>`select coalesce(sum(views), 0)::text as n from product_views where product_id in (${id}, ${other})`.execute(db())).rows[0]!.n);
    const rows = async () => Number((await sql<{ n: string }>`select count(*)::text as n from product_views where product_id in (${id}, ${other})`.execute(db())).rows[0]!.n);
    const view = async (productId: number, headers: Record<string, string> = {}) => {
      const { slug } = await product(productId);
      await productPage({ request: get(`/en/p/${slug}`, "", headers), params: { locale: "en", "*": slug }, context: {} });
    };

    for (let i = 0; i < 3; i++) await view(id);
    await view(other);
    await view(id, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await view(id, { "sec-purpose": "prefetch" });
    // Nothing is written while the page is being viewed.
    expect(await stored()).toBe(0);
    expect(waitingViews()).toBe(2);

    // One batch writes both products' views of the day.
    expect(await flushProductViews()).toBe(2);
    expect(waitingViews()).toBe(0);
    expect([await stored(), await rows()]).toEqual([4, 2]);

    // The next batch adds to the same day's row.
    await view(id);
    await view(id);
    expect(await flushProductViews()).toBe(1);
    expect([await stored(), await rows()]).toEqual([6, 2]);
    expect(await flushProductViews()).toBe(0);
    const listed = await sellerListings(own.id, "en");
    expect(listed.find((listing) => listing.id === id)?.views).toBe(5);
    expect(listed.find((listing) => listing.id === other)?.views).toBe(1);
  });

  it("counts as sales the units and revenue of paid marketplace orders only", async () => {
    const own = await seller(1000);
    const id = await activeListing(own, { name_en: "Sold lamp" });
    const buyer = await makeCustomer();
    await makeOrders(buyer.id, [
      { kind: "marketplace", status: "paid", lines: [{ name: "Sold lamp", quantity: 2, price: 2450, productId: id }] },
      { kind: "marketplace", status: "delivered", lines: [{ name: "Sold lamp", quantity: 1, price: 2000, productId: id }, { name: "Other", quantity: 4, price: 100 }] },
      { kind: "marketplace", status: "unpaid", lines: [{ name: "Sold lamp", quantity: 5, price: 2450, productId: id }] },
      { kind: "marketplace", status: "cancelled", lines: [{ name: "Sold lamp", quantity: 7, price: 2450, productId: id }] },
      { kind: "marketplace", status: "refunded", lines: [{ name: "Sold lamp", quantity: 1, price: 2450, productId: id }] },
    ]);
    const [listing] = await sellerListings(own.id, "en");
    expect(listing).toMatchObject({ id, unitsSold: 3, revenueMinor: 2 * 2450 + 2000 });
    const page = await outcome(() => sitePro({ request: get("/en/site-pro", own.cookie), params: { locale: "en" }, context: {} }));
    expect(page.data).toMatchObject({ listings: [{ id, unitsSold: 3, revenue: "€69.00", state: "active" }] });
  });

  it("the demo pro seller has listings, one waiting for its fee, with views and sales", async () => {
    const demo = await db().selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.pro.email).executeTakeFirstOrThrow();
    const listings = await sellerListings(Number(demo.id), "lv");
    expect(listings).toHaveLength(6);
    expect(listings.filter((listing) => listing.state === "awaiting_fee")).toHaveLength(1);
    expect(listings.filter((listing) => listing.state === "active")).toHaveLength(5);
    expect(listings.some((listing) => listing.views > 0)).toBe(true);
    expect(listings.reduce((total, listing) => total + listing.unitsSold, 0)).toBeGreaterThan(0);
  });
});
