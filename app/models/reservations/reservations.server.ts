import { sql, type Kysely, type Transaction } from "kysely";
import { db } from "~/models/db/db.server";
import type { Database, ReservationStatus } from "~/models/db/schema";
import { isConfirmToken, reservationNumber, type OptionRow } from "./reservations";

// Reading, confirming and lapsing reservations. A pending reservation not
// confirmed in time gives its unit back exactly once, whoever notices
// first: the shopper opening the link late, or the hourly housekeeping.
// Both move it from pending to expired with a conditional update and give
// the unit back only for the rows they moved.

export type ReservationView = {
  id: number;
  number: string;
  status: ReservationStatus;
  model: string;
  colour: string;
  storageGb: number;
  priceMinor: number;
  name: string;
  email: string;
  createdAt: Date;
  confirmedAt: Date | null;
  expiresAt: Date;
};

export type ConfirmOutcome =
  | { ok: true; reservation: ReservationView; justConfirmed: boolean }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "expired" | "cancelled"; reservation: ReservationView };

/** Every option, by model and price, with what is left of it. */
export async function reservationOptions(): Promise<OptionRow[]> {
  const rows = await db()
    .selectFrom("reservation_options")
    .select(["id", "model", "colour", "storage_gb", "price_minor", "allocation", "reserved"])
    .orderBy("model")
    .orderBy("price_minor")
    .orderBy("colour")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), price_minor: Number(row.price_minor) }));
}

function viewQuery(executor: Kysely<Database> = db()) {
  return executor
    .selectFrom("reservations as r")
    .innerJoin("reservation_options as o", "o.id", "r.option_id")
    .select(["r.id", "r.status", "r.name", "r.email", "r.created_at", "r.confirmed_at", "r.expires_at", "o.model", "o.colour", "o.storage_gb", "o.price_minor"]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>["executeTakeFirstOrThrow"]>>;

function toView(row: ViewRow): ReservationView {
  const id = Number(row.id);
  return {
    id,
    number: reservationNumber(id),
    status: row.status,
    model: row.model,
    colour: row.colour,
    storageGb: row.storage_gb,
    priceMinor: Number(row.price_minor),
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    expiresAt: row.expires_at,
  };
}

/** Moves the given reservations from pending to expired if their time is up, and gives their units back. */
async function lapse(trx: Transaction<Database>, now: Date, reservationId?: number) {
  await sql`
    with lapsed as (
      update reservations set status = 'expired'
      where status = 'pending' and expires_at <= ${now} ${reservationId === undefined ? sql`` : sql`and id = ${reservationId}`}
      returning option_id
    ), counts as (select option_id, count(*)::int as n from lapsed group by option_id)
    update reservation_options o set reserved = o.reserved - counts.n from counts where o.id = counts.option_id`.execute(trx);
}

/**
 * The emailed link: confirms a pending reservation whose time is not up.
 * Opening it again shows the reservation confirmed; a lapsed one gives its
 * unit back and says so.
 */
export async function confirmReservation(token: string, now = new Date()): Promise<ConfirmOutcome> {
  if (!isConfirmToken(token)) return { ok: false, error: "not_found" };
  return db()
    .transaction()
    .execute(async (trx): Promise<ConfirmOutcome> => {
      const confirmed = await trx
        .updateTable("reservations")
        .set({ status: "confirmed", confirmed_at: now })
        .where("token", "=", token)
        .where("status", "=", "pending")
        .where("expires_at", ">", now)
        .returning("id")
        .executeTakeFirst();
      const found = await viewQuery(trx).where("r.token", "=", token).executeTakeFirst();
      if (!found) return { ok: false, error: "not_found" };
      if (confirmed) return { ok: true, reservation: toView(found), justConfirmed: true };
      if (found.status === "confirmed") return { ok: true, reservation: toView(found), justConfirmed: false };
      if (found.status === "pending") {
        await lapse(trx, now, Number(found.id));
        return { ok: false, error: "expired", reservation: { ...toView(found), status: "expired" } };
      }
      return { ok: false, error: found.status, reservation: toView(found) };
    });
}

/** The signed-in customer's reservations, newest first. */
export async function reservationsOf(userId: number): Promise<ReservationView[]> {
  const rows = await viewQuery().where("r.user_id", "=", userId).orderBy("r.created_at", "desc").orderBy("r.id", "desc").execute();
  return rows.map(toView);
}

/** Housekeeping: every pending reservation whose time is up lapses, and its unit goes back. */
export async function expireReservations(now = new Date()) {
  await db()
    .transaction()
    .execute((trx) => lapse(trx, now));
}
