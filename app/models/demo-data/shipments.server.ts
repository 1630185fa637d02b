import type { DB } from "~/models/db/db.server";
import { addTrackingEvent, recordShipment, type TrackingCode } from "~/models/tracking/shipments.server";
import { BASE_DATE } from "./reference";

// Every shipped or delivered order of the demo went out as a shipment with a
// tracking number and the events of its way, as staff shipping writes them
// (fulfilment.server.ts: the shipment, its lines, the order's dates), so
// /tracking/{number} shows a real history for each kind: a marketplace
// order, a quote's goods and a forward request's parcels.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A shipment's way, each step days after the order was paid; by sea the long leg takes weeks. */
const ROUTE: Record<"air" | "sea", ReadonlyArray<[code: Exclude<TrackingCode, "created">, days: number, location: string]>> = {
  air: [
    ["received", 1.2, "Leipzig, DE"],
    ["in_transit", 1.6, "Leipzig, DE"],
    ["customs", 3.4, "Vilnius, LT"],
    ["out_for_delivery", 4.3, "Vilnius, LT"],
    ["delivered", 4.7, "Vilnius, LT"],
  ],
  sea: [
    ["received", 1.5, "Hamburg, DE"],
    ["in_transit", 3, "Hamburg, DE"],
    ["customs", 16, "Klaipėda, LT"],
    ["out_for_delivery", 18.3, "Vilnius, LT"],
    ["delivered", 18.8, "Vilnius, LT"],
  ],
};
/** A shipment still on its way has got as far as the long leg. */
const SHIPPED_UNTIL: TrackingCode = "in_transit";
const CARRIER = { air: "DHL Express", sea: "DB Schenker" } as const;

/** The demo's tracking number of an order: S10-like, its id in the middle, so each seed gives the same numbers. */
export const demoTrackingNumber = (orderId: number) => `SW${String(orderId).padStart(9, "0")}LT`;

/** Ships every shipped or delivered order the seed wrote; returns how many shipments it wrote. */
export async function insertDemoShipments(db: DB) {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "kind", "source_id", "user_id", "status", "shipping_method", "paid_at", "created_at"])
    .where("status", "in", ["shipped", "delivered"])
    .orderBy("id")
    .execute();
  let written = 0;
  for (const order of orders) {
    const orderId = Number(order.id);
    const subject =
      order.kind === "marketplace"
        ? ({ subject_kind: "order", subject_id: orderId } as const)
        : ({ subject_kind: order.kind === "quote" ? "quote" : "forward", subject_id: Number(order.source_id) } as const);
    if (subject.subject_kind !== "order" && !order.source_id) continue;
    const method = order.shipping_method === "sea" ? "sea" : "air";
    const paidAt = new Date(order.paid_at ?? order.created_at);
    const steps = ROUTE[method];
    const delivered = order.status === "delivered";
    const last = delivered ? steps.length : steps.findIndex(([code]) => code === SHIPPED_UNTIL) + 1;
    // Nothing after the demo's "today" (BASE_DATE): an order delivered soon
    // after it was paid went the same way faster; one still on its way has
    // come only so far.
    const room = BASE_DATE.getTime() - HOUR_MS - paidAt.getTime();
    const pace = delivered ? Math.min(1, room / (steps.at(-1)![1] * DAY_MS)) : 1;
    const at = (days: number) => new Date(paidAt.getTime() + days * pace * DAY_MS);
    const taken = steps.slice(0, last).filter(([, days]) => at(days).getTime() < BASE_DATE.getTime());
    const shippedAt = new Date(Math.min(at(0.8).getTime(), BASE_DATE.getTime() - HOUR_MS));

    const shipmentId = await recordShipment(
      db,
      { ...subject, trackingNumber: demoTrackingNumber(orderId), carrier: CARRIER[method], userId: order.user_id === null ? null : Number(order.user_id) },
      shippedAt,
    );
    for (const [code, days, location] of taken) await addTrackingEvent(db, shipmentId, code, location, at(days));
    if (subject.subject_kind === "order") {
      const items = await db.selectFrom("order_items").select(["id", "quantity"]).where("order_id", "=", orderId).execute();
      if (items.length) await db.insertInto("shipment_lines").values(items.map((item) => ({ shipment_id: shipmentId, order_item_id: item.id, quantity: item.quantity }))).execute();
    }
    const deliveredAt = delivered ? taken.find(([code]) => code === "delivered") : undefined;
    await db
      .updateTable("orders")
      .set({
        packed_at: new Date(shippedAt.getTime() - 2 * HOUR_MS),
        shipped_at: shippedAt,
        delivered_at: deliveredAt ? at(deliveredAt[1]) : null,
      })
      .where("id", "=", orderId)
      .execute();
    written++;
  }
  return written;
}
