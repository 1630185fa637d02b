import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/models/accounts/passwords.server";
import { auditTrail, type StaffActor } from "~/models/audit/audit.server";
import { answerClaim, setClaimStatus, staffClaim, staffClaims } from "~/models/claims/claim-admin.server";
import type { ClaimAnswer } from "~/components/claims/ClaimForm";
import { listClaims, saveClaim } from "~/models/claims/claims.server";
import { db } from "~/models/db/db.server";
import { sendStorageEmails } from "~/models/forwarding/housekeeping.server";
import { receiveParcel } from "~/models/forwarding/operator.server";
import { declareParcel } from "~/models/forwarding/parcels.server";
import { confirmStaffCode, signInStaff } from "~/models/staff/sign-in.server";
import { staffSession } from "~/models/staff/staff-sessions.server";
import { newTotpSecret, totpCode } from "~/models/staff/two-factor";
import { IMAGE_OR_PDF } from "~/models/uploads/file-kind";
import { storeUpload, uploadsDir } from "~/models/uploads/storage.server";
import { action as claimPageAction, loader as claimPage } from "~/routes/admin/claim";
import { loader as claimFile } from "~/routes/admin/claim-file";
import { loader as claimList } from "~/routes/admin/claims";
import { action as claimFormAction } from "~/routes/claims/claim-form";
import { staffSessionSetCookie } from "~/web/admin/staff-cookie.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, makeOrders, sessionCookie } from "./factories";

// Claims in the back office (docs/back-office.md), on the embedded database
// and on PostgreSQL: staff list and read claims, move them on and answer
// the customer, each change audited and refused on an old page; a claim's
// files reach staff only as what they are (an image re-encoded, anything
// else a download, every answer nosniff), and an image that does not
// decode is refused at upload. And the storage emails of parcel forwarding,
// each sent once however many servers run the job at once.

const ORIGIN = "http://localhost";
const outbox = process.env.OUTBOX_DIR!;
const unique = () => randomBytes(4).toString("hex");
/** A 1×1 PNG, whole: it decodes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const HTML = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
/** A PNG's signature and then a web page: what the first-bytes check alone takes for an image. */
const PNG_THEN_HTML = Buffer.concat([PNG.subarray(0, 8), HTML]);
const PDF = Buffer.from("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj << >> endobj\n%%EOF\n");
const DESCRIPTION = "The kettle stopped heating after a week of use.";
let addresses = 0;
const clientAddress = () => `198.51.100.${++addresses}`;

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

let passwordHash: Promise<string> | undefined;

/** A staff member of the role, signed in with both factors; their actor and their session's cookie. */
async function signedInStaff(role: "owner" | "operator" | "support" | "catalogue" = "support") {
  const email = `staff-${unique()}@example.com`;
  const secret = newTotpSecret();
  const row = await db()
    .insertInto("staff")
    .values({ email, name: `Staff ${role}`, role, password_hash: await (passwordHash ??= hashPassword("a long staff password")), totp_secret: secret })
    .returning("id")
    .executeTakeFirstOrThrow();
  const meta = { ip: clientAddress(), userAgent: "test" };
  const pending = await signInStaff(email, "a long staff password", meta);
  if (!pending.ok) throw new Error(pending.error);
  const done = await confirmStaffCode((await staffSession(pending.sessionId))!, totpCode(secret), meta);
  if (!done.ok) throw new Error(done.error);
  const actor: StaffActor = { id: Number(row.id), email, ip: meta.ip };
  return { actor, cookie: (await staffSessionSetCookie(done.sessionId)).split(";")[0]! };
}

/** A customer's claim on a delivered order of theirs, as the claim form saves one; its id, the customer and the order. */
async function claimOf(options: { locale?: string; files?: Array<{ bytes: Uint8Array; name: string; type: string }>; createdAt?: Date } = {}) {
  const customer = await makeCustomer();
  const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "delivered", lines: [{ name: "Kettle", quantity: 1, price: 3990 }] }]);
  const item = await db().selectFrom("order_items").select("id").where("order_id", "=", order!.id).executeTakeFirstOrThrow();
  const files = [];
  for (const file of options.files ?? []) {
    // Kept as an upload from before the decoding check would be: by its first bytes only.
    const stored = await storeUpload(file.bytes, "claims", IMAGE_OR_PDF);
    if (!stored.ok) throw new Error(stored.error);
    files.push({ storedName: stored.name, originalName: file.name, type: file.type, size: file.bytes.length });
  }
  const id = await saveClaim({
    kind: "warranty",
    userId: customer.id,
    siteId: null,
    order: { id: Number(order!.id), slug: order!.slug, number: `MP${order!.id}`, created_at: new Date().toISOString(), email: customer.email, lines: [{ key: `i${Number(item.id)}`, name: "Kettle", quantity: 1 }] },
    email: customer.email,
    locale: options.locale ?? "en",
    reason: "defective",
    description: DESCRIPTION,
    lines: [{ key: `i${Number(item.id)}`, quantity: 1 }],
    files,
  });
  if (options.createdAt) await db().updateTable("claims").set({ created_at: options.createdAt }).where("id", "=", id).execute();
  const fileIds = (await db().selectFrom("claim_files").select("id").where("claim_id", "=", id).orderBy("position").execute()).map((file) => Number(file.id));
  return { id, customer, orderId: Number(order!.id), fileIds };
}

type Outcome = { status: number; location: string | null; data: unknown; response: Response | null };

/** What a loader or action answered: its status, where it redirects, its data, or the response itself for a file. */
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: null, response: result };
    const init = (result as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, location: null, data: (result as { data?: unknown }).data ?? result, response: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), data: null, response: thrown };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, data: null, response: null };
    throw thrown;
  }
}

const get = (path: string, cookie = "") => new Request(`${ORIGIN}${path}`, { headers: { cookie } });
const post = (path: string, fields: Record<string, string>, cookie: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
};
const act = (claimId: number, fields: Record<string, string>, cookie: string) =>
  outcome(() => claimPageAction({ request: post(`/admin/claims/${claimId}`, fields, cookie), params: { id: String(claimId) }, context: { clientIp: "192.0.2.1" } }));
const fileOf = (claimId: number, fileId: number, cookie: string) =>
  outcome(() => claimFile({ request: get(`/admin/claims/${claimId}/files/${fileId}`, cookie), params: { id: String(claimId), file: String(fileId) }, context: {} }));

describe("the claims list", () => {
  it("shows the open claims (received or in review) oldest first by default, and any status on request", async () => {
    const { cookie, actor } = await signedInStaff("support");
    const older = await claimOf({ createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const newer = await claimOf();
    const decided = await claimOf();
    expect((await setClaimStatus(actor, newer.id, "in_review")).ok).toBe(true);
    expect((await setClaimStatus(actor, decided.id, "rejected")).ok).toBe(true);

    const open = (await outcome(() => claimList({ request: get("/admin/claims?status=open", cookie), params: {}, context: {} }))).data as Awaited<ReturnType<typeof claimList>>;
    const numbers = open.claims.map((claim) => claim.number);
    expect(numbers).toContain(`CL${older.id}`);
    expect(numbers).toContain(`CL${newer.id}`);
    expect(numbers).not.toContain(`CL${decided.id}`);
    expect(numbers.indexOf(`CL${older.id}`)).toBeLessThan(numbers.indexOf(`CL${newer.id}`));
    const row = open.claims.find((claim) => claim.id === older.id)!;
    expect(row).toMatchObject({ email: older.customer.email, order_number: `MP${older.orderId}`, status: "received", guest: false });
    expect(row.waitedMinutes).toBeGreaterThanOrEqual(3 * 24 * 60 - 1);

    const rejected = await staffClaims({ status: "rejected" });
    expect(rejected.claims.map((claim) => claim.id)).toEqual([decided.id]);
    // The default is the open queue; a status nobody has falls back to it.
    const fallback = (await outcome(() => claimList({ request: get("/admin/claims?status=lost", cookie), params: {}, context: {} }))).data as { status: string };
    expect(fallback.status).toBe("open");
  });

  it("is not there for a guest or a customer, and refused to a role without claims", async () => {
    const customer = await makeCustomer();
    const { cookie: catalogue } = await signedInStaff("catalogue");
    const list = (cookie: string) => outcome(() => claimList({ request: get("/admin/claims", cookie), params: {}, context: {} }));
    expect((await list("")).status).toBe(404);
    expect((await list(await sessionCookie(customer.id))).status).toBe(404);
    expect((await list(catalogue)).status).toBe(403);
  });
});

describe("a claim's status", () => {
  it("moves on with its audit entry, shows in the history and the customer's claims, and is refused on an old page", async () => {
    const { actor, cookie } = await signedInStaff("support");
    const other = await signedInStaff("operator");
    const claim = await claimOf();

    const page = (await outcome(() => claimPage({ request: get(`/admin/claims/${claim.id}`, cookie), params: { id: String(claim.id) }, context: {} }))).data as Awaited<ReturnType<typeof claimPage>>;
    expect(page.claim).toMatchObject({ number: `CL${claim.id}`, status: "received", version: 1, description: DESCRIPTION, order_number: `MP${claim.orderId}`, email: claim.customer.email });
    expect(page.lines).toEqual([expect.objectContaining({ name: "Kettle", quantity: 1 })]);

    // A form with nothing but its intent is told what is missing.
    expect((await act(claim.id, { intent: "status" }, cookie)).status).toBe(400);
    const moved = await act(claim.id, { intent: "status", version: "1", status: "in_review" }, cookie);
    expect(moved).toMatchObject({ status: 303, location: `/admin/claims/${claim.id}?done=status` });
    expect((await listClaims(claim.customer.id))[0]!.status).toBe("in_review");

    // Another staff member's page still shows version 1: refused, naming who changed it, and nothing changes.
    const stale = await setClaimStatus(other.actor, claim.id, "approved", 1);
    expect(stale).toMatchObject({ ok: false, error: "stale", by: actor.email });
    expect((await act(claim.id, { intent: "status", version: "1", status: "approved" }, other.cookie)).status).toBe(409);
    expect((await staffClaim(claim.id))!.claim.status).toBe("in_review");

    // The command line moves it with the same use case; the log names it.
    const out: string[] = [];
    const quiet = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    expect(await runAdmin(["claim", "status", "--claim", `CL${claim.id}`, "--to", "approved"], quiet)).toBe(0);
    expect(await runAdmin(["claim", "status", "--claim", `CL${claim.id}`, "--to", "approved"], quiet)).toBe(1);

    const after = (await staffClaim(claim.id))!;
    expect(after.claim).toMatchObject({ status: "approved", version: 3 });
    expect(after.history.map((entry) => [entry.status, entry.by])).toEqual([
      ["received", null],
      ["in_review", actor.email],
      ["approved", "command line"],
    ]);
    const trail = await auditTrail("claim", claim.id);
    expect(trail.map((entry) => [entry.action, entry.staff_email, entry.before, entry.after])).toEqual([
      ["claim.status", "command line", { status: "in_review" }, { status: "approved" }],
      ["claim.status", actor.email, { status: "received" }, { status: "in_review" }],
    ]);
  });
});

describe("an answer to the customer", () => {
  it("is emailed in the claim's language, kept on the claim and in the customer's claims, and audited", async () => {
    const { actor, cookie } = await signedInStaff("support");
    const claim = await claimOf({ locale: "lt" });
    expect((await act(claim.id, { intent: "answer", version: "1" }, cookie)).status).toBe(400);
    const message = "Laba diena,\n\natsiųskite virdulį mums, pakeisime jį nauju.";
    const sent = await act(claim.id, { intent: "answer", version: "1", message }, cookie);
    expect(sent).toMatchObject({ status: 303, location: `/admin/claims/${claim.id}?done=answer` });

    const [mail, ...more] = mails(claim.customer.email);
    expect(more).toEqual([]);
    // The frame is the shop's Lithuanian text; the message is the staff's own.
    expect(mail!.subject).toContain(`atsakymas į jūsų pretenziją CL${claim.id}`);
    expect(mail!.text).toContain(`Štai mūsų atsakymas į jūsų pretenziją CL${claim.id} dėl užsakymo MP${claim.orderId}:`);
    expect(mail!.text).toContain("atsiųskite virdulį mums, pakeisime jį nauju.");
    expect(mail!.text).toContain("Pretenzijos būsena: Gauta.");

    const page = (await staffClaim(claim.id))!;
    expect(page.answers).toEqual([expect.objectContaining({ staff_email: actor.email, body: message, locale: "lt", sent_at: expect.any(Date) })]);
    expect((await listClaims(claim.customer.id))[0]!.answers).toEqual([{ body: message, created_at: expect.any(String) }]);
    const [entry] = await auditTrail("claim", claim.id);
    expect(entry).toMatchObject({ action: "claim.answer", staff_email: actor.email, after: expect.objectContaining({ to: claim.customer.email, locale: "lt", body: message }) });

    // Written on the page as it was before the answer: refused, nothing sent twice.
    expect(await answerClaim(actor, claim.id, "A second answer", 1)).toMatchObject({ ok: false, error: "stale" });
    expect(mails(claim.customer.email)).toHaveLength(1);
    expect((await staffClaim(claim.id))!.answers).toHaveLength(1);
  });
});

/** The claim form as the shop's page sends it: the honeypot's fields, the trap empty. */
function claimForm(fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  const pot = honeypotInputProps();
  form.set(pot.nameFieldName, "");
  if (pot.validFromFieldName) form.set(pot.validFromFieldName, pot.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("files", file);
  return form;
}

describe("a claim's files", () => {
  it("refuses at upload an image that does not decode (a PNG's first bytes, then HTML), and keeps nothing", async () => {
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "delivered" }]);
    const item = await db().selectFrom("order_items").select("id").where("order_id", "=", order!.id).executeTakeFirstOrThrow();
    const folder = join(uploadsDir(), "claims");
    const keptBefore = existsSync(folder) ? readdirSync(folder).length : 0;
    const send = (files: File[]) =>
      outcome(() =>
        claimFormAction({
          request: new Request(`${ORIGIN}/en/claim-form`, { method: "POST", headers: { origin: ORIGIN }, body: claimForm({ number: `MP${order!.id}`, email: customer.email, line: `i${Number(item.id)}`, reason: "defective", description: DESCRIPTION }, files) }),
          params: { locale: "en" },
          context: { clientIp: clientAddress() },
        }),
      );
    const refused = await send([new File([PNG], "fine.png", { type: "image/png" }), new File([PNG_THEN_HTML], "photo.png", { type: "image/png" })]);
    expect(refused.status).toBe(400);
    expect((refused.data as ClaimAnswer).error).toEqual({ files: ["claims.errors.fileUnreadable"] });
    expect(await db().selectFrom("claims").select("id").where("order_id", "=", order!.id).execute()).toEqual([]);
    expect(existsSync(folder) ? readdirSync(folder).length : 0).toBe(keptBefore);
    // The same form with a real image is taken.
    expect((await send([new File([PNG], "fine.png", { type: "image/png" })])).status).toBe(303);
  });

  it("serves an image re-encoded, one stored before the check only as a download, a PDF as an attachment, each nosniff", async () => {
    const { cookie } = await signedInStaff("support");
    const claim = await claimOf({
      files: [
        { bytes: Buffer.concat([PNG, HTML]), name: "kettle.png", type: "image/png" },
        { bytes: PNG_THEN_HTML, name: "page.png", type: "image/png" },
        { bytes: PDF, name: "receipt.pdf", type: "application/pdf" },
      ],
    });
    const [image, polyglot, pdf] = await Promise.all(claim.fileIds.map((fileId) => fileOf(claim.id, fileId, cookie)));
    for (const answer of [image!, polyglot!, pdf!]) {
      expect(answer.status).toBe(200);
      expect(answer.response!.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.response!.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      expect(answer.response!.headers.get("cache-control")).toBe("private, no-store");
    }

    // A valid image with a page after its end: decoded and written anew, the page is gone.
    expect(image!.response!.headers.get("content-type")).toBe("image/png");
    expect(image!.response!.headers.get("content-disposition")).toBe(`inline; filename="CL${claim.id}-1.png"`);
    const pixels = Buffer.from(await image!.response!.arrayBuffer());
    expect(pixels.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect(pixels.includes("<script")).toBe(false);

    // Not an image at all: never inline, never HTML, never an image type.
    expect(polyglot!.response!.headers.get("content-type")).toBe("application/octet-stream");
    expect(polyglot!.response!.headers.get("content-disposition")).toBe(`attachment; filename="CL${claim.id}-2.bin"`);

    expect(pdf!.response!.headers.get("content-type")).toBe("application/pdf");
    expect(pdf!.response!.headers.get("content-disposition")).toBe(`attachment; filename="CL${claim.id}-3.pdf"`);
  });

  it("are nobody's but staff with claims: 404 for a guest, a customer (the claim's own) and another claim's file, 403 for a role without claims", async () => {
    const claim = await claimOf({ files: [{ bytes: PNG, name: "kettle.png", type: "image/png" }] });
    const other = await claimOf();
    const { cookie: support } = await signedInStaff("support");
    const { cookie: catalogue } = await signedInStaff("catalogue");
    const fileId = claim.fileIds[0]!;
    expect((await fileOf(claim.id, fileId, "")).status).toBe(404);
    expect((await fileOf(claim.id, fileId, await sessionCookie(claim.customer.id))).status).toBe(404);
    expect((await fileOf(claim.id, fileId, catalogue)).status).toBe(403);
    expect((await fileOf(other.id, fileId, support)).status).toBe(404);
    expect((await fileOf(claim.id, fileId, support)).status).toBe(200);
  });
});

describe("the storage emails", () => {
  const DAY_MS = 86_400_000;

  /** An arrived parcel of the customer's at the German warehouse (which charges for storage) whose free storage ends at `freeUntil`. */
  async function parcelFreeUntil(customerId: number, freeUntil: Date) {
    const site = await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow();
    const tracking = `1Z${unique().toUpperCase()}${unique().toUpperCase()}`;
    const declared = await declareParcel(customerId, Number(site.id), { warehouseCode: "de", trackingNumber: tracking, carrier: "UPS", storeName: "Otto", quoteId: null, lines: [{ description: "Boots", quantity: 1, valueMinor: 4990 }] });
    if (!declared.ok) throw new Error(declared.error);
    const received = await receiveParcel({ trackingNumber: tracking, weightG: 1200, lengthMm: 300, widthMm: 200, heightMm: 100, photos: [] });
    if (!received.ok) throw new Error(received.error);
    await db().updateTable("parcels").set({ free_until: freeUntil }).where("id", "=", declared.id).execute();
    return tracking;
  }

  it("tells the customer once that free storage ends soon and once that storage now costs, even when two servers run the job at once", async () => {
    const customer = await makeCustomer();
    const english = await db().selectFrom("languages").select("id").where("iso_code", "=", "en").executeTakeFirstOrThrow();
    await db().updateTable("users").set({ language_id: english.id }).where("id", "=", customer.id).execute();
    const now = new Date();
    const endingSoon = await parcelFreeUntil(customer.id, new Date(now.getTime() + 2 * DAY_MS));
    const charging = await parcelFreeUntil(customer.id, new Date(now.getTime() - DAY_MS));
    const longCharged = await parcelFreeUntil(customer.id, new Date(now.getTime() - 30 * DAY_MS));
    const plentyLeft = await parcelFreeUntil(customer.id, new Date(now.getTime() + 10 * DAY_MS));

    // Two app servers' hourly rounds at the same moment, then the next hour's.
    const [first, second] = await Promise.all([sendStorageEmails(now), sendStorageEmails(now)]);
    expect(first.reminders + second.reminders).toBe(1);
    expect(first.chargeNotices + second.chargeNotices).toBe(1);
    expect(await sendStorageEmails(new Date(now.getTime() + 3_600_000))).toEqual({ reminders: 0, chargeNotices: 0 });
    const out: string[] = [];
    expect(await runAdmin(["parcel", "remind"], { out: (line) => out.push(line), err: (line) => out.push(line) })).toBe(0);
    expect(out).toEqual([`Storage emails: 0 "free storage ends soon", 0 "storage now costs".`]);

    const subjects = mails(customer.email).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([`Free storage of parcel ${endingSoon} ends soon`, `Storage of parcel ${charging} is now charged`].sort());
    expect(subjects.join(" ")).not.toContain(longCharged);
    expect(subjects.join(" ")).not.toContain(plentyLeft);
    const charged = mails(customer.email).find((mail) => mail.subject.includes(charging))!;
    expect(charged.text).toMatch(/Storage now costs €?\d/);
  });
});
