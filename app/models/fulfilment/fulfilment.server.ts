import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { isUniqueViolation } from "~/models/db/errors";
import type { OrderStatus } from "~/models/orders/orders";
import { addTrackingEvent, recordShipment, shipmentOf } from "~/models/tracking/shipments.server";
import { IMAGE_OR_PDF } from "~/models/uploads/file-kind";
import { readUpload, removeUploads, storeUpload } from "~/models/uploads/storage.server";
import { logger } from "~/platform/logger.server";
import { sendOrderShipped } from "./shipped-mail.server";

// Fulfilment (docs/back-office.md): a paid marketplace order's way out of the warehouse:
// pack → ship (carrier and tracking number; the whole order, or some of its
// lines, each shipment a parcel of its own) → delivered. Each step is one
// transaction that locks the order, checks its version (an edit made on an
// old page is refused) and its status, and writes the audit log. Shipping
// records the shipment that /tracking/{number}, /my-orders and the
// timeline show, and emails the customer once the step is committed.

export type FulfilmentStep = "pack" | "ship" | "deliver";
export type FulfilmentResult =
  | { ok: true; status: OrderStatus }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "wrong_status"; status: OrderStatus }
  | { ok: false; error: "tracking_taken" }
  | { ok: false; error: "nothing_to_ship" | "too_many" | "label_wrong_type" | "label_too_large" | "label_empty" }
  | StaleEdit;

/** How many of each line a shipment carries (the order's item id and a count). */
export type ShipmentLine = { itemId: number; quantity: number };
export type NewOrderShipment = { carrier: string; trackingNumber: string; lines?: ShipmentLine[]; label?: Uint8Array };

/** Thrown inside the shipping transaction to undo it and say why. */
class ShipRefused extends Error {
  constructor(readonly code: "nothing_to_ship" | "too_many") {
    super(code);
  }
}

/** The statuses each step starts from. */
const FROM: Record<FulfilmentStep, readonly OrderStatus[]> = {
  pack: ["paid"],
  ship: ["paid", "processing"],
  deliver: ["shipped"],
};

export function canTakeStep(step: FulfilmentStep, status: OrderStatus, kind: string) {
  return kind === "marketplace" && FROM[step].includes(status);
}

async function lockOrder(trx: DB, orderId: number) {
  return trx.selectFrom("orders").select(["id", "kind", "status", "version", "packed_at", "shipped_at", "delivered_at"]).where("id", "=", orderId).forUpdate().executeTakeFirst();
}

type Change = { status: OrderStatus; packed_at?: Date; shipped_at?: Date; delivered_at?: Date };

async function takeStep(
  actor: StaffActor,
  orderId: number,
  version: number,
  step: FulfilmentStep,
  change: (trx: DB, now: Date) => Promise<Change>,
): Promise<FulfilmentResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<FulfilmentResult> => {
      const order = await lockOrder(trx, orderId);
      if (!order) return { ok: false, error: "not_found" };
      if (order.version !== version) return staleEdit(trx, "order", orderId);
      if (!canTakeStep(step, order.status, order.kind)) return { ok: false, error: "wrong_status", status: order.status };
      const now = new Date();
      const set = await change(trx, now);
      await trx.updateTable("orders").set({ ...set, version: order.version + 1 }).where("id", "=", orderId).execute();
      await recordAudit(trx, actor, {
        action: `order.${step}`,
        entity: "order",
        entityId: orderId,
        before: { status: order.status },
        after: Object.fromEntries(Object.entries(set).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])),
      });
      return { ok: true, status: set.status };
    });
}

export function packOrder(actor: StaffActor, orderId: number, version: number) {
  return takeStep(actor, orderId, version, "pack", async (_trx, now) => ({ status: "processing", packed_at: now }));
}

/** Each line of an order with how many of it are still to ship. */
export async function linesToShip(orderId: number, trx: DB = db()) {
  const items = await trx.selectFrom("order_items").select(["id", "name", "sku", "quantity"]).where("order_id", "=", orderId).orderBy("id").execute();
  const shipped = await trx
    .selectFrom("shipment_lines as l")
    .innerJoin("shipments as s", "s.id", "l.shipment_id")
    .select(["l.order_item_id"])
    .select((eb) => eb.fn.sum<number>("l.quantity").as("quantity"))
    .where("s.subject_kind", "=", "order")
    .where("s.subject_id", "=", orderId)
    .groupBy("l.order_item_id")
    .execute();
  const done = new Map(shipped.map((row) => [Number(row.order_item_id), Number(row.quantity)]));
  return items.map((item) => ({ ...item, id: Number(item.id), left: item.quantity - (done.get(Number(item.id)) ?? 0) }));
}

/**
 * Ships the order, or the lines named: a shipment the customer tracks, with
 * the carrier's label if one is given. The order is "shipped" once nothing
 * is left to ship; until then it stays "processing", and the next parcel
 * follows with its own tracking number.
 */
export async function shipOrder(actor: StaffActor, orderId: number, version: number, shipment: NewOrderShipment): Promise<FulfilmentResult> {
  let label: string | null = null;
  if (shipment.label) {
    const kept = await storeUpload(shipment.label, "labels", IMAGE_OR_PDF);
    if (!kept.ok) return { ok: false, error: `label_${kept.error}` };
    label = kept.name;
  }
  let result: FulfilmentResult;
  let carried: { name: string; quantity: number }[] = [];
  let wholeOrder = true;
  let moreToCome = false;
  try {
    result = await takeStep(actor, orderId, version, "ship", async (trx, now) => {
      const order = await trx.selectFrom("orders").select(["user_id", "packed_at"]).where("id", "=", orderId).executeTakeFirstOrThrow();
      const lines = await linesToShip(orderId, trx);
      const asked = new Map((shipment.lines ?? lines.map((line) => ({ itemId: line.id, quantity: line.left }))).map((line) => [line.itemId, line.quantity]));
      if ([...asked.keys()].some((id) => !lines.some((line) => line.id === id))) throw new ShipRefused("too_many");
      const sent = lines.map((line) => ({ ...line, quantity: asked.get(line.id) ?? 0 })).filter((line) => line.quantity !== 0);
      if (sent.some((line) => line.quantity < 0 || line.quantity > line.left)) throw new ShipRefused("too_many");
      if (sent.length === 0) throw new ShipRefused("nothing_to_ship");
      const shipmentId = await recordShipment(trx, { subject_kind: "order", subject_id: orderId, trackingNumber: shipment.trackingNumber, carrier: shipment.carrier, userId: order.user_id, label }, now);
      await trx.insertInto("shipment_lines").values(sent.map((line) => ({ shipment_id: shipmentId, order_item_id: line.id, quantity: line.quantity }))).execute();
      carried = sent.map((line) => ({ name: line.name, quantity: line.quantity }));
      moreToCome = lines.reduce((left, line) => left + line.left, 0) > sent.reduce((count, line) => count + line.quantity, 0);
      // The whole order in one parcel: nothing shipped before and nothing left after.
      wholeOrder = !moreToCome && lines.every((line) => line.left === line.quantity);
      return !moreToCome ? { status: "shipped", shipped_at: now, packed_at: order.packed_at ?? now } : { status: "processing", packed_at: order.packed_at ?? now };
    });
  } catch (error) {
    if (label) await removeUploads([label]);
    if (error instanceof ShipRefused) return { ok: false, error: error.code };
    if (isUniqueViolation(error)) return { ok: false, error: "tracking_taken" };
    throw error;
  }
  if (!result.ok && label) await removeUploads([label]);
  if (result.ok) {
    await sendOrderShipped(orderId, { ...shipment, lines: wholeOrder ? null : carried, moreToCome }).catch((err: unknown) => logger.error({ err, orderId }, "The shipping email could not be sent"));
  }
  return result;
}

export function deliverOrder(actor: StaffActor, orderId: number, version: number) {
  return takeStep(actor, orderId, version, "deliver", async (trx, now) => {
    const shipment = await shipmentOf(trx, { subject_kind: "order", subject_id: orderId });
    if (shipment) await addTrackingEvent(trx, Number(shipment.id), "delivered", "", now);
    return { status: "delivered", delivered_at: now };
  });
}

/** A shipment's label as kept, for staff to print again; null when the order has no such shipment or it has no label. */
export async function shipmentLabel(orderId: number, shipmentId: number) {
  const shipment = await db()
    .selectFrom("shipments")
    .select(["label", "tracking_number"])
    .where("id", "=", shipmentId)
    .where("subject_kind", "=", "order")
    .where("subject_id", "=", orderId)
    .executeTakeFirst();
  if (!shipment?.label) return null;
  const file = await readUpload(shipment.label);
  return file ? { ...file, name: `label-${shipment.tracking_number}.${shipment.label.split(".").pop()}` } : null;
}
