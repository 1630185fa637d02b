import { describe, expect, it } from "vitest";
import { COMMAND_LINE } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import type { Declaration } from "~/models/forwarding/declaration";
import { answerInfoRequest, forwardRequestFor, infoRequestFor, listForwardRequests, requestForwarding } from "~/models/forwarding/forward-requests.server";
import { releaseCancelledParcels, sendStorageReminders, shelveArrivedParcels } from "~/models/forwarding/housekeeping.server";
import { deliverForward, priceForward, receiveParcel, shipForward } from "~/models/forwarding/operator.server";
import { declareParcel, forwardableParcels, listParcels, parcelPhoto, quoteContentLines } from "~/models/forwarding/parcels.server";
import { startOrderPayment } from "~/models/payments/start.server";
import { action as createOrderAction } from "~/routes/forwarding/send-home";
import { loader as forwardPage } from "~/routes/forwarding/forward";
import { loader as photoFile } from "~/routes/forwarding/parcel-photo";
import { action as answerAction, loader as questionPage } from "~/routes/quotes/info-needed";
import { action as declareAction } from "~/routes/forwarding/declare-parcel";
import { runAdmin, type AdminOutput } from "../../scripts/admin";
import { makeCustomer, sessionCookie, type Customer, statusOf } from "./factories";

// Parcel forwarding from declaration to delivery, on the embedded database
// and on PostgreSQL: what the customer does, what the operator does, and
// that no customer can see or touch another's parcel, forward request or
// question.

const DAY_MS = 86_400_000;
const EUR = 1;
let made = 0;

async function siteId() {
  return Number((await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
}

async function addressOf(customer: Customer) {
  const row = await db()
    .insertInto("delivery_addresses")
    .values({ user_id: customer.id, first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 1", city: "Vilnius", zip: "01103", phone_number: "+37060000000", country_id: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function declaration(changes: Partial<Declaration> = {}): Declaration {
  made += 1;
  return {
    warehouseCode: "de",
    trackingNumber: `1Z${Date.now().toString(36).toUpperCase()}${made}`,
    carrier: "UPS",
    storeName: "Zalando",
    quoteId: null,
    lines: [{ description: "Boots", quantity: 1, valueMinor: 4990 }],
    ...changes,
  };
}

async function declared(customer: Customer, changes: Partial<Declaration> = {}) {
  const d = declaration(changes);
  const result = await declareParcel(customer.id, await siteId(), d);
  if (!result.ok) throw new Error(`not declared: ${result.error}`);
  return { id: result.id, tracking: d.trackingNumber };
}

const arrival = (trackingNumber: string) => ({ trackingNumber, weightG: 1200, lengthMm: 300, widthMm: 200, heightMm: 100, photos: [] });

const quiet = (): AdminOutput & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(line) };
};

describe("declaring a parcel", () => {
  it("keeps the parcel with its lines, and refuses the same tracking number twice for one customer", async () => {
    const customer = await makeCustomer();
    const d = declaration();
    const first = await declareParcel(customer.id, await siteId(), d);
    expect(first.ok).toBe(true);
    expect(await declareParcel(customer.id, await siteId(), { ...d, storeName: "Other" })).toEqual({ ok: false, error: "duplicate" });
    const parcels = await listParcels(customer.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ status: "expected", store_name: "Zalando", warehouse_code: "de" });
    expect(parcels[0]!.lines).toEqual([expect.objectContaining({ description: "Boots", quantity: 1 })]);
    // Another customer may have bought from a shop that reused the number: theirs is their own parcel.
    const other = await makeCustomer();
    expect((await declareParcel(other.id, await siteId(), d)).ok).toBe(true);
  });

  it("refuses an unknown warehouse and a quote that is not the customer's paid quote", async () => {
    const customer = await makeCustomer();
    expect(await declareParcel(customer.id, await siteId(), declaration({ warehouseCode: "xx" }))).toEqual({ ok: false, error: "unknown_warehouse" });
    expect(await declareParcel(customer.id, await siteId(), declaration({ quoteId: 999_999 }))).toEqual({ ok: false, error: "unknown_quote" });
    expect(await listParcels(customer.id)).toEqual([]);
  });
});

describe("forwarding from declaration to delivery", () => {
  it("declare → arrive → request → ask → answer → price → pay from the balance → ship → deliver", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const other = await makeCustomer({ balance: 10_000 });
    const addressId = await addressOf(customer);
    const site = await siteId();
    const parcel = await declared(customer);
    const second = await declared(customer);

    // Not arrived yet: refused, and nothing changes.
    expect(await requestForwarding(customer.id, site, EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "sea", addressId })).toEqual({ ok: false, error: "parcel_unavailable" });
    expect(await listForwardRequests(customer.id)).toEqual([]);

    // The warehouse received it 40 days ago: 30 free days, then 10 days at 0.50 €.
    const code = await runAdmin(["parcel", "arrive", "--tracking", parcel.tracking, "--weight", "1.2", "--dimensions", "30x20x10"], quiet());
    expect(code).toBe(0);
    await db().updateTable("parcels").set({ arrived_at: new Date(Date.now() - 40 * DAY_MS), free_until: new Date(Date.now() - 10 * DAY_MS) }).where("id", "=", parcel.id).execute();
    expect(await shelveArrivedParcels()).toBeGreaterThanOrEqual(1);
    const [waiting] = await forwardableParcels(customer.id, "de");
    expect(waiting).toMatchObject({ id: parcel.id, status: "stored", weight_g: 1200, length_mm: 300, storage_fee_minor: 500 });

    // Someone else's parcel, or one not arrived among arrived ones: refused as a whole.
    expect(await requestForwarding(other.id, site, EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "sea", addressId })).toEqual({ ok: false, error: "unknown_address" });
    expect(await requestForwarding(other.id, site, EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "sea", addressId: await addressOf(other) })).toEqual({
      ok: false,
      error: "parcel_unavailable",
    });
    expect(await requestForwarding(customer.id, site, EUR, { warehouseCode: "de", parcelIds: [parcel.id, second.id], method: "sea", addressId })).toEqual({ ok: false, error: "parcel_unavailable" });
    expect((await forwardableParcels(customer.id, "de")).map((p) => p.status)).toEqual(["stored"]);

    const made = await requestForwarding(customer.id, site, EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "sea", addressId });
    if (!made.ok) throw new Error(made.error);
    expect(await forwardableParcels(customer.id, "de")).toEqual([]);
    // Already in a request: refused.
    expect(await requestForwarding(customer.id, site, EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "air", addressId })).toEqual({ ok: false, error: "parcel_unavailable" });

    // Another customer cannot read it.
    expect(await forwardRequestFor(other.id, made.slug)).toBeNull();
    expect(await listForwardRequests(other.id)).toEqual([]);
    const view = await forwardRequestFor(customer.id, made.slug);
    expect(view).toMatchObject({ status: "requested", shipping_method: "sea", storage_fee_minor: 500, total_minor: null, billSlug: null });
    expect(view!.parcels.map((p) => p.status)).toEqual(["forwarding"]);

    // The operator asks a question; the customer answers; another customer can neither read nor answer it.
    const fr = `FR${made.id}`;
    expect(await runAdmin(["forward", "ask", "--request", fr, "--question", "Please send the shop's invoice."], quiet())).toBe(0);
    const info = await db().selectFrom("info_requests").select("slug").where("subject_kind", "=", "forward").where("subject_id", "=", made.id).executeTakeFirstOrThrow();
    expect((await forwardRequestFor(customer.id, made.slug))!.status).toBe("info_needed");
    expect((await forwardRequestFor(customer.id, made.slug))!.question?.slug).toBe(info.slug);
    expect(await priceForward(COMMAND_LINE, made.id, 2490)).toEqual({ ok: false, error: "wrong_status", status: "info_needed" });
    expect(await infoRequestFor(other.id, info.slug)).toBeUndefined();
    expect(await answerInfoRequest(other.id, info.slug, "mine", null)).toBe(false);
    expect(await answerInfoRequest(customer.id, info.slug, "Attached.", null)).toBe(true);
    expect(await answerInfoRequest(customer.id, info.slug, "Again.", null)).toBe(false);
    expect(await infoRequestFor(customer.id, info.slug)).toMatchObject({ answer: "Attached." });
    expect((await forwardRequestFor(customer.id, made.slug))!.status).toBe("requested");

    // Priced: shipping plus the storage run up, and a bill to pay.
    expect(await runAdmin(["forward", "price", "--request", fr, "--shipping", "24.90"], quiet())).toBe(0);
    const priced = (await forwardRequestFor(customer.id, made.slug))!;
    expect(priced).toMatchObject({ status: "priced", shipping_minor: 2490, storage_fee_minor: 500, total_minor: 2990 });
    expect(priced.billSlug).toEqual(expect.any(String));

    // Paid from the balance (provider 4): the ledger names the forward request (related type 1, its id).
    expect(await startOrderPayment(priced.billSlug!, other.id, site, "en", { provider: 4, balanceMinor: 0 })).toEqual({ ok: false, error: "not_found" });
    expect(await startOrderPayment(priced.billSlug!, customer.id, site, "en", { provider: 4, balanceMinor: 0 })).toMatchObject({ ok: true, paid: true });
    expect((await forwardRequestFor(customer.id, made.slug))!).toMatchObject({ status: "paid", billSlug: null });
    const ledger = await db().selectFrom("balance_entries").select(["rel_type", "rel_id", "amount_minor"]).where("user_id", "=", customer.id).orderBy("id").execute();
    expect(ledger.at(-1)).toMatchObject({ rel_type: 1, rel_id: made.id, amount_minor: 2990 });

    // Shipped by the name for it, found by the parcel's own number; tracked; delivered.
    const outbound = `OUT${made.id}X${Date.now().toString(36).toUpperCase()}`;
    expect(await runAdmin(["parcel", "ship", "--parcel", parcel.tracking, "--tracking", outbound, "--carrier", "DHL"], quiet())).toBe(0);
    expect(await shipForward(COMMAND_LINE, made.id, outbound, "DHL")).toEqual({ ok: false, error: "wrong_status", status: "shipped" });
    const shipped = (await forwardRequestFor(customer.id, made.slug))!;
    expect(shipped).toMatchObject({ status: "shipped", tracking_number: outbound });
    expect(shipped.parcels.map((p) => p.status)).toEqual(["shipped"]);
    const shipment = await db().selectFrom("shipments").selectAll().where("tracking_number", "=", outbound).executeTakeFirstOrThrow();
    expect(shipment).toMatchObject({ subject_kind: "forward", carrier: "DHL" });
    expect(Number(shipment.subject_id)).toBe(made.id);
    expect(Number(shipment.user_id)).toBe(customer.id);

    expect(await runAdmin(["parcel", "deliver", "--request", fr], quiet())).toBe(0);
    expect(await deliverForward(COMMAND_LINE, made.id)).toEqual({ ok: false, error: "wrong_status", status: "delivered" });
    expect((await forwardRequestFor(customer.id, made.slug))!.status).toBe("delivered");
    const events = await db().selectFrom("tracking_events").select("code").where("shipment_id", "=", shipment.id).orderBy("happened_at").execute();
    expect(events.map((e) => e.code)).toEqual(["created", "delivered"]);
    expect((await listParcels(customer.id)).find((p) => p.id === parcel.id)!.status).toBe("delivered");
  });

  it("refuses to ship a request not yet paid, and an outbound number already tracked", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const addressId = await addressOf(customer);
    const parcel = await declared(customer);
    const arrived = await receiveParcel(arrival(parcel.tracking));
    expect(arrived.ok).toBe(true);
    expect(await receiveParcel(arrival(parcel.tracking))).toEqual({ ok: false, error: "not_expected" });
    const made = await requestForwarding(customer.id, await siteId(), EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "air", addressId });
    if (!made.ok) throw new Error(made.error);
    expect(await shipForward(COMMAND_LINE, made.id, "NOTPAID123", "")).toEqual({ ok: false, error: "wrong_status", status: "requested" });
    const priced = await priceForward(COMMAND_LINE, made.id, 1000);
    expect(priced).toMatchObject({ ok: true, storageMinor: 0, totalMinor: 1000 });
    if (!priced.ok) return;
    await startOrderPayment(priced.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 });
    const taken = `TAKEN${made.id}${Date.now().toString(36).toUpperCase()}`;
    await db().insertInto("shipments").values({ tracking_number: taken, subject_kind: "order", subject_id: 1, user_id: null }).execute();
    expect(await shipForward(COMMAND_LINE, made.id, taken, "")).toEqual({ ok: false, error: "tracking_taken" });
    expect((await forwardRequestFor(customer.id, made.slug))!.status).toBe("paid");
  });
});

describe("admin commands", () => {
  it("answers bad input with exit code 2 and an unknown parcel with 1, changing nothing", async () => {
    const out = quiet();
    expect(await runAdmin(["parcel", "arrive", "--tracking", "1Z1234", "--weight", "heavy", "--dimensions", "30x20x10"], out)).toBe(2);
    expect(await runAdmin(["parcel", "arrive", "--tracking", "1Z1234", "--weight", "1", "--dimensions", "30x20"], out)).toBe(2);
    expect(await runAdmin(["forward", "price", "--request", "FRx", "--shipping", "1"], out)).toBe(2);
    expect(await runAdmin(["forward", "price", "--request", "FR1", "--shipping", "1,50"], out)).toBe(2);
    expect(await runAdmin(["parcel", "arrive", "--tracking", "NOSUCHPARCEL1", "--weight", "1", "--dimensions", "1x1x1", "--photo", "/no/such/file.jpg"], out)).toBe(2);
    expect(await runAdmin(["parcel", "arrive", "--tracking", "NOSUCHPARCEL1", "--weight", "1", "--dimensions", "1x1x1"], out)).toBe(1);
    expect(await runAdmin(["forward", "deliver", "--request", "FR99999999"], out)).toBe(1);
    expect(out.lines.join("\n")).toMatch(/--weight must be kilograms/);
  });
});

describe("a cancelled forward request", () => {
  it("puts its parcels back on the shelf at the next housekeeping, ready for a new request", async () => {
    const customer = await makeCustomer();
    const addressId = await addressOf(customer);
    const parcel = await declared(customer);
    await receiveParcel(arrival(parcel.tracking));
    const first = await requestForwarding(customer.id, await siteId(), EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "air", addressId });
    if (!first.ok) throw new Error(first.error);
    expect(await releaseCancelledParcels()).toBe(0);
    // What refunding its bill does (bill-sources.server.ts markSourceRefunded).
    await db().updateTable("forward_requests").set({ status: "cancelled" }).where("id", "=", first.id).execute();
    expect(await releaseCancelledParcels()).toBeGreaterThanOrEqual(1);
    expect((await forwardableParcels(customer.id, "de")).map((p) => p.id)).toEqual([parcel.id]);
    expect((await requestForwarding(customer.id, await siteId(), EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "sea", addressId })).ok).toBe(true);
  });
});

describe("storage reminders", () => {
  it("emails once when free storage ends within three days, and never for a parcel already sent", async () => {
    const customer = await makeCustomer();
    const soon = await declared(customer);
    const later = await declared(customer);
    const now = new Date();
    await receiveParcel(arrival(soon.tracking), new Date(now.getTime() - 28 * DAY_MS));
    await receiveParcel(arrival(later.tracking), new Date(now.getTime() - 5 * DAY_MS));
    expect(await sendStorageReminders(now)).toBeGreaterThanOrEqual(1);
    const sent = await db().selectFrom("parcels").select(["id", "storage_reminder_sent_at"]).where("user_id", "=", customer.id).execute();
    expect(sent.find((p) => Number(p.id) === soon.id)!.storage_reminder_sent_at).not.toBeNull();
    expect(sent.find((p) => Number(p.id) === later.id)!.storage_reminder_sent_at).toBeNull();
    expect(await sendStorageReminders(now)).toBe(0);
  });
});


const ORIGIN = "http://localhost";
const page = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { cookie } });
const post = (path: string, cookie: string, body: FormData | URLSearchParams) => new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
const context = {};

describe("the pages, for another customer", () => {
  it("answer 404 for another customer's forward request and question, and refuse their parcel without changing it", async () => {
    const owner = await makeCustomer();
    const stranger = await makeCustomer();
    const ownerCookie = await sessionCookie(owner.id);
    const strangerCookie = await sessionCookie(stranger.id);
    const parcel = await declared(owner);
    await receiveParcel(arrival(parcel.tracking));
    const made = await requestForwarding(owner.id, await siteId(), EUR, { warehouseCode: "de", parcelIds: [parcel.id], method: "air", addressId: await addressOf(owner) });
    if (!made.ok) throw new Error(made.error);
    const asked = await runAdmin(["forward", "ask", "--request", String(made.id), "--question", "Which colour?"], quiet());
    expect(asked).toBe(0);
    const info = await db().selectFrom("info_requests").select("slug").where("subject_id", "=", made.id).where("subject_kind", "=", "forward").executeTakeFirstOrThrow();

    const forwardPath = `/en/my-parcels/forward/${made.slug}`;
    expect(await statusOf(() => forwardPage({ request: page(forwardPath, ownerCookie), params: { locale: "en", slug: made.slug }, context }))).toBe(200);
    expect(await statusOf(() => forwardPage({ request: page(forwardPath, strangerCookie), params: { locale: "en", slug: made.slug }, context }))).toBe(404);

    const infoPath = `/en/order-additional-info-needed/${info.slug}`;
    const params = { locale: "en", "*": info.slug };
    expect(await statusOf(() => questionPage({ request: page(infoPath, strangerCookie), params, context }))).toBe(404);
    const answer = new FormData();
    answer.set("answer", "Red");
    expect(await statusOf(() => answerAction({ request: post(infoPath, strangerCookie, answer), params, context }))).toBe(404);
    expect(await infoRequestFor(owner.id, info.slug)).toMatchObject({ answer: null });

    // A file that is not an image or PDF is refused, and the question stays open.
    const withProgram = new FormData();
    withProgram.set("answer", "Red");
    withProgram.set("file", new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "invoice.pdf", { type: "application/pdf" }));
    expect(await statusOf(() => answerAction({ request: post(infoPath, ownerCookie, withProgram), params, context }))).toBe(400);
    expect(await infoRequestFor(owner.id, info.slug)).toMatchObject({ answer: null });
    expect(await statusOf(() => answerAction({ request: post(infoPath, ownerCookie, answer), params, context }))).toBe(303);
    expect((await forwardRequestFor(owner.id, made.slug))!.status).toBe("requested");

    // The warehouse's photos of the parcel are the owner's alone.
    await db().updateTable("parcels").set({ photos: ["parcels/AAAAAAAAAAAAAAAAAAAAAA.png"] }).where("id", "=", parcel.id).execute();
    const photoParams = { locale: "en", parcel: String(parcel.id), index: "0" };
    expect(await statusOf(() => photoFile({ request: page(`/en/my-parcels/photo/${parcel.id}/0`, strangerCookie), params: photoParams, context }))).toBe(404);
    expect(await statusOf(() => photoFile({ request: new Request(`${ORIGIN}/en/my-parcels/photo/${parcel.id}/0`), params: photoParams, context }))).toBe(404);
    expect(await parcelPhoto(stranger.id, parcel.id, 0)).toBeNull();

    // The stranger asks to forward the owner's parcel from their own address: refused, nothing changes.
    const strangerAddress = await addressOf(stranger);
    const body = new URLSearchParams({ parcel: String(parcel.id), method: "sea", address: String(strangerAddress) });
    expect(await statusOf(() => createOrderAction({ request: post("/en/create-order/de", strangerCookie, body), params: { locale: "en", "*": "de" }, context }))).toBe(400);
    expect(await listForwardRequests(stranger.id)).toEqual([]);
    expect(await statusOf(() => createOrderAction({ request: post("/en/create-order/xx", strangerCookie, body), params: { locale: "en", "*": "xx" }, context }))).toBe(404);
  });

  it("reads a value with a decimal comma, and refuses a second declaration of the same number with 400 and the values typed", async () => {
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    const form = () =>
      new URLSearchParams([
        ["intent", "declare"],
        ["warehouse", "us"],
        ["tracking", "9400 1000 0000 0000 0000 01"],
        ["carrier", "USPS"],
        ["shop", "Amazon"],
        ["quote", ""],
        ["lines[0].description", "Headphones"],
        ["lines[0].quantity", "1"],
        ["lines[0].value", "59,90"],
      ]);
    const run = () => declareAction({ request: post("/en/site-pro-delivery", cookie, form()), params: { locale: "en" }, context });
    expect(await statusOf(run)).toBe(303);
    // The value was typed with a decimal comma, as Baltic shoppers write it.
    const [kept] = await db().selectFrom("parcel_lines as l").innerJoin("parcels as p", "p.id", "l.parcel_id").select("l.value_minor").where("p.user_id", "=", customer.id).execute();
    expect(Number(kept!.value_minor)).toBe(5990);
    const again = (await run()) as unknown as { data: { initialValue: { shop: string }; error: { tracking?: string[] } }; init: { status: number } };
    expect(again.init.status).toBe(400);
    expect(again.data.error.tracking).toEqual(["forwarding.errors.duplicate"]);
    expect(again.data.initialValue.shop).toBe("Amazon");
    expect(await listParcels(customer.id)).toHaveLength(1);
  });
});

describe("a paid quote's goods", () => {
  it("fill a declaration's lines, and only the customer's own paid quote can be named", async () => {
    const customer = await makeCustomer();
    const other = await makeCustomer();
    const quote = await db()
      .insertInto("quotes")
      .values({ slug: `q-${customer.id}`, user_id: customer.id, site_id: await siteId(), currency_id: EUR, status: "paid" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("quote_lines")
      .values({ quote_id: quote.id, position: 0, url: "https://shop.example/p/1", quantity: 2, options: "size M", price_minor: 1500, title: "Hoodie" })
      .execute();
    expect(await quoteContentLines(customer.id, Number(quote.id))).toEqual([{ description: "Hoodie, size M", quantity: 2, valueMinor: 3000 }]);
    expect(await quoteContentLines(other.id, Number(quote.id))).toBeNull();
    expect(await declareParcel(other.id, await siteId(), declaration({ quoteId: Number(quote.id) }))).toEqual({ ok: false, error: "unknown_quote" });
    expect((await declareParcel(customer.id, await siteId(), declaration({ quoteId: Number(quote.id) }))).ok).toBe(true);
  });
});
