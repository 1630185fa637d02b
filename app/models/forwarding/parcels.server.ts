import { db, type DB } from "~/models/db/db.server";
import { readUpload } from "~/models/uploads/storage.server";
import type { Declaration } from "./declaration";
import { freeUntil, storageFeeMinor } from "./storage";
import { suiteAddress } from "./suite";

// Parcels customers send to the warehouses: the customer declares one, the
// warehouse receives it. Every customer-facing read and write names the
// owner, so another customer's parcel is simply not found.

export function listWarehouses() {
  return db()
    .selectFrom("warehouses")
    .select(["id", "code", "name", "street", "city", "region", "zip", "phone", "free_storage_days", "storage_fee_minor"])
    .orderBy("position")
    .execute();
}

/** The customer's own address (suite) at every warehouse. */
export async function suiteAddresses(customer: { id: number; first_name: string; last_name: string }) {
  const warehouses = await listWarehouses();
  return warehouses.map((w) => ({ ...suiteAddress(w, { id: customer.id, firstName: customer.first_name, lastName: customer.last_name }), name: w.name }));
}

/** Quotes the customer has paid for, whose goods may come as a parcel. */
export function paidQuotes(userId: number) {
  return db()
    .selectFrom("quotes")
    .select(["id", "slug", "created_at"])
    .where("user_id", "=", userId)
    .where("status", "in", ["paid", "ordered", "at_warehouse"])
    .orderBy("id", "desc")
    .execute();
}

/** A paid quote's lines as content lines; null for a quote that is not the customer's or not paid. */
export async function quoteContentLines(userId: number, quoteId: number) {
  const quote = (await paidQuotes(userId)).find((q) => Number(q.id) === quoteId);
  if (!quote) return null;
  const lines = await db().selectFrom("quote_lines").select(["title", "url", "quantity", "price_minor", "options"]).where("quote_id", "=", quoteId).orderBy("position").execute();
  return lines.map((line) => ({
    description: [line.title ?? line.url, line.options].filter(Boolean).join(", ").slice(0, 200),
    quantity: line.quantity,
    valueMinor: line.price_minor === null ? null : Number(line.price_minor) * line.quantity,
  }));
}

export type DeclareError = "duplicate" | "unknown_warehouse" | "unknown_quote";

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/** Records an expected parcel; a second parcel of the customer's with the same tracking number is refused. */
export async function declareParcel(userId: number, siteId: number, declaration: Declaration): Promise<{ ok: true; id: number } | { ok: false; error: DeclareError }> {
  const warehouse = await db().selectFrom("warehouses").select("id").where("code", "=", declaration.warehouseCode).executeTakeFirst();
  if (!warehouse) return { ok: false, error: "unknown_warehouse" };
  if (declaration.quoteId !== null && !(await paidQuotes(userId)).some((q) => Number(q.id) === declaration.quoteId)) return { ok: false, error: "unknown_quote" };
  try {
    const id = await db()
      .transaction()
      .execute(async (trx) => {
        const parcel = await trx
          .insertInto("parcels")
          .values({
            user_id: userId,
            site_id: siteId,
            warehouse_id: warehouse.id,
            tracking_number: declaration.trackingNumber,
            carrier: declaration.carrier,
            store_name: declaration.storeName,
            quote_id: declaration.quoteId,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("parcel_lines")
          .values(declaration.lines.map((line, position) => ({ parcel_id: parcel.id, position, description: line.description, quantity: line.quantity, value_minor: line.valueMinor })))
          .execute();
        return Number(parcel.id);
      });
    return { ok: true, id };
  } catch (error) {
    // The unique key (user_id, tracking_number) decides, also between two tabs submitting at once.
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate" };
    throw error;
  }
}

const PARCEL_COLUMNS = [
  "p.id",
  "p.tracking_number",
  "p.carrier",
  "p.store_name",
  "p.status",
  "p.weight_g",
  "p.length_mm",
  "p.width_mm",
  "p.height_mm",
  "p.photos",
  "p.arrived_at",
  "p.free_until",
  "p.created_at",
  "w.code as warehouse_code",
  "w.name as warehouse_name",
  "w.storage_fee_minor as daily_fee_minor",
] as const;

function parcelsOf(userId: number) {
  return db().selectFrom("parcels as p").innerJoin("warehouses as w", "w.id", "p.warehouse_id").select(PARCEL_COLUMNS).where("p.user_id", "=", userId);
}

/** Parcels still waiting at a warehouse run up storage; those gone or not yet there do not. */
const AT_WAREHOUSE = ["arrived", "stored"] as const;

type ParcelRow = Awaited<ReturnType<ReturnType<typeof parcelsOf>["execute"]>>[number];

function withFee(row: ParcelRow, now: Date) {
  const atWarehouse = (AT_WAREHOUSE as readonly string[]).includes(row.status) || row.status === "forwarding";
  const free_until = row.free_until ? new Date(row.free_until) : null;
  return { ...row, id: Number(row.id), storage_fee_minor: atWarehouse ? storageFeeMinor(free_until, now, Number(row.daily_fee_minor)) : 0 };
}

/** The customer's parcels, newest first, with their content lines and the storage fee run up by `now`. */
export async function listParcels(userId: number, now = new Date()) {
  const rows = await parcelsOf(userId).orderBy("p.created_at", "desc").orderBy("p.id", "desc").execute();
  const lines = rows.length
    ? await db()
        .selectFrom("parcel_lines")
        .select(["parcel_id", "description", "quantity", "value_minor"])
        .where(
          "parcel_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("position")
        .execute()
    : [];
  return rows.map((row) => ({ ...withFee(row, now), lines: lines.filter((l) => Number(l.parcel_id) === Number(row.id)) }));
}

/** The customer's parcels at one warehouse that can be forwarded now (arrived or stored). */
export async function forwardableParcels(userId: number, warehouseCode: string, now = new Date()) {
  const rows = await parcelsOf(userId).where("w.code", "=", warehouseCode).where("p.status", "in", AT_WAREHOUSE).orderBy("p.arrived_at").execute();
  return rows.map((row) => withFee(row, now));
}

export function warehouseByCode(code: string) {
  return db().selectFrom("warehouses").select(["id", "code", "name", "free_storage_days", "storage_fee_minor"]).where("code", "=", code).executeTakeFirst();
}

export type Arrival = { trackingNumber: string; email?: string; weightG: number; lengthMm: number; widthMm: number; heightMm: number; photos: string[] };
export type ArriveError = "not_found" | "ambiguous" | "not_expected";

/** The warehouse received a declared parcel: its weight, size and photos, and free storage starts. */
export async function arriveParcel(trx: DB, arrival: Arrival, now = new Date()): Promise<{ ok: true; id: number; userId: number; freeUntil: Date } | { ok: false; error: ArriveError }> {
  let query = trx
    .selectFrom("parcels as p")
    .innerJoin("warehouses as w", "w.id", "p.warehouse_id")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["p.id", "p.user_id", "p.status", "w.free_storage_days"])
    .where("p.tracking_number", "=", arrival.trackingNumber);
  if (arrival.email) query = query.where("u.email", "=", arrival.email.toLowerCase());
  const found = await query.forUpdate().execute();
  if (found.length === 0) return { ok: false, error: "not_found" };
  // One carrier number declared by two customers: the operator must say whose parcel came.
  const expected = found.filter((p) => p.status === "expected");
  if (expected.length > 1) return { ok: false, error: "ambiguous" };
  const parcel = expected[0];
  if (!parcel) return { ok: false, error: "not_expected" };
  const until = freeUntil(now, parcel.free_storage_days);
  await trx
    .updateTable("parcels")
    .set({
      status: "arrived",
      weight_g: arrival.weightG,
      length_mm: arrival.lengthMm,
      width_mm: arrival.widthMm,
      height_mm: arrival.heightMm,
      photos: arrival.photos,
      arrived_at: now,
      free_until: until,
    })
    .where("id", "=", parcel.id)
    .where("status", "=", "expected")
    .execute();
  return { ok: true, id: Number(parcel.id), userId: Number(parcel.user_id), freeUntil: until };
}

/** One photo of one of the customer's parcels (by its place in the list), as kept; null for anyone else's or none. */
export async function parcelPhoto(userId: number, parcelId: number, index: number) {
  const parcel = await db().selectFrom("parcels").select("photos").where("user_id", "=", userId).where("id", "=", parcelId).executeTakeFirst();
  const name = parcel?.photos[index];
  return name ? readUpload(name) : null;
}
