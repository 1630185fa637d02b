import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { auditTrail, COMMAND_LINE, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { forwardRequestFor, requestForwarding } from "~/models/forwarding/forward-requests.server";
import { askForward, deliverForward, forwardSeen, priceForward, receiveParcel, shipForward } from "~/models/forwarding/operator.server";
import { declareParcel } from "~/models/forwarding/parcels.server";
import { staffForward, staffForwards, staffParcelPhoto } from "~/models/forwarding/staff-forwards.server";
import { creditInvoice, creditNoteOf } from "~/models/invoices/credit-notes.server";
import { creditNotePdfForCustomer, invoicePdfForStaff } from "~/models/invoices/invoice-pdf.server";
import { invoiceForCustomer } from "~/models/invoices/invoices.server";
import { cancelInvoice, issueInvoice } from "~/models/invoices/issue.server";
import { staffInvoice, staffInvoices } from "~/models/invoices/staff-invoices.server";
import { startOrderPayment } from "~/models/payments/start.server";
import { decideApplication, staffApplications } from "~/models/pro/applications.server";
import { cancelReservation, setAllocation, staffReservations } from "~/models/reservations/allocations.server";
import { trackShipment } from "~/models/tracking/tracking.server";
import { runAdmin, type AdminOutput } from "../../scripts/admin";
import { loader as invoicePage } from "~/routes/invoices/invoice";
import { loader as invoicePdf } from "~/routes/invoices/invoice-pdf";
import { makeCustomer, sessionCookie, type Customer } from "./factories";

// The back office's operations pages (docs/back-office.md): forward
// requests, invoices, reservations and pro applications. Each page calls
// the same use case as `npm run admin`, which writes its audit entry in its
// own transaction; an edit made on an old view is refused; two staff
// pricing a forward request at once price it once; a paid invoice is
// credited once, by a numbered credit note.

const unique = () => randomBytes(4).toString("hex");

async function makeStaff(): Promise<StaffActor & { email: string }> {
  const email = `operator-${unique()}@example.com`;
  const row = await db().insertInto("staff").values({ email, name: "Operator", role: "operator" }).returning("id").executeTakeFirstOrThrow();
  return { id: row.id, email, ip: "203.0.113.9" };
}

async function siteId() {
  return Number((await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
}

/** A customer's forward request of one parcel that arrived at the German warehouse, as the customer leaves it: waiting for a price. */
async function forwardRequest(customer: Customer) {
  const tracking = `1Z${unique().toUpperCase()}`;
  const declared = await declareParcel(customer.id, await siteId(), {
    warehouseCode: "de",
    trackingNumber: tracking,
    carrier: "UPS",
    storeName: "Zalando",
    quoteId: null,
    lines: [{ description: "Boots", quantity: 1, valueMinor: 4990 }],
  });
  if (!declared.ok) throw new Error(declared.error);
  const arrived = await receiveParcel({ trackingNumber: tracking, weightG: 1400, lengthMm: 400, widthMm: 300, heightMm: 150, photos: [] });
  if (!arrived.ok) throw new Error(arrived.error);
  const address = await db()
    .insertInto("delivery_addresses")
    .values({ user_id: customer.id, first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 1", city: "Vilnius", zip: "01103", phone_number: "+37060000000", country_id: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const made = await requestForwarding(customer.id, await siteId(), 1, { warehouseCode: "de", parcelIds: [declared.id], method: "sea", addressId: Number(address.id) });
  if (!made.ok) throw new Error(made.error);
  return { id: made.id, slug: made.slug, parcelId: declared.id };
}

async function seenOf(id: number) {
  return (await staffForward(id))!.request.seen;
}

function capture(): AdminOutput & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
}

describe("forward requests", () => {
  it("are priced, asked about, shipped once paid and delivered by staff, each step in the request's audit trail; the customer tracks the shipment", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer({ balance: 10_000 });
    const request = await forwardRequest(customer);

    const listed = await staffForwards({ status: "requested" });
    expect(listed.forwards.find((row) => row.id === request.id)).toMatchObject({ email: customer.email, parcels: 1, weight_g: 1400, status: "requested" });
    const page = await staffForward(request.id);
    expect(page?.parcels).toMatchObject([{ id: request.parcelId, weight_g: 1400, length_mm: 400, width_mm: 300, height_mm: 150, photos: 0 }]);
    expect(page?.request).toMatchObject({ status: "requested", shipping_method: "sea", address: { city: "Vilnius" } });

    expect(await askForward(staff, request.id, "Is the box fragile?", { seen: await seenOf(request.id) })).toMatchObject({ ok: true });
    expect((await staffForward(request.id))?.questions.map((question) => question.question)).toEqual(["Is the box fragile?"]);
    await db().updateTable("forward_requests").set({ status: "requested" }).where("id", "=", request.id).execute();

    const priced = await priceForward(staff, request.id, 2490, { seen: await seenOf(request.id) });
    expect(priced).toMatchObject({ ok: true, storageMinor: 0, totalMinor: 2490 });
    if (!priced.ok) throw new Error("not priced");
    expect(await startOrderPayment(priced.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 })).toMatchObject({ ok: true, paid: true });
    expect((await staffForward(request.id))?.bill).toMatchObject({ status: "paid", total_minor: 2490 });

    const outbound = `LT${unique().toUpperCase()}`;
    expect(await shipForward(staff, request.id, outbound, "DPD", { seen: await seenOf(request.id) })).toEqual({ ok: true });
    const tracked = await trackShipment(outbound, customer.id);
    expect(tracked?.detail?.subject).toMatchObject({ kind: "forward" });
    expect((await forwardRequestFor(customer.id, request.slug))?.tracking_number).toBe(outbound);
    expect(await deliverForward(staff, request.id, { seen: await seenOf(request.id) })).toEqual({ ok: true });

    const trail = await auditTrail("forward_request", request.id);
    expect(trail.map((entry) => [entry.action, entry.staff_email])).toEqual([
      ["forward.deliver", staff.email],
      ["forward.ship", staff.email],
      ["forward.price", staff.email],
      ["forward.ask", staff.email],
    ]);
    expect(trail[2]).toMatchObject({ before: { status: "requested" }, after: { status: "priced", shipping_minor: 2490, storage_fee_minor: 0 }, ip: "203.0.113.9" });
    expect(trail[1]?.after).toEqual({ status: "shipped", carrier: "DPD", tracking_number: outbound });
  });

  it("prices once when two staff price the same request at the same moment", async () => {
    const [a, b] = [await makeStaff(), await makeStaff()];
    const customer = await makeCustomer();
    const request = await forwardRequest(customer);
    const seen = await seenOf(request.id);
    const results = await Promise.all([priceForward(a, request.id, 2490, { seen }), priceForward(b, request.id, 3990, { seen })]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([{ ok: false, error: "stale" }]);
    const winner = results[0]!.ok ? 2490 : 3990;
    const row = await db().selectFrom("forward_requests").select(["status", "shipping_minor"]).where("id", "=", request.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "priced", shipping_minor: winner });
    const bills = await db().selectFrom("orders").select(["status", "total_minor"]).where("kind", "=", "forward").where("source_id", "=", request.id).execute();
    expect(bills).toEqual([{ status: "unpaid", total_minor: winner }]);
    expect((await auditTrail("forward_request", request.id)).map((entry) => entry.action)).toEqual(["forward.price"]);
  });

  it("refuses a step taken on an old view of the request, naming who changed it, and changes nothing", async () => {
    const [first, second] = [await makeStaff(), await makeStaff()];
    const customer = await makeCustomer();
    const request = await forwardRequest(customer);
    const seen = await seenOf(request.id);
    expect((await priceForward(first, request.id, 2490, { seen })).ok).toBe(true);
    const stale = await priceForward(second, request.id, 100, { seen });
    expect(stale).toMatchObject({ ok: false, error: "stale", by: first.email });
    expect(stale.ok === false && stale.error === "stale" && stale.at instanceof Date).toBe(true);
    expect(await askForward(second, request.id, "Anything?", { seen })).toMatchObject({ ok: false, error: "stale" });
    expect(await db().selectFrom("forward_requests").select(["status", "shipping_minor"]).where("id", "=", request.id).executeTakeFirstOrThrow()).toEqual({ status: "priced", shipping_minor: 2490 });
    // Priced again on the current view, it is re-priced (its bill with it).
    expect((await priceForward(second, request.id, 1990, { seen: await seenOf(request.id) })).ok).toBe(true);
    expect(await db().selectFrom("orders").select("total_minor").where("kind", "=", "forward").where("source_id", "=", request.id).executeTakeFirstOrThrow()).toEqual({ total_minor: 1990 });
  });

  it("answer staff no photo of a parcel that has none, and the command line's steps are written as the command line", async () => {
    const customer = await makeCustomer();
    const request = await forwardRequest(customer);
    expect(await staffParcelPhoto(request.parcelId, 0)).toBeNull();
    const output = capture();
    expect(await runAdmin(["forward", "price", "--request", `FR${request.id}`, "--shipping", "12.00"], output)).toBe(0);
    expect((await auditTrail("forward_request", request.id)).map((entry) => [entry.action, entry.staff_email])).toEqual([["forward.price", COMMAND_LINE.email]]);
  });
});

describe("invoices", () => {
  const LINES = [{ description: "Repacking of a parcel", quantity: 1, unitMinor: 500, vatRate: "21" }];

  it("are issued and cancelled by staff with their audit entries; the list finds them by number and email", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const issued = await issueInvoice(staff, { email: customer.email.toUpperCase(), lines: LINES });
    if (!issued.ok) throw new Error(issued.error);
    const { invoice } = issued;
    expect((await staffInvoices({ q: invoice.number })).invoices).toMatchObject([{ id: invoice.id, email: customer.email, status: "issued", grossMinor: 605 }]);
    expect((await staffInvoices({ q: customer.email, status: "issued" })).invoices.map((row) => row.id)).toEqual([invoice.id]);
    expect(await cancelInvoice(staff, invoice.id)).toEqual({ ok: true, number: invoice.number });
    expect(await cancelInvoice(staff, invoice.id)).toEqual({ ok: false, error: "not_issued", status: "cancelled" });
    const trail = await auditTrail("invoice", invoice.id);
    expect(trail.map((entry) => [entry.action, entry.staff_email])).toEqual([
      ["invoice.cancel", staff.email],
      ["invoice.issue", staff.email],
    ]);
    expect(trail[1]?.after).toMatchObject({ number: invoice.number, email: customer.email, gross_minor: 605 });
    expect((await staffInvoice(invoice.id))?.bill).toMatchObject({ status: "cancelled" });
  });

  it("credits a paid invoice once, with a numbered credit note that negates it, whose PDF staff and the customer can download", async () => {
    const [a, b] = [await makeStaff(), await makeStaff()];
    const customer = await makeCustomer({ balance: 10_000 });
    const issued = await issueInvoice(a, { email: customer.email, lines: LINES });
    if (!issued.ok) throw new Error(issued.error);
    const { invoice } = issued;
    expect(await creditInvoice(a, invoice.id, "Charged twice")).toEqual({ ok: false, error: "not_paid", status: "issued" });
    expect(await startOrderPayment(invoice.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 })).toMatchObject({ ok: true, paid: true });

    const results = await Promise.all([creditInvoice(a, invoice.id, "Charged twice"), creditInvoice(b, invoice.id, "Charged twice")]);
    const credited = results.filter((result) => result.ok);
    expect(credited).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([{ ok: false, error: "already_credited" }]);
    const note = await creditNoteOf(invoice.id);
    expect(note).toMatchObject({ number: expect.stringMatching(/^CN-\d{4}-\d{6}$/), reason: "Charged twice" });
    expect(credited[0]).toMatchObject({ number: note!.number, invoiceNumber: invoice.number });
    expect((await auditTrail("invoice", invoice.id)).filter((entry) => entry.action === "invoice.credit")).toHaveLength(1);
    expect((await staffInvoices({ q: note!.number })).invoices.map((row) => row.credit_note)).toEqual([note!.number]);

    const pdf = await invoicePdfForStaff(invoice.id, "en", true);
    expect(pdf?.filename).toBe(`${note!.number}.pdf`);
    expect(pdf?.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await creditNotePdfForCustomer(invoice.id, customer.id, "lt"))?.filename).toBe(`${note!.number}.pdf`);
    const stranger = await makeCustomer();
    expect(await creditNotePdfForCustomer(invoice.id, stranger.id, "en")).toBeNull();
    // The invoice itself stands as it was issued and paid; its page names the credit note and links its PDF.
    expect(await invoiceForCustomer(invoice.id, customer.id)).toMatchObject({ status: "paid", totals: { grossMinor: 605 } });
    const cookie = await sessionCookie(customer.id);
    const params = { locale: "en", id: String(invoice.id) };
    const shown = await invoicePage({ request: new Request(`http://localhost/en/invoice/${invoice.id}`, { headers: { cookie } }), params, context: {} });
    expect(shown).toMatchObject({ creditNote: { number: note!.number }, invoice: { number: invoice.number, status: "paid" } });
    const download = await invoicePdf({ request: new Request(`http://localhost/en/invoice/${invoice.id}/pdf?credit-note`, { headers: { cookie } }), params, context: {} });
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${note!.number}.pdf"`);
  });

  it("are credited from the command line too, written as the command line", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const issued = await issueInvoice(COMMAND_LINE, { email: customer.email, lines: LINES });
    if (!issued.ok) throw new Error(issued.error);
    await startOrderPayment(issued.invoice.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 });
    const output = capture();
    expect(await runAdmin(["invoice", "credit", "--invoice", issued.invoice.number, "--reason", "Goodwill"], output)).toBe(0);
    expect(output.lines.join("\n")).toMatch(new RegExp(`Credited invoice ${issued.invoice.number} with credit note CN-`));
    expect(await runAdmin(["invoice", "credit", "--invoice", issued.invoice.number], output)).toBe(1);
    expect((await auditTrail("invoice", issued.invoice.id)).map((entry) => [entry.action, entry.staff_email])).toEqual([
      ["invoice.credit", COMMAND_LINE.email],
      ["invoice.issue", COMMAND_LINE.email],
    ]);
  });
});

describe("reservations", () => {
  it("are allocated and cancelled by staff with their audit entries; a reservation's phone comes back once", async () => {
    const [a, b] = [await makeStaff(), await makeStaff()];
    const model = `iPhone Test ${unique()}`;
    const allocated = await setAllocation(a, { model, colour: "Black", storageGb: 256, count: 3, priceMinor: 99_900 });
    if (!allocated.ok) throw new Error(allocated.error);
    expect(await setAllocation(a, { model, colour: "Black", storageGb: 256, count: 5 })).toMatchObject({ ok: true, created: false, allocation: 5 });
    expect((await auditTrail("reservation_option", allocated.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["reservation.allocate", { allocation: 3, price_minor: 99_900 }, { allocation: 5, price_minor: 99_900 }],
      ["reservation.allocate", null, { model, colour: "Black", storage_gb: 256, allocation: 3, price_minor: 99_900 }],
    ]);

    await db().updateTable("reservation_options").set({ reserved: 1 }).where("id", "=", allocated.id).execute();
    const reservation = await db()
      .insertInto("reservations")
      .values({ token: unique(), email: `holder-${unique()}@example.com`, name: "Ona", phone: "+37060000000", option_id: allocated.id, site_id: await siteId(), expires_at: new Date(Date.now() + 3_600_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(reservation.id);
    expect((await staffReservations({ status: "pending" })).reservations.find((row) => row.id === id)).toMatchObject({ model, status: "pending" });
    expect(await setAllocation(b, { model, colour: "Black", storageGb: 256, count: 0 })).toEqual({ ok: false, error: "below_reserved", reserved: 1 });

    const results = await Promise.all([cancelReservation(a, id), cancelReservation(b, id)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: "not_holding", status: "cancelled" }]);
    expect(await db().selectFrom("reservation_options").select("reserved").where("id", "=", allocated.id).executeTakeFirstOrThrow()).toEqual({ reserved: 0 });
    expect((await auditTrail("reservation", id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([["reservation.cancel", { status: "pending" }, { status: "cancelled" }]]);
  });
});

describe("pro applications", () => {
  async function applied(customer: Customer) {
    const row = await db()
      .insertInto("pro_applications")
      .values({ user_id: customer.id, site_id: await siteId(), locale: "en", company_name: `Company ${unique()}`, company_code: "123456789", phone: "+37060000000" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it("are decided by staff with their audit entry: approving makes the customer a pro seller", async () => {
    const staff = await makeStaff();
    const customer = await makeCustomer();
    const id = await applied(customer);
    expect((await staffApplications({ status: "pending" })).applications.find((row) => row.id === id)).toMatchObject({ email: customer.email, status: "pending" });
    expect(await decideApplication(staff, customer.email, "approve", { applicationId: id })).toMatchObject({ ok: true, role: "pro" });
    expect((await db().selectFrom("users").select("role").where("id", "=", customer.id).executeTakeFirstOrThrow()).role).toBe("pro");
    expect((await auditTrail("pro_application", id)).map((entry) => [entry.action, entry.staff_email, entry.before, entry.after])).toEqual([
      ["pro.approve", staff.email, { status: "pending", role: "customer" }, { status: "approved", role: "pro" }],
    ]);
  });

  it("refuses a decision made on an old page: the application was decided meanwhile, or a newer one took its place", async () => {
    const [first, second] = [await makeStaff(), await makeStaff()];
    const customer = await makeCustomer();
    const old = await applied(customer);
    expect((await decideApplication(first, customer.email, "reject", { applicationId: old })).ok).toBe(true);
    const newer = await applied(customer);
    expect(await decideApplication(second, customer.email, "approve", { applicationId: old })).toEqual({ ok: false, error: "no_pending_application" });
    expect((await db().selectFrom("pro_applications").select("status").where("id", "=", newer).executeTakeFirstOrThrow()).status).toBe("pending");
    expect(await auditTrail("pro_application", newer)).toEqual([]);
    expect((await auditTrail("pro_application", old)).map((entry) => entry.action)).toEqual(["pro.reject"]);
  });
});

describe("what a staff page shows of a forward request", () => {
  it("carries a view that every change moves", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const request = await forwardRequest(customer);
    const views = [await seenOf(request.id)];
    const priced = await priceForward(COMMAND_LINE, request.id, 500);
    if (!priced.ok) throw new Error("not priced");
    views.push(await seenOf(request.id));
    await startOrderPayment(priced.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 });
    views.push(await seenOf(request.id));
    expect(new Set(views).size).toBe(3);
    expect(views[0]).toBe(forwardSeen({ status: "requested", priced_at: null }));
  });
});
