import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { ReservationStatus } from "~/models/db/schema";
import { HOLDING_STATUSES, reservationNumber, unitsLeft } from "./reservations";

// The operator's side (the back office's /admin/reservations and
// npm run admin -- reservation …): how many phones of each model, colour and
// storage can be reserved, who holds them, and cancelling a reservation,
// which gives its unit back. Each change writes its audit entry in its own
// transaction.

export type AllocationRequest = { model: string; colour: string; storageGb: number; count: number; priceMinor?: number };
export type AllocationOutcome =
  | { ok: true; created: boolean; id: number; allocation: number; reserved: number; priceMinor: number }
  | { ok: false; error: "price_required" }
  | { ok: false; error: "below_reserved"; reserved: number };

/** Sets an option's allocation (and price), making the option when it is new; never below what is already reserved. */
export async function setAllocation(actor: StaffActor, request: AllocationRequest): Promise<AllocationOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<AllocationOutcome> => {
      const existing = await trx
        .selectFrom("reservation_options")
        .select(["id", "reserved", "allocation", "price_minor"])
        .where("model", "=", request.model)
        .where("colour", "=", request.colour)
        .where("storage_gb", "=", request.storageGb)
        .forUpdate()
        .executeTakeFirst();
      if (!existing) {
        if (request.priceMinor === undefined) return { ok: false, error: "price_required" };
        const row = await trx
          .insertInto("reservation_options")
          .values({ model: request.model, colour: request.colour, storage_gb: request.storageGb, price_minor: request.priceMinor, allocation: request.count })
          .returning(["id", "allocation", "reserved", "price_minor"])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: "reservation.allocate",
          entity: "reservation_option",
          entityId: row.id,
          after: { model: request.model, colour: request.colour, storage_gb: request.storageGb, allocation: request.count, price_minor: request.priceMinor },
        });
        return { ok: true, created: true, id: Number(row.id), allocation: row.allocation, reserved: row.reserved, priceMinor: Number(row.price_minor) };
      }
      if (request.count < existing.reserved) return { ok: false, error: "below_reserved", reserved: existing.reserved };
      const row = await trx
        .updateTable("reservation_options")
        .set({ allocation: request.count, ...(request.priceMinor === undefined ? {} : { price_minor: request.priceMinor }) })
        .where("id", "=", existing.id)
        .returning(["id", "allocation", "reserved", "price_minor"])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: "reservation.allocate",
        entity: "reservation_option",
        entityId: existing.id,
        before: { allocation: existing.allocation, price_minor: Number(existing.price_minor) },
        after: { allocation: row.allocation, price_minor: Number(row.price_minor) },
      });
      return { ok: true, created: false, id: Number(row.id), allocation: row.allocation, reserved: row.reserved, priceMinor: Number(row.price_minor) };
    });
}

/** Every option with its allocation, what is reserved and what is left; optionally of one model. */
export async function allocations(model?: string) {
  let query = db()
    .selectFrom("reservation_options")
    .select(["id", "model", "colour", "storage_gb", "price_minor", "allocation", "reserved"])
    .orderBy("model")
    .orderBy("price_minor")
    .orderBy("colour");
  if (model) query = query.where("model", "=", model);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), price_minor: Number(row.price_minor), left: unitsLeft(row) }));
}

/** The reservations of an option or of them all, oldest first: whom to call when the phones arrive. */
export async function holders(filter: { model?: string; status?: ReservationStatus } = {}) {
  let query = db()
    .selectFrom("reservations as r")
    .innerJoin("reservation_options as o", "o.id", "r.option_id")
    .select(["r.id", "r.status", "r.name", "r.email", "r.phone", "r.created_at", "o.model", "o.colour", "o.storage_gb"])
    .orderBy("r.created_at")
    .orderBy("r.id");
  if (filter.model) query = query.where("o.model", "=", filter.model);
  if (filter.status) query = query.where("r.status", "=", filter.status);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), number: reservationNumber(Number(row.id)) }));
}

export type CancelOutcome = { ok: true; number: string } | { ok: false; error: "not_found" } | { ok: false; error: "not_holding"; status: ReservationStatus };

/** Cancels a pending or confirmed reservation and gives its unit back, once: the row is locked, so a second cancel finds it cancelled. */
export async function cancelReservation(actor: StaffActor, id: number): Promise<CancelOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CancelOutcome> => {
      const found = await trx.selectFrom("reservations").select(["status", "option_id"]).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!found) return { ok: false, error: "not_found" };
      if (!HOLDING_STATUSES.includes(found.status)) return { ok: false, error: "not_holding", status: found.status };
      await trx.updateTable("reservations").set({ status: "cancelled" }).where("id", "=", id).execute();
      await trx
        .updateTable("reservation_options")
        .set((eb) => ({ reserved: eb("reserved", "-", 1) }))
        .where("id", "=", found.option_id)
        .execute();
      await recordAudit(trx, actor, { action: "reservation.cancel", entity: "reservation", entityId: id, before: { status: found.status }, after: { status: "cancelled" } });
      return { ok: true, number: reservationNumber(id) };
    });
}

export const STAFF_RESERVATIONS_PAGE_SIZE = 50;

/** The back office's list of reservations by status, a page at a time: pending ones (the queue) oldest first, any other newest first. */
export async function staffReservations(filter: { status?: ReservationStatus; page?: number }) {
  let query = db()
    .selectFrom("reservations as r")
    .innerJoin("reservation_options as o", "o.id", "r.option_id")
    .select(["r.id", "r.status", "r.name", "r.email", "r.phone", "r.created_at", "r.expires_at", "r.confirmed_at", "o.model", "o.colour", "o.storage_gb"]);
  if (filter.status) query = query.where("r.status", "=", filter.status);
  const { rows, page, hasMore } = await pageOf(
    (filter.status === "pending" ? query.orderBy("r.id", "asc") : query.orderBy("r.id", "desc")),
    filter.page,
    STAFF_RESERVATIONS_PAGE_SIZE,
  );
  return {
    reservations: rows.map((row) => ({ ...row, id: Number(row.id), number: reservationNumber(Number(row.id)) })),
    page,
    hasMore,
  };
}
