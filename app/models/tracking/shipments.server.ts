import type { Selectable } from "kysely";
import type { DB } from "~/models/db/db.server";
import type { ShipmentsTable } from "~/models/db/schema";

// Shipments the shop can track (tracking, tracking-number): each by its
// carrier's number, with the events that happened to it. Whatever ships
// something (a forward request, a quote's goods, a marketplace order)
// records it here, in its own transaction.

export type ShipmentSubject = Pick<Selectable<ShipmentsTable>, "subject_kind" | "subject_id">;

/** The event codes the tracking texts know, in the order a shipment usually meets them. */
export const TRACKING_CODES = ["created", "received", "in_transit", "customs", "out_for_delivery", "delivered"] as const;
export type TrackingCode = (typeof TRACKING_CODES)[number];

export type NewShipment = ShipmentSubject & {
  trackingNumber: string;
  carrier?: string;
  userId: number | null;
  /** The carrier's label, a stored upload's name. */
  label?: string | null;
};

/** Records a shipment with its first event ("created"); the shipment's id. A number already tracked is refused by its unique key. */
export async function recordShipment(trx: DB, shipment: NewShipment, at = new Date()) {
  const row = await trx
    .insertInto("shipments")
    .values({
      tracking_number: shipment.trackingNumber,
      carrier: shipment.carrier ?? "",
      user_id: shipment.userId,
      subject_kind: shipment.subject_kind,
      subject_id: shipment.subject_id,
      label: shipment.label ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await addTrackingEvent(trx, Number(row.id), "created", "", at);
  return Number(row.id);
}

export async function addTrackingEvent(trx: DB, shipmentId: number, code: TrackingCode, location = "", at = new Date()) {
  await trx.insertInto("tracking_events").values({ shipment_id: shipmentId, code, location, happened_at: at }).execute();
}

/** The shipment of something shipped (a forward request, a quote…), if it has one. */
export async function shipmentOf(trx: DB, subject: ShipmentSubject) {
  return trx
    .selectFrom("shipments")
    .select(["id", "tracking_number"])
    .where("subject_kind", "=", subject.subject_kind)
    .where("subject_id", "=", subject.subject_id)
    .executeTakeFirst();
}
