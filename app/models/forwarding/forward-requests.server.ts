import { randomBytes } from "node:crypto";
import { db } from "~/models/db/db.server";
import type { CheckoutAddress } from "~/models/db/schema";
import { storageFeeMinor } from "./storage";

// Forward requests: one or several parcels of one warehouse, sent home
// together (/create-order/{slug}). The customer asks; the operator prices,
// asks questions, ships and delivers (scripts/admin-forwarding.ts, through
// operator.server.ts). Every customer-facing read names the owner.

export const FORWARD_NUMBER_PREFIX = "FR";

/** "FR7" for the forward request 7, as the balance history shows it (spec 3). */
export function forwardNumber(id: number) {
  return `${FORWARD_NUMBER_PREFIX}${id}`;
}

export type ForwardChoice = { warehouseCode: string; parcelIds: number[]; method: "air" | "sea"; addressId: number };
export type ForwardError = "unknown_warehouse" | "no_parcels" | "parcel_unavailable" | "unknown_address";

/** Asks to send the chosen parcels home; all of them must be the customer's and waiting at that warehouse, or nothing changes. */
export async function requestForwarding(userId: number, siteId: number, currencyId: number, choice: ForwardChoice): Promise<{ ok: true; slug: string; id: number } | { ok: false; error: ForwardError }> {
  const ids = [...new Set(choice.parcelIds)];
  if (ids.length === 0) return { ok: false, error: "no_parcels" };
  return db()
    .transaction()
    .execute(async (trx) => {
      const warehouse = await trx.selectFrom("warehouses").select("id").where("code", "=", choice.warehouseCode).executeTakeFirst();
      if (!warehouse) return { ok: false as const, error: "unknown_warehouse" as const };
      const address = await trx
        .selectFrom("delivery_addresses")
        .select(["id", "first_name", "last_name", "first_address", "city", "zip", "phone_number", "country_id"])
        .where("user_id", "=", userId)
        .where("id", "=", choice.addressId)
        .executeTakeFirst();
      if (!address) return { ok: false as const, error: "unknown_address" as const };
      // The status change claims the parcels: a second request for any of them finds it already made.
      const claimed = await trx
        .updateTable("parcels")
        .set({ status: "forwarding" })
        .where("user_id", "=", userId)
        .where("warehouse_id", "=", warehouse.id)
        .where("id", "in", ids)
        .where("status", "in", ["arrived", "stored"])
        .returning("id")
        .execute();
      if (claimed.length !== ids.length) throw new Refused("parcel_unavailable");
      const saved: CheckoutAddress = { ...address, id: Number(address.id) } as CheckoutAddress;
      const request = await trx
        .insertInto("forward_requests")
        .values({
          slug: randomBytes(9).toString("base64url"),
          user_id: userId,
          site_id: siteId,
          warehouse_id: warehouse.id,
          currency_id: currencyId,
          shipping_method: choice.method,
          address: JSON.stringify(saved),
        })
        .returning(["id", "slug"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("forward_request_parcels")
        .values(ids.map((parcel_id) => ({ forward_request_id: request.id, parcel_id })))
        .execute();
      return { ok: true as const, slug: request.slug, id: Number(request.id) };
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return { ok: false as const, error: error.reason };
      throw error;
    });
}

/** Thrown inside a transaction to undo it and answer with a refusal. */
class Refused extends Error {
  constructor(readonly reason: ForwardError) {
    super(reason);
  }
}

/** The customer's forward requests, newest first. */
export async function listForwardRequests(userId: number) {
  const rows = await db()
    .selectFrom("forward_requests as f")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .select(["f.id", "f.slug", "f.status", "f.shipping_method", "f.shipping_minor", "f.storage_fee_minor", "f.created_at", "w.name as warehouse_name"])
    .select((eb) => eb.selectFrom("forward_request_parcels as frp").whereRef("frp.forward_request_id", "=", "f.id").select(eb.fn.countAll<number>().as("n")).as("parcel_count"))
    .where("f.user_id", "=", userId)
    .orderBy("f.created_at", "desc")
    .orderBy("f.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), number: forwardNumber(Number(row.id)), parcel_count: Number(row.parcel_count) }));
}

/** What a forward request's page shows of it, the customer's and the back office's alike (with "f" the request, "w" its warehouse). */
export const FORWARD_REQUEST_COLUMNS = [
  "f.id",
  "f.status",
  "f.shipping_method",
  "f.address",
  "f.shipping_minor",
  "f.storage_fee_minor",
  "f.tracking_number",
  "f.created_at",
  "f.priced_at",
  "f.paid_at",
  "f.shipped_at",
  "w.storage_fee_minor as daily_fee_minor",
] as const;

/** One of the customer's forward requests with its parcels, bill and shipment; null for anyone else's. */
export async function forwardRequestFor(userId: number, slug: string, now = new Date()) {
  const request = await db()
    .selectFrom("forward_requests as f")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .select([...FORWARD_REQUEST_COLUMNS, "f.slug", "w.name as warehouse_name"])
    .where("f.user_id", "=", userId)
    .where("f.slug", "=", slug)
    .executeTakeFirst();
  if (!request) return null;
  const id = Number(request.id);
  const [parcels, bill, question] = await Promise.all([
    db()
      .selectFrom("forward_request_parcels as frp")
      .innerJoin("parcels as p", "p.id", "frp.parcel_id")
      .select(["p.id", "p.tracking_number", "p.store_name", "p.status", "p.weight_g", "p.free_until"])
      .where("frp.forward_request_id", "=", id)
      .orderBy("p.id")
      .execute(),
    db().selectFrom("orders").select(["slug", "status"]).where("kind", "=", "forward").where("source_id", "=", id).executeTakeFirst(),
    db()
      .selectFrom("info_requests")
      .select(["slug", "question"])
      .where("user_id", "=", userId)
      .where("subject_kind", "=", "forward")
      .where("subject_id", "=", id)
      .where("answered_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirst(),
  ]);
  // Until the operator prices it, the storage fee is what has run up so far.
  const priced = request.priced_at !== null;
  const storage = priced
    ? Number(request.storage_fee_minor)
    : parcels.reduce((total, p) => total + storageFeeMinor(p.free_until ? new Date(p.free_until) : null, now, Number(request.daily_fee_minor)), 0);
  const shipping = request.shipping_minor === null ? null : Number(request.shipping_minor);
  return {
    ...request,
    id,
    number: forwardNumber(id),
    parcels: parcels.map((p) => ({ ...p, id: Number(p.id) })),
    storage_fee_minor: storage,
    shipping_minor: shipping,
    total_minor: shipping === null ? null : shipping + storage,
    billSlug: request.status === "priced" && bill?.status === "unpaid" ? bill.slug : null,
    question,
  };
}

/** One of the customer's open or answered questions; null for anyone else's. */
export function infoRequestFor(userId: number, slug: string) {
  return db()
    .selectFrom("info_requests")
    .select(["id", "slug", "subject_kind", "subject_id", "question", "answer", "file", "created_at", "answered_at"])
    .where("user_id", "=", userId)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/**
 * The customer answers the operator's question (text and an already stored
 * file); a forward request waiting for it goes back to the operator. False
 * for a question that is not the customer's or already answered.
 */
export async function answerInfoRequest(userId: number, slug: string, answer: string, file: string | null, now = new Date()) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const answered = await trx
        .updateTable("info_requests")
        .set({ answer, file, answered_at: now })
        .where("user_id", "=", userId)
        .where("slug", "=", slug)
        .where("answered_at", "is", null)
        .returning(["subject_kind", "subject_id"])
        .executeTakeFirst();
      if (!answered) return false;
      if (answered.subject_kind === "forward") {
        await trx.updateTable("forward_requests").set({ status: "requested" }).where("id", "=", answered.subject_id).where("user_id", "=", userId).where("status", "=", "info_needed").execute();
      }
      return true;
    });
}
