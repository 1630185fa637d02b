import { sql } from "kysely";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { addTrackingEvent, TRACKING_CODES, type TrackingCode } from "./shipments.server";
import { normalizeTrackingNumber } from "./tracking-number";

// Looking a shipment up by its number (tracking, /tracking/{id}). Anyone
// who has the number sees where the parcel is: the carrier and the events.
// What was sent, and for which quote or forward request, is personal: only
// the signed-in customer the shipment belongs to gets that part.

export type TrackingEvent = { code: TrackingCode | string; location: string; happenedAt: Date };

export type TrackedSubject =
  | { kind: "quote" | "forward" | "order"; number: string; slug: string }
  | { kind: "parcel"; number: string; slug: null };

export type OwnerDetail = {
  subject: TrackedSubject | null;
  /** What the parcels hold (a forward request or a parcel). */
  contents: Array<{ description: string; quantity: number }>;
};

export type TrackedShipment = {
  trackingNumber: string;
  carrier: string;
  /** Newest first. */
  events: TrackingEvent[];
  /** Only for the shipment's owner. */
  detail: OwnerDetail | null;
};

export function isKnownTrackingCode(code: string): code is TrackingCode {
  return (TRACKING_CODES as readonly string[]).includes(code);
}

/** The shipment's id and number by a typed number, however spaced or cased. */
async function findShipment(typed: string) {
  const key = normalizeTrackingNumber(typed);
  if (!key) return undefined;
  return db()
    .selectFrom("shipments")
    .select(["id", "tracking_number", "carrier", "user_id", "subject_kind", "subject_id"])
    .where(sql<string>`upper(regexp_replace(tracking_number, '[[:space:]]', '', 'g'))`, "=", key)
    .executeTakeFirst();
}

/** What happened to a shipment, by its number (the operator's command); the number as stored, or null when unknown. */
export async function addEventByNumber(typed: string, code: TrackingCode, location: string, at = new Date()) {
  const shipment = await findShipment(typed);
  if (!shipment) return null;
  await addTrackingEvent(db(), Number(shipment.id), code, location, at);
  return shipment.tracking_number;
}

/** The shipment with a typed number, as the viewer (a user id, or null for a guest) may see it; null when unknown. */
export async function trackShipment(typed: string, viewerId: number | null): Promise<TrackedShipment | null> {
  const shipment = await findShipment(typed);
  if (!shipment) return null;

  const events = await db()
    .selectFrom("tracking_events")
    .select(["code", "location", "happened_at"])
    .where("shipment_id", "=", shipment.id)
    .orderBy("happened_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const owner = viewerId !== null && shipment.user_id !== null && Number(shipment.user_id) === viewerId;
  return {
    trackingNumber: shipment.tracking_number,
    carrier: shipment.carrier,
    events: events.map((event) => ({ code: event.code, location: event.location, happenedAt: new Date(event.happened_at) })),
    detail: owner ? await ownerDetail(viewerId, shipment.subject_kind, Number(shipment.subject_id)) : null,
  };
}

/** What was shipped; each subject is read with the owner's id too, so a mislabelled shipment shows nothing of another's. */
async function ownerDetail(userId: number, kind: "order" | "quote" | "parcel" | "forward", id: number): Promise<OwnerDetail> {
  if (kind === "quote") {
    const quote = await db().selectFrom("quotes").select("slug").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    return { subject: quote ? { kind, number: orderNumber("quote", id), slug: quote.slug } : null, contents: [] };
  }
  if (kind === "order") {
    const order = await db().selectFrom("orders").select(["slug", "kind", "source_id"]).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    return { subject: order ? { kind, number: orderNumber(order.kind, Number(order.source_id ?? id)), slug: order.slug } : null, contents: [] };
  }
  if (kind === "forward") {
    const request = await db().selectFrom("forward_requests").select("slug").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    if (!request) return { subject: null, contents: [] };
    const contents = await db()
      .selectFrom("forward_request_parcels as frp")
      .innerJoin("parcel_lines as l", "l.parcel_id", "frp.parcel_id")
      .select(["l.description", "l.quantity"])
      .where("frp.forward_request_id", "=", id)
      .orderBy("l.parcel_id")
      .orderBy("l.position")
      .execute();
    return { subject: { kind, number: orderNumber("forward", id), slug: request.slug }, contents };
  }
  const parcel = await db().selectFrom("parcels").select("tracking_number").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!parcel) return { subject: null, contents: [] };
  const contents = await db().selectFrom("parcel_lines").select(["description", "quantity"]).where("parcel_id", "=", id).orderBy("position").execute();
  return { subject: { kind, number: parcel.tracking_number, slug: null }, contents };
}
