import { randomBytes } from "node:crypto";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import type { ForwardRequestStatus } from "~/models/db/schema";
import { isUniqueViolation } from "~/models/db/errors";
import { lockBill, openBill } from "~/models/payments/bills.server";
import { addTrackingEvent, recordShipment, shipmentOf } from "~/models/tracking/shipments.server";
import { forwardNumber } from "./forward-requests.server";
import { sendInfoQuestion } from "./forwarding-mail.server";
import { arriveParcel, type Arrival, type ArriveError } from "./parcels.server";
import { storageFeeMinor } from "./storage";

// What the warehouse and the operator do to parcels and forward requests:
// the back office's forward request page and the admin commands call these
// same functions, with the staff member (or COMMAND_LINE) acting. Each step
// checks the status it moves from inside one transaction and writes its
// audit entry there, so a step run twice, or out of order, is refused and
// changes nothing.

export type OperatorError = ArriveError | "wrong_status" | "tracking_taken";
type Refusal = { ok: false; error: OperatorError; status?: string } | StaleEdit;
type Result<T extends object = object> = ({ ok: true } & T) | Refusal;

/**
 * What a staff page saw of a forward request, carried by its forms: the
 * status and when it was last priced. Forward requests keep no version of
 * their own, and every change of one moves one of these two (paying,
 * answering a question and cancelling move the status; pricing again moves
 * priced_at), so a step taken on an older view is refused: the stale-edit
 * rule, and two staff pricing at once price once.
 */
export function forwardSeen(request: { status: string; priced_at: Date | string | null }) {
  return `${request.status}:${request.priced_at ? new Date(request.priced_at).getTime() : 0}`;
}

/** A step taken on an older view of the request (`seen` given and no longer true): the refusal that names who changed it last. */
async function staleView(trx: DB, id: number, request: { status: string; priced_at: Date | null }, seen: string | undefined) {
  return seen !== undefined && seen !== forwardSeen(request) ? staleEdit(trx, "forward_request", id) : null;
}

export function receiveParcel(arrival: Arrival, now = new Date()) {
  return db()
    .transaction()
    .execute((trx) => arriveParcel(trx, arrival, now));
}

type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockRequest>>>;

async function lockRequest(trx: DB, id: number) {
  return trx
    .selectFrom("forward_requests as f")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .select(["f.id", "f.user_id", "f.site_id", "f.currency_id", "f.status", "f.priced_at", "f.shipping_minor", "f.storage_fee_minor", "f.shipping_method", "w.storage_fee_minor as daily_fee_minor"])
    .where("f.id", "=", id)
    .forUpdate("f")
    .executeTakeFirst();
}

/**
 * The request locked for a step that may start from one of `from`, or the
 * refusal that ends the step: there is no such request, the staff member's
 * view of it is stale, or it is in another status.
 */
async function lockForStep(trx: DB, id: number, from: readonly ForwardRequestStatus[], seen: string | undefined): Promise<{ request: LockedRequest; refusal?: undefined } | { refusal: Refusal }> {
  const request = await lockRequest(trx, id);
  if (!request) return { refusal: { ok: false, error: "not_found" } };
  const stale = await staleView(trx, id, request, seen);
  if (stale) return { refusal: stale };
  if (!from.includes(request.status)) return { refusal: { ok: false, error: "wrong_status", status: request.status } };
  return { request };
}

/** The request's parcels move with it: shipped, then delivered. */
async function moveParcels(trx: DB, id: number, status: "shipped" | "delivered") {
  await trx
    .updateTable("parcels")
    .set({ status })
    .where("id", "in", (eb) => eb.selectFrom("forward_request_parcels").select("parcel_id").where("forward_request_id", "=", id))
    .execute();
}

/** The forward request a parcel (by its carrier's number) is in, if any; "ambiguous" when two customers' parcels share the number. */
export async function requestOfParcel(trackingNumber: string) {
  const rows = await db()
    .selectFrom("parcels as p")
    .innerJoin("forward_request_parcels as frp", "frp.parcel_id", "p.id")
    .innerJoin("forward_requests as f", "f.id", "frp.forward_request_id")
    .select("frp.forward_request_id")
    .where("p.tracking_number", "=", trackingNumber)
    // A cancelled request let its parcels go into a new one.
    .where("f.status", "<>", "cancelled")
    .orderBy("frp.forward_request_id", "desc")
    .execute();
  const ids = [...new Set(rows.map((r) => Number(r.forward_request_id)))];
  return ids.length === 1 ? ids[0]! : ids.length === 0 ? null : ("ambiguous" as const);
}

/**
 * The operator prices a request: the shipping home plus the storage its
 * parcels have run up by now, and opens the bill the customer pays at
 * /payment/{slug}. A priced request may be priced again while unpaid.
 */
export async function priceForward(
  actor: StaffActor,
  id: number,
  shippingMinor: number,
  options: { seen?: string; now?: Date } = {},
): Promise<Result<{ billSlug: string; storageMinor: number; totalMinor: number }>> {
  const now = options.now ?? new Date();
  return db()
    .transaction()
    .execute(async (trx): Promise<Result<{ billSlug: string; storageMinor: number; totalMinor: number }>> => {
      await lockBill(trx, "forward", id);
      const step = await lockForStep(trx, id, ["requested", "priced"], options.seen);
      if (step.refusal) return step.refusal;
      const { request } = step;
      const parcels = await trx
        .selectFrom("forward_request_parcels as frp")
        .innerJoin("parcels as p", "p.id", "frp.parcel_id")
        .select("p.free_until")
        .where("frp.forward_request_id", "=", id)
        .execute();
      const storageMinor = parcels.reduce((sum, p) => sum + storageFeeMinor(p.free_until ? new Date(p.free_until) : null, now, Number(request.daily_fee_minor)), 0);
      await trx.updateTable("forward_requests").set({ status: "priced", shipping_minor: shippingMinor, storage_fee_minor: storageMinor, priced_at: now }).where("id", "=", id).execute();
      const billSlug = await openBill(trx, {
        kind: "forward",
        sourceId: id,
        userId: Number(request.user_id),
        siteId: request.site_id,
        currencyId: request.currency_id,
        shippingMethod: request.shipping_method,
        subtotalMinor: storageMinor,
        shippingMinor,
      });
      if (!billSlug) return { ok: false, error: "wrong_status", status: "paid" };
      await recordAudit(trx, actor, {
        action: "forward.price",
        entity: "forward_request",
        entityId: id,
        before: { status: request.status, shipping_minor: request.shipping_minor, storage_fee_minor: request.storage_fee_minor },
        after: { status: "priced", shipping_minor: shippingMinor, storage_fee_minor: storageMinor },
      });
      return { ok: true, billSlug, storageMinor, totalMinor: storageMinor + shippingMinor };
    });
}

/** A paid request leaves the warehouse with a carrier's number anyone can track. */
export async function shipForward(actor: StaffActor, id: number, trackingNumber: string, carrier: string, options: { seen?: string; now?: Date } = {}): Promise<Result> {
  const now = options.now ?? new Date();
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<Result> => {
        const step = await lockForStep(trx, id, ["paid"], options.seen);
        if (step.refusal) return step.refusal;
        const { request } = step;
        await trx.updateTable("forward_requests").set({ status: "shipped", tracking_number: trackingNumber, shipped_at: now }).where("id", "=", id).execute();
        await moveParcels(trx, id, "shipped");
        await recordShipment(trx, { subject_kind: "forward", subject_id: id, trackingNumber, carrier, userId: Number(request.user_id) }, now);
        await recordAudit(trx, actor, { action: "forward.ship", entity: "forward_request", entityId: id, before: { status: request.status }, after: { status: "shipped", carrier, tracking_number: trackingNumber } });
        return { ok: true };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "tracking_taken" };
    throw error;
  }
}

/** The carrier delivered a shipped request. */
export async function deliverForward(actor: StaffActor, id: number, options: { seen?: string; now?: Date } = {}): Promise<Result> {
  const now = options.now ?? new Date();
  return db()
    .transaction()
    .execute(async (trx): Promise<Result> => {
      const step = await lockForStep(trx, id, ["shipped"], options.seen);
      if (step.refusal) return step.refusal;
      const { request } = step;
      await trx.updateTable("forward_requests").set({ status: "delivered" }).where("id", "=", id).execute();
      await moveParcels(trx, id, "delivered");
      const shipment = await shipmentOf(trx, { subject_kind: "forward", subject_id: id });
      if (shipment) await addTrackingEvent(trx, Number(shipment.id), "delivered", "", now);
      await recordAudit(trx, actor, { action: "forward.deliver", entity: "forward_request", entityId: id, before: { status: request.status }, after: { status: "delivered" } });
      return { ok: true };
    });
}

/** The operator needs something before pricing: the request waits for the customer's answer, who is emailed a link to give it. */
export async function askForward(actor: StaffActor, id: number, question: string, options: { seen?: string } = {}): Promise<Result<{ slug: string }>> {
  const asked = await db()
    .transaction()
    .execute(async (trx): Promise<Result<{ slug: string; userId: number; siteId: number }>> => {
      const step = await lockForStep(trx, id, ["requested", "info_needed"], options.seen);
      if (step.refusal) return step.refusal;
      const { request } = step;
      const slug = randomBytes(9).toString("base64url");
      await trx.insertInto("info_requests").values({ slug, user_id: request.user_id, subject_kind: "forward", subject_id: id, question }).execute();
      await trx.updateTable("forward_requests").set({ status: "info_needed" }).where("id", "=", id).execute();
      await recordAudit(trx, actor, { action: "forward.ask", entity: "forward_request", entityId: id, before: { status: request.status }, after: { status: "info_needed", question } });
      return { ok: true, slug, userId: Number(request.user_id), siteId: request.site_id };
    });
  if (!asked.ok) return asked;
  await sendInfoQuestion({ userId: asked.userId, siteId: asked.siteId, number: forwardNumber(id), question, slug: asked.slug });
  return { ok: true, slug: asked.slug };
}
