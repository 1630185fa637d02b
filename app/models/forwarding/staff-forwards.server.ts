import { auditTrail } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { ForwardRequestStatus } from "~/models/db/schema";
import { readUpload } from "~/models/uploads/storage.server";
import { FORWARD_REQUEST_COLUMNS, forwardNumber } from "./forward-requests.server";
import { forwardSeen } from "./operator.server";
import { storageFeeMinor } from "./storage";

// Forward requests as staff see them (docs/back-office.md): the list by
// status with who asked, how many parcels, how heavy and since when; one
// request with its parcels (measures and photos), the address it goes to,
// the way home, its bill, questions asked and its audit trail.

export const STAFF_FORWARDS_PAGE_SIZE = 50;

/** Waiting for staff: served oldest first. */
const QUEUES = new Set<ForwardRequestStatus>(["requested", "paid"]);

export async function staffForwards(filter: { status?: ForwardRequestStatus; page?: number }) {
  let query = db()
    .selectFrom("forward_requests as f")
    .innerJoin("users as u", "u.id", "f.user_id")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .select(["f.id", "f.status", "f.shipping_method", "f.created_at", "f.shipping_minor", "f.storage_fee_minor", "u.email", "w.name as warehouse"])
    .select((eb) => [
      eb.selectFrom("forward_request_parcels as frp").whereRef("frp.forward_request_id", "=", "f.id").select(eb.fn.countAll<number>().as("n")).as("parcels"),
      eb
        .selectFrom("forward_request_parcels as frp")
        .innerJoin("parcels as p", "p.id", "frp.parcel_id")
        .whereRef("frp.forward_request_id", "=", "f.id")
        .select((inner) => inner.fn.sum<number>("p.weight_g").as("g"))
        .as("weight_g"),
    ]);
  if (filter.status) query = query.where("f.status", "=", filter.status);
  const { rows, page, hasMore } = await pageOf(
    (filter.status && QUEUES.has(filter.status) ? query.orderBy("f.id", "asc") : query.orderBy("f.id", "desc")),
    filter.page,
    STAFF_FORWARDS_PAGE_SIZE,
  );
  return {
    forwards: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      number: forwardNumber(Number(row.id)),
      parcels: Number(row.parcels),
      weight_g: row.weight_g === null ? null : Number(row.weight_g),
      total_minor: row.shipping_minor === null ? null : Number(row.shipping_minor) + Number(row.storage_fee_minor),
    })),
    page,
    hasMore,
  };
}

/** One forward request as staff need it; null when there is none. */
export async function staffForward(id: number, now = new Date()) {
  const request = await db()
    .selectFrom("forward_requests as f")
    .innerJoin("users as u", "u.id", "f.user_id")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .select([...FORWARD_REQUEST_COLUMNS, "u.email", "w.name as warehouse"])
    .where("f.id", "=", id)
    .executeTakeFirst();
  if (!request) return null;
  const [parcels, bill, questions, shipment, trail] = await Promise.all([
    db()
      .selectFrom("forward_request_parcels as frp")
      .innerJoin("parcels as p", "p.id", "frp.parcel_id")
      .select(["p.id", "p.tracking_number", "p.carrier", "p.store_name", "p.status", "p.weight_g", "p.length_mm", "p.width_mm", "p.height_mm", "p.photos", "p.arrived_at", "p.free_until"])
      .where("frp.forward_request_id", "=", id)
      .orderBy("p.id")
      .execute(),
    db().selectFrom("orders").select(["id", "slug", "status", "total_minor", "paid_at"]).where("kind", "=", "forward").where("source_id", "=", id).executeTakeFirst(),
    db()
      .selectFrom("info_requests")
      .select(["id", "question", "answer", "file", "created_at", "answered_at"])
      .where("subject_kind", "=", "forward")
      .where("subject_id", "=", id)
      .orderBy("id", "desc")
      .execute(),
    db().selectFrom("shipments").select(["tracking_number", "carrier"]).where("subject_kind", "=", "forward").where("subject_id", "=", id).executeTakeFirst(),
    auditTrail("forward_request", id),
  ]);
  // Until it is priced, the storage is what the parcels have run up so far: what pricing now would add.
  const storageMinor =
    request.priced_at !== null
      ? Number(request.storage_fee_minor)
      : parcels.reduce((total, p) => total + storageFeeMinor(p.free_until ? new Date(p.free_until) : null, now, Number(request.daily_fee_minor)), 0);
  return {
    request: {
      ...request,
      id,
      number: forwardNumber(id),
      seen: forwardSeen(request),
      shipping_minor: request.shipping_minor === null ? null : Number(request.shipping_minor),
      storage_fee_minor: storageMinor,
    },
    parcels: parcels.map((parcel) => ({ ...parcel, id: Number(parcel.id), photos: parcel.photos.length })),
    bill: bill ? { ...bill, id: Number(bill.id), total_minor: Number(bill.total_minor) } : null,
    questions,
    shipment: shipment ?? null,
    trail,
  };
}

/** One photo of any parcel, for staff (by its place in the parcel's list); null when there is none. */
export async function staffParcelPhoto(parcelId: number, index: number) {
  const parcel = await db().selectFrom("parcels").select("photos").where("id", "=", parcelId).executeTakeFirst();
  const name = parcel?.photos[index];
  return name ? readUpload(name) : null;
}

/** Parcels that arrived and wait for their customer to send them home (the "parcels arrived" queue), longest waiting first. */
export async function parcelsWaiting(asked = 1) {
  const { rows, page, hasMore } = await pageOf(
    db()
      .selectFrom("parcels as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .innerJoin("warehouses as w", "w.id", "p.warehouse_id")
      .select(["p.id", "p.tracking_number", "p.store_name", "p.weight_g", "p.arrived_at", "p.free_until", "u.id as user_id", "u.email", "w.code as warehouse"])
      .where("p.status", "=", "arrived")
      .orderBy("p.arrived_at")
      .orderBy("p.id"),
    asked,
    STAFF_FORWARDS_PAGE_SIZE,
  );
  return { parcels: rows, page, hasMore };
}
