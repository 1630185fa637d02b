import { db } from "~/models/db/db.server";
import type { ReservationStatus } from "~/models/db/schema";
import { reservationNumber, unitsLeft } from "./reservations";

// The operator's side (npm run admin -- reservation …): how many phones of
// each model, colour and storage can be reserved, who holds them, and
// cancelling a reservation, which gives its unit back.

export type AllocationRequest = { model: string; colour: string; storageGb: number; count: number; priceMinor?: number };
export type AllocationOutcome =
  | { ok: true; created: boolean; id: number; allocation: number; reserved: number; priceMinor: number }
  | { ok: false; error: "price_required" }
  | { ok: false; error: "below_reserved"; reserved: number };

/** Sets an option's allocation (and price), making the option when it is new; never below what is already reserved. */
export async function setAllocation(request: AllocationRequest): Promise<AllocationOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<AllocationOutcome> => {
      const existing = await trx
        .selectFrom("reservation_options")
        .select(["id", "reserved"])
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
        return { ok: true, created: true, id: Number(row.id), allocation: row.allocation, reserved: row.reserved, priceMinor: Number(row.price_minor) };
      }
      if (request.count < existing.reserved) return { ok: false, error: "below_reserved", reserved: existing.reserved };
      const row = await trx
        .updateTable("reservation_options")
        .set({ allocation: request.count, ...(request.priceMinor === undefined ? {} : { price_minor: request.priceMinor }) })
        .where("id", "=", existing.id)
        .returning(["id", "allocation", "reserved", "price_minor"])
        .executeTakeFirstOrThrow();
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

/** Cancels a pending or confirmed reservation and gives its unit back, once. */
export async function cancelReservation(id: number): Promise<CancelOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CancelOutcome> => {
      const cancelled = await trx
        .updateTable("reservations")
        .set({ status: "cancelled" })
        .where("id", "=", id)
        .where("status", "in", ["pending", "confirmed"])
        .returning("option_id")
        .executeTakeFirst();
      if (cancelled) {
        await trx
          .updateTable("reservation_options")
          .set((eb) => ({ reserved: eb("reserved", "-", 1) }))
          .where("id", "=", cancelled.option_id)
          .execute();
        return { ok: true, number: reservationNumber(id) };
      }
      const found = await trx.selectFrom("reservations").select("status").where("id", "=", id).executeTakeFirst();
      return found ? { ok: false, error: "not_holding", status: found.status } : { ok: false, error: "not_found" };
    });
}
