import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/models/accounts/passwords.server";
import { auditTrail, recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { cancelOrder } from "~/models/fulfilment/cancel.server";
import { deliverOrder, linesToShip, packOrder, shipmentLabel, shipOrder } from "~/models/fulfilment/fulfilment.server";
import { parcelsWaiting } from "~/models/forwarding/staff-forwards.server";
import { addNote, notesOf } from "~/models/notes/notes.server";
import { listOrders } from "~/models/orders/orders.server";
import { staffOrders } from "~/models/orders/staff-orders.server";
import { completeEnrolment, confirmStaffCode, enrolmentSecret, finishEnrolment, signInStaff } from "~/models/staff/sign-in.server";
import { createStaffSession, endAllStaffSessions, staffSession, STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from "~/models/staff/staff-sessions.server";
import { resetSecondFactor, setStaffDisabled } from "~/models/staff/staff.server";
import { newTotpSecret, totpCode } from "~/models/staff/two-factor";
import { trackShipment } from "~/models/tracking/tracking.server";
import { makeCustomer, makeOrders } from "./factories";

// The back office's foundations (docs/back-office.md): staff sign in with a
// password and a one-time code, on sessions of their own that end on time;
// every change lands with its audit entry, which nothing can rewrite; an
// edit made on an old page is refused; shipping an order makes the shipment
// the customer tracks.

const unique = () => randomBytes(4).toString("hex");

/** The shipping emails sent to an address, oldest first, as the outbox keeps them. */
function shippedMails(to: string) {
  const outbox = process.env.OUTBOX_DIR!;
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to && mail.subject.includes("on its way"));
}
// Each test signs in from an address of its own, so the per-address limit of one does not spill into another.
let addresses = 0;
const newMeta = () => ({ ip: `203.0.113.${++addresses}`, userAgent: "test" });
let meta = newMeta();
beforeEach(() => {
  meta = newMeta();
});
let passwordHash: Promise<string> | undefined;

async function makeStaff(role: "owner" | "operator" | "support" | "catalogue" = "operator", options: { enrolled?: boolean } = {}) {
  const email = `staff-${unique()}@example.com`;
  const secret = newTotpSecret();
  const row = await db()
    .insertInto("staff")
    .values({
      email,
      name: `Staff ${role}`,
      role,
      password_hash: await (passwordHash ??= hashPassword("a long staff password")),
      totp_secret: options.enrolled === false ? null : secret,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const actor: StaffActor = { id: row.id, email, ip: meta.ip };
  return { id: row.id, email, secret, actor };
}

async function signedIn(staff: { email: string; secret: string }) {
  const pending = await signInStaff(staff.email, "a long staff password", meta);
  if (!pending.ok) throw new Error(pending.error);
  const session = await staffSession(pending.sessionId);
  const done = await confirmStaffCode(session!, totpCode(staff.secret), meta);
  if (!done.ok) throw new Error(done.error);
  return done.sessionId;
}

beforeAll(async () => {
  // A small catalogue, for orders whose stock comes back.
  await seedDemoData(db(), { products: 20, seed: 5 });
});

describe("the audit log", () => {
  it("refuses to be updated, deleted or emptied", async () => {
    const staff = await makeStaff();
    await recordAudit(db(), staff.actor, {
      action: "test.write",
      entity: "test",
      entityId: 1,
      after: { a: 1 },
    });
    await expect(db().updateTable("audit_log").set({ action: "rewritten" }).where("staff_id", "=", staff.id).execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom("audit_log").where("staff_id", "=", staff.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db())).rejects.toThrow(/append-only/);
    const trail = await auditTrail("test", 1);
    expect(trail.map((entry) => [entry.action, entry.staff_email, entry.after, entry.ip])).toContainEqual(["test.write", staff.email, { a: 1 }, meta.ip]);
  });
});

describe("staff sign-in", () => {
  it("opens a pending session on the password, which only a current one-time code makes a signed-in one, on a new id", async () => {
    const staff = await makeStaff();
    const pending = await signInStaff(staff.email.toUpperCase(), "a long staff password", meta);
    expect(pending.ok).toBe(true);
    if (!pending.ok) return;
    const session = await staffSession(pending.sessionId);
    expect(session).toMatchObject({ verified: false, enrolled: true });
    expect(await confirmStaffCode(session!, "000000" === totpCode(staff.secret) ? "111111" : "000000", meta)).toEqual({ ok: false, error: "invalid_code" });
    const done = await confirmStaffCode(session!, totpCode(staff.secret), meta);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.sessionId).not.toBe(pending.sessionId);
    expect(await staffSession(pending.sessionId)).toBeNull();
    expect(await staffSession(done.sessionId)).toMatchObject({
      verified: true,
      staff: { email: staff.email, role: "operator" },
    });
  });

  it("lets a whole shift behind one address sign in, and still refuses the eleventh wrong password from it", async () => {
    for (let i = 0; i < 12; i++) expect((await signInStaff((await makeStaff()).email, "a long staff password", meta)).ok).toBe(true);
    for (let i = 0; i < 10; i++) expect(await signInStaff((await makeStaff()).email, `wrong password ${i}`, meta)).toEqual({ ok: false, error: "invalid_credentials" });
    expect(await signInStaff((await makeStaff()).email, "a long staff password", meta)).toEqual({ ok: false, error: "too_many_requests" });
  });

  it("refuses a wrong password the same as an unknown email, and a code used once", async () => {
    const staff = await makeStaff();
    expect(await signInStaff(staff.email, "wrong password", meta)).toEqual({
      ok: false,
      error: "invalid_credentials",
    });
    expect(await signInStaff(`nobody-${unique()}@example.com`, "a long staff password", meta)).toEqual({ ok: false, error: "invalid_credentials" });
    const code = totpCode(staff.secret);
    const first = await signInStaff(staff.email, "a long staff password", meta);
    const second = await signInStaff(staff.email, "a long staff password", meta);
    if (!first.ok || !second.ok) throw new Error("sign-in refused");
    expect((await confirmStaffCode((await staffSession(first.sessionId))!, code, meta)).ok).toBe(true);
    expect(await confirmStaffCode((await staffSession(second.sessionId))!, code, meta)).toEqual({ ok: false, error: "invalid_code" });
  });

  it("enrols a second factor with its first code and ten recovery codes, each good once", async () => {
    const staff = await makeStaff("support", { enrolled: false });
    const pending = await signInStaff(staff.email, "a long staff password", meta);
    if (!pending.ok) throw new Error(pending.error);
    const session = (await staffSession(pending.sessionId))!;
    expect(session.enrolled).toBe(false);
    const { secret, uri } = await enrolmentSecret(session);
    expect(uri).toContain(encodeURIComponent(staff.email));
    const enrolled = await completeEnrolment((await staffSession(pending.sessionId))!, totpCode(secret));
    if (!enrolled.ok) throw new Error(enrolled.error);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    // Still pending while the codes are shown; kept, the session is signed in on a new id.
    const showing = (await staffSession(pending.sessionId))!;
    expect(showing).toMatchObject({
      verified: false,
      enrolled: true,
      justEnrolled: true,
    });
    const finished = await finishEnrolment(showing, meta);
    if (!finished.ok) throw new Error(finished.error);
    expect(await staffSession(finished.sessionId)).toMatchObject({
      verified: true,
    });
    expect(await staffSession(pending.sessionId)).toBeNull();

    const again = await signInStaff(staff.email, "a long staff password", meta);
    if (!again.ok) throw new Error(again.error);
    const recovery = enrolled.recoveryCodes[3]!;
    expect(await confirmStaffCode((await staffSession(again.sessionId))!, recovery.toUpperCase(), meta)).toMatchObject({ ok: true, usedRecoveryCode: true });
    const third = await signInStaff(staff.email, "a long staff password", meta);
    if (!third.ok) throw new Error(third.error);
    expect(await confirmStaffCode((await staffSession(third.sessionId))!, recovery, meta)).toEqual({ ok: false, error: "invalid_code" });
  });

  it("ends a session after 30 idle minutes or 8 hours, and every session of a disabled staff member at once", async () => {
    const owner = await makeStaff("owner");
    const staff = await makeStaff();
    const id = await signedIn(staff);
    const now = Date.now();
    expect(await staffSession(id, now + STAFF_SESSION_IDLE_MS - 60_000)).not.toBeNull();
    const idle = await createStaffSession(staff.id, meta, true);
    expect(await staffSession(idle, now + STAFF_SESSION_IDLE_MS + 60_000)).toBeNull();
    await db()
      .updateTable("staff_sessions")
      .set({ created_at: new Date(now - STAFF_SESSION_MAX_MS - 1000) })
      .where("id", "=", id)
      .execute();
    expect(await staffSession(id)).toBeNull();

    const live = await createStaffSession(staff.id, meta, true);
    expect(await setStaffDisabled(owner.actor, staff.id, true, 1)).toEqual({
      ok: true,
    });
    expect(await staffSession(live)).toBeNull();
    expect(await signInStaff(staff.email, "a long staff password", meta)).toEqual({ ok: false, error: "invalid_credentials" });
    await endAllStaffSessions(staff.id);
  });

  it("lets an owner reset a lost second factor: the staff member enrols again after the password", async () => {
    const owner = await makeStaff("owner");
    const staff = await makeStaff();
    const live = await signedIn(staff);
    expect(await resetSecondFactor(owner.actor, staff.id, 1)).toEqual({
      ok: true,
    });
    expect(await staffSession(live)).toBeNull();
    const pending = await signInStaff(staff.email, "a long staff password", meta);
    if (!pending.ok) throw new Error(pending.error);
    expect(await staffSession(pending.sessionId)).toMatchObject({
      verified: false,
      enrolled: false,
    });
    expect((await auditTrail("staff", staff.id)).map((entry) => entry.action)).toContain("staff.reset_second_factor");
  });

  it("never disables the last owner, nor one's own account", async () => {
    const owner = await makeStaff("owner");
    expect(await setStaffDisabled(owner.actor, owner.id, true, 1)).toEqual({
      ok: false,
      error: "own_account",
    });
    const owners = await db().selectFrom("staff").select("id").where("role", "=", "owner").where("disabled_at", "is", null).execute();
    const other = await makeStaff("owner");
    for (const row of owners) if (row.id !== owner.id) await db().updateTable("staff").set({ disabled_at: new Date() }).where("id", "=", row.id).execute();
    expect(await setStaffDisabled(other.actor, owner.id, true, 1)).toEqual({
      ok: true,
    });
    expect(await setStaffDisabled(owner.actor, other.id, true, 1)).toEqual({
      ok: false,
      error: "last_owner",
    });
  });
});

describe("the staff order list", () => {
  it("finds orders by a customer's or a guest's email prefix, by number, by customer and by payment state", async () => {
    const tag = unique();
    const customer = await makeCustomer({ email: `list-${tag}@example.com` });
    const [first, second, guest] = await makeOrders(customer.id, [
      { kind: "marketplace", status: "paid", placedNow: true },
      { kind: "marketplace", status: "unpaid", placedNow: true },
      { kind: "marketplace", status: "unpaid", placedNow: true },
    ]);
    // A guest's order carries the email on the order itself.
    await db().updateTable("orders").set({ user_id: null, email: `guest-${tag}@example.com` }).where("id", "=", guest!.id).execute();
    await db().insertInto("payments").values({ token: `tok-${tag}`, order_id: second!.id, user_id: customer.id, provider: 1, amount_minor: 100, status: "review" }).execute();
    const ids = async (filter: Parameters<typeof staffOrders>[0]) => (await staffOrders(filter)).orders.map((order) => Number(order.id)).sort((a, b) => a - b);
    const [a, b, g] = [Number(first!.id), Number(second!.id), Number(guest!.id)];

    expect(await ids({ q: `LIST-${tag}` })).toEqual([a, b]);
    expect(await ids({ q: `guest-${tag}` })).toEqual([g]);
    expect(await ids({ q: `MP${a}` })).toEqual([a]);
    expect(await ids({ userId: customer.id })).toEqual([a, b]);
    expect(await ids({ userId: customer.id, payment: "review" })).toEqual([b]);
    expect(await ids({ q: `list-${tag}`, status: "paid" })).toEqual([a]);
  });
});

describe("parcels waiting at the warehouse", () => {
  it("lists arrived parcels not yet sent home, longest waiting first, and not those on their way", async () => {
    const customer = await makeCustomer();
    const warehouse = await db().selectFrom("warehouses").select("id").orderBy("id").executeTakeFirstOrThrow();
    const site = await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow();
    const parcel = (tracking: string, status: "arrived" | "forwarding", arrivedAt: Date) =>
      db()
        .insertInto("parcels")
        .values({ user_id: customer.id, site_id: site.id, warehouse_id: warehouse.id, tracking_number: tracking, status, weight_g: 1200, arrived_at: arrivedAt })
        .execute();
    const [older, newer, leaving] = ["OLD", "NEW", "GONE"].map((prefix) => `${prefix}${unique().toUpperCase()}`);
    // Longer ago than any other test's parcel, so both are on the first page.
    await parcel(newer!, "arrived", new Date(Date.now() - 86_400_000 * 399));
    await parcel(older!, "arrived", new Date(Date.now() - 86_400_000 * 400));
    await parcel(leaving!, "forwarding", new Date(Date.now() - 86_400_000 * 500));
    const listed = (await parcelsWaiting()).parcels.map((row) => row.tracking_number).filter((tracking) => [older, newer, leaving].includes(tracking));
    expect(listed).toEqual([older, newer]);
  });
});

describe("fulfilment", () => {
  it("packs, ships and delivers a paid marketplace order; the customer tracks the shipment and sees it shipped", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    const orderId = Number(order!.id);
    expect(await packOrder(staff.actor, orderId, 1)).toEqual({
      ok: true,
      status: "processing",
    });
    const tracking = `LT${unique().toUpperCase()}`;
    expect(
      await shipOrder(staff.actor, orderId, 2, {
        carrier: "DPD",
        trackingNumber: tracking,
      })
    ).toEqual({ ok: true, status: "shipped" });
    const tracked = await trackShipment(tracking, customer.id);
    expect(tracked?.detail?.subject).toMatchObject({
      kind: "order",
      number: `MP${orderId}`,
    });
    expect(tracked?.events.map((event) => event.code)).toEqual(["created"]);
    const listed = await listOrders(customer.id, {
      filter: "all_orders",
      page: 1,
      languageId: null,
    });
    expect(listed.items.find((row) => row.slug === order!.slug)?.status).toBe("shipped");
    expect(await deliverOrder(staff.actor, orderId, 3)).toEqual({
      ok: true,
      status: "delivered",
    });
    expect((await auditTrail("order", orderId)).map((entry) => entry.action)).toEqual(["order.deliver", "order.ship", "order.pack"]);
  });

  it("ships an order line by line: each parcel its own tracking number and label, the order shipped once nothing is left", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [
      { kind: "marketplace", status: "paid", placedNow: true, lines: [{ name: "Lamp", quantity: 2, price: 1500 }, { name: "Shade", quantity: 1, price: 700 }] },
    ]);
    const orderId = Number(order!.id);
    // Placed on a site in English, as a shopper's order is: its emails link there, in its language.
    await db().updateTable("orders").set({ locale: "en", site_id: (await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow()).id }).where("id", "=", orderId).execute();
    const [lamp] = await linesToShip(orderId);
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");

    const first = `LT${unique().toUpperCase()}`;
    expect(await shipOrder(staff.actor, orderId, 1, { carrier: "DPD", trackingNumber: first, lines: [{ itemId: lamp!.id, quantity: 3 }] })).toEqual({ ok: false, error: "too_many" });
    expect(await shipOrder(staff.actor, orderId, 1, { carrier: "DPD", trackingNumber: first, lines: [{ itemId: lamp!.id, quantity: 0 }] })).toEqual({ ok: false, error: "nothing_to_ship" });
    expect(await shipOrder(staff.actor, orderId, 1, { carrier: "DPD", trackingNumber: first, label: html })).toEqual({ ok: false, error: "label_wrong_type" });
    expect(await db().selectFrom("shipments").select("id").where("subject_kind", "=", "order").where("subject_id", "=", orderId).execute()).toEqual([]);

    expect(await shipOrder(staff.actor, orderId, 1, { carrier: "DPD", trackingNumber: first, lines: [{ itemId: lamp!.id, quantity: 1 }], label: pdf })).toEqual({ ok: true, status: "processing" });
    expect((await linesToShip(orderId)).map((line) => [line.name, line.left])).toEqual([["Lamp", 1], ["Shade", 1]]);
    const [parcel] = await db().selectFrom("shipments").select("id").where("tracking_number", "=", first).execute();
    const label = await shipmentLabel(orderId, Number(parcel!.id));
    expect(label?.type).toBe("application/pdf");
    expect(Buffer.from(label!.bytes).equals(Buffer.from(pdf))).toBe(true);

    const second = `LT${unique().toUpperCase()}`;
    expect(await shipOrder(staff.actor, orderId, 2, { carrier: "Omniva", trackingNumber: second })).toEqual({ ok: true, status: "shipped" });
    expect((await linesToShip(orderId)).map((line) => line.left)).toEqual([0, 0]);
    // Both parcels are tracked, each naming the order.
    expect((await trackShipment(first, customer.id))?.detail?.subject).toMatchObject({ number: `MP${orderId}` });
    expect((await trackShipment(second, customer.id))?.detail?.subject).toMatchObject({ number: `MP${orderId}` });
    expect((await auditTrail("order", orderId)).map((entry) => entry.action)).toEqual(["order.ship", "order.ship"]);
    // Each parcel's email names what it carries; only the first says more is coming.
    const sent = shippedMails(customer.email);
    expect(sent.map((mail) => [mail.text.includes("1 × Lamp"), mail.text.includes("1 × Shade")])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(sent.map((mail) => mail.text.includes("We will write again"))).toEqual([true, false]);
  });

  it("keeps staff notes on an order, newest first, each in the audit log", async () => {
    const staff = await makeStaff("support");
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    const orderId = Number(order!.id);
    expect(await addNote(staff.actor, "order", orderId, "Customer asked to hold it until Monday.")).toMatchObject({ ok: true });
    expect(await addNote(staff.actor, "order", orderId, "Called back: ship as normal.")).toMatchObject({ ok: true });
    expect(await addNote(staff.actor, "order", 2 ** 31 - 1, "No such order.")).toEqual({ ok: false, error: "not_found" });
    expect((await notesOf("order", orderId)).map((note) => [note.body, note.staff_email])).toEqual([
      ["Called back: ship as normal.", staff.email],
      ["Customer asked to hold it until Monday.", staff.email],
    ]);
    expect((await auditTrail("order", orderId)).map((entry) => entry.action)).toEqual(["order.note", "order.note"]);
  });

  it("refuses an edit made on an old version, naming who changed the order and when, and changes nothing", async () => {
    const first = await makeStaff();
    const second = await makeStaff();
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    const orderId = Number(order!.id);
    expect((await packOrder(first.actor, orderId, 1)).ok).toBe(true);
    const stale = await shipOrder(second.actor, orderId, 1, {
      carrier: "DPD",
      trackingNumber: `LT${unique().toUpperCase()}`,
    });
    expect(stale).toMatchObject({ ok: false, error: "stale", by: first.email });
    expect(stale.ok === false && stale.error === "stale" && stale.at instanceof Date).toBe(true);
    const row = await db().selectFrom("orders").select(["status", "version"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "processing", version: 2 });
    expect(await db().selectFrom("shipments").select("id").where("subject_kind", "=", "order").where("subject_id", "=", orderId).execute()).toEqual([]);
  });

  it("refuses a step the order's status does not allow, and a tracking number already used", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const [unpaid, paid, other] = await makeOrders(customer.id, [
      { kind: "marketplace", status: "unpaid", placedNow: true },
      { kind: "marketplace", status: "paid", placedNow: true },
      { kind: "marketplace", status: "paid", placedNow: true },
    ]);
    expect(await packOrder(staff.actor, Number(unpaid!.id), 1)).toEqual({
      ok: false,
      error: "wrong_status",
      status: "unpaid",
    });
    const tracking = `LT${unique().toUpperCase()}`;
    expect(
      (
        await shipOrder(staff.actor, Number(paid!.id), 1, {
          carrier: "DPD",
          trackingNumber: tracking,
        })
      ).ok
    ).toBe(true);
    expect(
      await shipOrder(staff.actor, Number(other!.id), 1, {
        carrier: "DPD",
        trackingNumber: tracking,
      })
    ).toEqual({ ok: false, error: "tracking_taken" });
    expect(await db().selectFrom("orders").select(["status", "version"]).where("id", "=", Number(other!.id)).executeTakeFirstOrThrow()).toEqual({ status: "paid", version: 1 });
  });

  it("ships an order once when two staff ship it at the same moment", async () => {
    const [a, b] = [await makeStaff(), await makeStaff()];
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    const orderId = Number(order!.id);
    const results = await Promise.all([
      shipOrder(a.actor, orderId, 1, {
        carrier: "DPD",
        trackingNumber: `LT${unique().toUpperCase()}`,
      }),
      shipOrder(b.actor, orderId, 1, {
        carrier: "Omniva",
        trackingNumber: `LT${unique().toUpperCase()}`,
      }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([{ ok: false, error: "stale" }]);
    const shipments = await db().selectFrom("shipments").select("id").where("subject_kind", "=", "order").where("subject_id", "=", orderId).execute();
    expect(shipments).toHaveLength(1);
  });
});

describe("cancelling an unpaid order", () => {
  it("puts its stock back in one step with its audit entry, once, and refuses a stale page or a paid order", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const product = await db().selectFrom("products").select(["id", "stock"]).where("stock", ">=", 5).orderBy("id").executeTakeFirstOrThrow();
    const [unpaid, paid] = await makeOrders(customer.id, [
      { kind: "marketplace", status: "unpaid", placedNow: true, lines: [{ name: "Lamp", quantity: 3, price: 1000, productId: product.id }] },
      { kind: "marketplace", status: "paid", placedNow: true },
    ]);
    const orderId = Number(unpaid!.id);
    expect(await cancelOrder(staff.actor, orderId, 7)).toMatchObject({ ok: false, error: "stale" });
    expect(await cancelOrder(staff.actor, orderId, 1)).toEqual({ ok: true });
    const stock = async () => (await db().selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).stock;
    expect(await stock()).toBe(product.stock + 3);
    expect(await cancelOrder(staff.actor, orderId, 2)).toEqual({ ok: false, error: "wrong_status", status: "cancelled" });
    expect(await stock()).toBe(product.stock + 3);
    expect(await cancelOrder(staff.actor, Number(paid!.id), 1)).toEqual({ ok: false, error: "wrong_status", status: "paid" });
    expect((await auditTrail("order", orderId)).map((entry) => [entry.action, entry.staff_email])).toEqual([["order.cancel", staff.email]]);
  });
});

describe("cancelling at the same moment", () => {
  it("puts the stock back once when two staff cancel one order together", async () => {
    const [a, b] = [await makeStaff(), await makeStaff()];
    const customer = await makeCustomer();
    const product = await db().selectFrom("products").select(["id", "stock"]).where("stock", ">=", 5).orderBy("id", "desc").executeTakeFirstOrThrow();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "unpaid", placedNow: true, lines: [{ name: "Kettle", quantity: 2, price: 1500, productId: product.id }] }]);
    const results = await Promise.all([cancelOrder(a.actor, Number(order!.id), 1), cancelOrder(b.actor, Number(order!.id), 1)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await db().selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).stock).toBe(product.stock + 2);
    expect((await auditTrail("order", Number(order!.id))).map((entry) => entry.action)).toEqual(["order.cancel"]);
  });
});
