import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listClaims } from "~/models/claims/claims.server";
import type { ClaimAnswer } from "~/components/claims/ClaimForm";
import type { ClaimFormPage } from "~/models/claims/claim-form";
import { db } from "~/models/db/db.server";
import { uploadsDir } from "~/models/uploads/storage.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { action as claimAction, loader as claimPage } from "~/routes/claims/claim-form";
import { action as proAction } from "~/routes/claims/claim-form-pro";
import { loader as myClaims } from "~/routes/claims/my-claims";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, makeOrders, sessionCookie } from "./factories";

// Warranty and marketplace claims through the pages' own loaders and
// actions, on the embedded database and on PostgreSQL: a claim is filed
// only for the claimant's own order lines, with checked files, and a
// refusal keeps what was typed and saves nothing.

const ORIGIN = "http://localhost";
const outbox = process.env.OUTBOX_DIR!;
/** A 1×1 PNG, whole: an image is kept only if it decodes. */
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
const PDF = new TextEncoder().encode("%PDF-1.4\n%\u00e2\u00e3\n");
const DESCRIPTION = "The screen stays black after charging overnight.";
let addresses = 0;

/** A client address of its own for each test, so the per-address limit of one never touches another. */
const clientAddress = () => `203.0.113.${++addresses}`;

afterAll(async () => {
  const files = await db().selectFrom("claim_files").select("stored_name").execute();
  await Promise.all(files.map((file) => rm(join(uploadsDir(), file.stored_name), { force: true })));
});

function mails(to: string) {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

/** The form as the page sends it: the honeypot's fields, the trap empty. */
function claimForm(fields: Record<string, string | string[]>, files: File[] = []) {
  const form = new FormData();
  const pot = honeypotInputProps();
  form.set(pot.nameFieldName, "");
  if (pot.validFromFieldName) form.set(pot.validFromFieldName, pot.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  for (const file of files) form.append("files", file);
  return form;
}

type Outcome = { status: number; location: string | null; reply: ClaimAnswer | undefined };

/** Runs a loader or action and tells what it answered: status, redirect target, data. */
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = await run();
    const init = (result as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, location: null, reply: (result as { data?: ClaimAnswer }).data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), reply: undefined };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, reply: undefined };
    throw thrown;
  }
}

function post(path: string, form: FormData, cookie = "") {
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
}

const params = { locale: "en" };
const send = (form: FormData, cookie = "", ip = clientAddress()) =>
  outcome(() => claimAction({ request: post("/en/claim-form", form, cookie), params, context: { clientIp: ip } }));

async function customerWithOrder() {
  const customer = await makeCustomer();
  const [order] = await makeOrders(customer.id, [
    { kind: "marketplace", status: "delivered", lines: [{ name: "Phone", quantity: 2, price: 19900 }, { name: "Case", quantity: 1, price: 990 }] },
  ]);
  const items = await db().selectFrom("order_items").select(["id", "name"]).where("order_id", "=", order!.id).orderBy("id").execute();
  return { customer, order: { id: Number(order!.id), slug: order!.slug }, phone: `i${Number(items[0]!.id)}`, case: `i${Number(items[1]!.id)}` };
}

async function claimsOf(orderId: number) {
  return db().selectFrom("claims").selectAll().where("order_id", "=", orderId).execute();
}

describe("a signed-in customer's claim", () => {
  it("shows the chosen order's lines, saves the claim with its lines and files, mails it and lists it", async () => {
    const { customer, order, phone } = await customerWithOrder();
    const cookie = await sessionCookie(customer.id);

    const page = (await claimPage({ request: new Request(`${ORIGIN}/en/claim-form?order=${order.slug}`, { headers: { cookie } }), params, context: {} })) as {
      page: ClaimFormPage;
    };
    expect(page.page.orders.map((o) => o.slug)).toContain(order.slug);
    expect(page.page.order?.number).toBe(`MP${order.id}`);
    expect(page.page.order?.lines.map((line) => line.name)).toEqual(["Phone", "Case"]);

    const form = claimForm({ order: order.slug, line: phone, [`qty-${phone}`]: "1", reason: "defective", description: DESCRIPTION }, [
      new File([PNG], "front.png", { type: "image/png" }),
      new File([PDF], "receipt.pdf", { type: "application/pdf" }),
    ]);
    const sent = await send(form, cookie);
    expect(sent.status).toBe(303);
    const number = /sent=(CL\d+)$/.exec(sent.location ?? "")?.[1];
    expect(sent.location).toMatch(/^\/en\/claim-form\?sent=CL\d+$/);

    const [claim] = await claimsOf(order.id);
    expect(claim).toMatchObject({ user_id: customer.id, email: customer.email, reason: "defective", status: "received", kind: "warranty", description: DESCRIPTION });
    expect(`CL${claim!.id}`).toBe(number);
    const lines = await db().selectFrom("claim_lines").select(["name", "quantity"]).where("claim_id", "=", claim!.id).execute();
    expect(lines).toEqual([{ name: "Phone", quantity: 1 }]);
    const files = await db().selectFrom("claim_files").selectAll().where("claim_id", "=", claim!.id).orderBy("position").execute();
    expect(files.map((f) => [f.original_name, f.type])).toEqual([
      ["front.png", "image/png"],
      ["receipt.pdf", "application/pdf"],
    ]);
    for (const file of files) expect(existsSync(join(uploadsDir(), file.stored_name))).toBe(true);

    const [mail] = mails(customer.email);
    expect(mail?.subject).toContain(number);
    expect(mail?.text).toContain(`MP${order.id}`);
    expect(mail?.text).toContain("1 × Phone");

    expect(await listClaims(customer.id)).toEqual([expect.objectContaining({ number, order_number: `MP${order.id}`, status: "received", file_count: 2 })]);
    const list = (await myClaims({ request: new Request(`${ORIGIN}/en/my-claims`, { headers: { cookie } }), params, context: {} })) as { claims: unknown[] };
    expect(list.claims).toHaveLength(1);

    // The operator moves it on; the customer's list shows the new status.
    const out: string[] = [];
    const quiet = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    expect(await runAdmin(["claim", "status", "--claim", number!, "--to", "in_review"], quiet)).toBe(0);
    expect((await listClaims(customer.id))[0]!.status).toBe("in_review");
    expect(await runAdmin(["claim", "status", "--claim", "CL999999999", "--to", "approved"], quiet)).toBe(1);
  });

  it("answers 404 for another customer's order or line, and saves nothing", async () => {
    const owner = await customerWithOrder();
    const stranger = await customerWithOrder();
    const strangerCookie = await sessionCookie(stranger.customer.id);
    const ownerCookie = await sessionCookie(owner.customer.id);

    const peek = await outcome(() =>
      claimPage({ request: new Request(`${ORIGIN}/en/claim-form?order=${owner.order.slug}`, { headers: { cookie: strangerCookie } }), params, context: {} }),
    );
    expect(peek.status).toBe(404);

    const fields = { order: owner.order.slug, line: owner.phone, reason: "defective", description: DESCRIPTION };
    expect((await send(claimForm(fields), strangerCookie)).status).toBe(404);
    // The owner's own order with a line of the stranger's order.
    expect((await send(claimForm({ ...fields, line: stranger.phone }), ownerCookie)).status).toBe(404);
    expect(await claimsOf(owner.order.id)).toEqual([]);
    expect(await claimsOf(stranger.order.id)).toEqual([]);
  });

  it("keeps everything typed on a refusal, with status 400 and nothing saved", async () => {
    const { customer, order, phone } = await customerWithOrder();
    const cookie = await sessionCookie(customer.id);
    const refused = await send(
      claimForm({ order: order.slug, line: phone, [`qty-${phone}`]: "3", reason: "wrong_item", description: "Too short" }, [new File([PNG], "a.png")]),
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.reply?.error).toEqual({ line: ["claims.errors.quantity"], description: ["claims.errors.description"] });
    expect(refused.reply?.initialValue).toMatchObject({ order: order.slug, line: phone, [`qty-${phone}`]: "3", reason: "wrong_item", description: "Too short" });
    expect(refused.reply?.filesAgain).toBe(true);
    expect(refused.reply?.order?.lines).toHaveLength(2);
    expect(await claimsOf(order.id)).toEqual([]);
  });
});

describe("a guest's claim", () => {
  it("finds the order by its number and email, refuses a wrong email with the same words as a wrong number, and files the claim", async () => {
    const { customer, order, phone } = await customerWithOrder();
    const number = `MP${order.id}`;

    const found = await send(claimForm({ intent: "find", number: number.toLowerCase(), email: customer.email.toUpperCase() }));
    expect(found.status).toBe(200);
    expect(found.reply?.order?.lines.map((line) => line.key)).toContain(phone);

    const wrongEmail = await send(claimForm({ intent: "find", number, email: "someone-else@example.com" }));
    const wrongNumber = await send(claimForm({ intent: "find", number: "MP999999999", email: customer.email }));
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.reply?.error).toEqual({ order: ["claims.errors.notFound"] });
    expect(wrongEmail.reply?.order).toBeNull();
    expect(wrongNumber.reply?.error).toEqual(wrongEmail.reply?.error);
    // Sending the claim itself with the wrong email is refused the same way.
    const sneaky = await send(claimForm({ number, email: "someone-else@example.com", line: phone, reason: "other", description: DESCRIPTION }));
    expect(sneaky.status).toBe(400);
    expect(sneaky.reply?.error).toEqual({ order: ["claims.errors.notFound"] });
    expect(await claimsOf(order.id)).toEqual([]);

    const sent = await send(claimForm({ number, email: customer.email, line: phone, reason: "damaged_in_transport", description: DESCRIPTION }, [new File([PNG], "box.png")]));
    expect(sent.status).toBe(303);
    const [claim] = await claimsOf(order.id);
    expect(claim).toMatchObject({ user_id: null, email: customer.email, reason: "damaged_in_transport" });
    expect(mails(customer.email).some((mail) => mail.subject.includes(`CL${claim!.id}`))).toBe(true);
  });

  it("refuses a filled honeypot and a form without its fields", async () => {
    const { customer, order, phone } = await customerWithOrder();
    const fields = { number: `MP${order.id}`, email: customer.email, line: phone, reason: "other", description: DESCRIPTION };
    const robot = claimForm(fields);
    robot.set(honeypotInputProps().nameFieldName, "Buy now");
    const trapped = await send(robot);
    expect(trapped.status).toBe(400);
    expect(trapped.reply?.error).toEqual({ "": ["claims.errors.spam"] });
    expect(trapped.reply?.initialValue?.description).toBe(DESCRIPTION);

    const bare = new FormData();
    for (const [name, value] of Object.entries(fields)) bare.set(name, value);
    expect((await send(bare)).status).toBe(400);
    expect(await claimsOf(order.id)).toEqual([]);
  });

  it("limits the attempts per client address", async () => {
    const ip = clientAddress();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(claimForm({ intent: "find", number: "MP1", email: "nobody@example.com" }), "", ip)).reply?.error?.[""]?.[0]);
    expect(statuses.slice(0, 10).every((error) => error === undefined)).toBe(true);
    expect(statuses[10]).toBe("claims.errors.tooMany");
  });
});

describe("the files", () => {
  async function refusedFor(files: File[]) {
    const { customer, order, phone } = await customerWithOrder();
    const cookie = await sessionCookie(customer.id);
    const answer = await send(claimForm({ order: order.slug, line: phone, reason: "defective", description: DESCRIPTION }, files), cookie);
    expect(answer.status).toBe(400);
    expect(await claimsOf(order.id)).toEqual([]);
    expect(answer.reply?.filesAgain).toBe(true);
    return answer.reply?.error?.files?.[0];
  }

  it("refuses a file that is not an image or PDF by its content, whatever its name says", async () => {
    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "photo.png", { type: "image/png" });
    expect(await refusedFor([new File([PNG], "ok.png"), program])).toBe("claims.errors.fileType");
  });

  it("refuses a file over 10 MB", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await refusedFor([new File([big], "huge.png")])).toBe("claims.errors.fileSize");
  });

  it("refuses a sixth file", async () => {
    const six = Array.from({ length: 6 }, (_, i) => new File([PNG], `p${i}.png`));
    expect(await refusedFor(six)).toBe("claims.errors.tooManyFiles");
  });
});

describe("the marketplace claim form", () => {
  it("takes marketplace orders only", async () => {
    const customer = await makeCustomer();
    const [quote, market] = await makeOrders(customer.id, [
      { kind: "quote", status: "paid" },
      { kind: "marketplace", status: "paid" },
    ]);
    const sendPro = (form: FormData) => outcome(() => proAction({ request: post("/en/claim-form-pro", form), params, context: { clientIp: clientAddress() } }));
    const forQuote = await sendPro(claimForm({ intent: "find", number: `QU${quote!.id}`, email: customer.email }));
    expect(forQuote.reply?.error).toEqual({ order: ["claims.errors.notFound"] });
    // The warranty form takes the same quote order.
    expect((await send(claimForm({ intent: "find", number: `QU${quote!.id}`, email: customer.email }))).status).toBe(200);

    const item = await db().selectFrom("order_items").select("id").where("order_id", "=", market!.id).executeTakeFirstOrThrow();
    const sent = await sendPro(claimForm({ number: `MP${market!.id}`, email: customer.email, line: `i${Number(item.id)}`, reason: "wrong_item", description: DESCRIPTION }));
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(/^\/en\/claim-form-pro\?sent=CL\d+$/);
    expect(await claimsOf(Number(market!.id))).toEqual([expect.objectContaining({ kind: "marketplace" })]);
  });
});
