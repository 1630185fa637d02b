import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { isUniqueViolation } from "~/models/db/errors";
import type { OrderStatus } from "~/models/orders/orders";
import { addTrackingEvent, recordShipment, shipmentOf } from "~/models/tracking/shipments.server";
import { logger } from "~/platform/logger.server";
import { sendOrderShipped } from "./shipped-mail.server";

// Fulfilment (docs/back-office.md): a paid marketplace order's way out of the warehouse:
// pack → ship (carrier and tracking number) → delivered. Each step is one
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
  | StaleEdit;

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

export async function shipOrder(actor: StaffActor, orderId: number, version: number, shipment: { carrier: string; trackingNumber: string }): Promise<FulfilmentResult> {
  let result: FulfilmentResult;
  try {
    result = await takeStep(actor, orderId, version, "ship", async (trx, now) => {
      const order = await trx.selectFrom("orders").select(["user_id", "packed_at"]).where("id", "=", orderId).executeTakeFirstOrThrow();
      await recordShipment(trx, { subject_kind: "order", subject_id: orderId, trackingNumber: shipment.trackingNumber, carrier: shipment.carrier, userId: order.user_id }, now);
      return { status: "shipped", shipped_at: now, packed_at: order.packed_at ?? now };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "tracking_taken" };
    throw error;
  }
  if (result.ok) {
    await sendOrderShipped(orderId, shipment).catch((err: unknown) => logger.error({ err, orderId }, "The shipping email could not be sent"));
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
