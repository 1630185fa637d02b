import { db } from "~/models/db/db.server";
import { logger } from "~/platform/logger.server";
import { sendStorageReminder } from "./forwarding-mail.server";
import { REMINDER_DAYS_BEFORE } from "./storage";

// Run with the hourly housekeeping (server/housekeeping.ts). Safe
// on several app servers at once: a reminder is claimed by setting
// storage_reminder_sent_at in the same statement that finds it, so each is
// sent once (at most once: a failed send is not retried).

const DAY_MS = 86_400_000;

/** Parcels received on an earlier UTC day are on the shelf: arrived → stored. */
export async function shelveArrivedParcels(now = new Date()) {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const result = await db().updateTable("parcels").set({ status: "stored" }).where("status", "=", "arrived").where("arrived_at", "<", today).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Emails each customer whose free storage ends within REMINDER_DAYS_BEFORE UTC days, once per parcel. */
export async function sendStorageReminders(now = new Date()) {
  const startOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  // reminderDue() in SQL: free_until falls on today's UTC day or one of the next REMINDER_DAYS_BEFORE.
  const until = new Date(startOfToday + (REMINDER_DAYS_BEFORE + 1) * DAY_MS);
  const claimed = await db()
    .updateTable("parcels")
    .set({ storage_reminder_sent_at: now })
    .where("status", "in", ["arrived", "stored"])
    .where("storage_reminder_sent_at", "is", null)
    .where("free_until", ">=", new Date(startOfToday))
    .where("free_until", "<", until)
    // A warehouse that charges nothing has no fee to warn of.
    .where("warehouse_id", "in", (eb) => eb.selectFrom("warehouses").select("id").where("storage_fee_minor", ">", 0))
    .returning(["id", "user_id", "site_id", "tracking_number", "free_until", "warehouse_id"])
    .execute();
  if (claimed.length === 0) return 0;
  const warehouses = await db().selectFrom("warehouses").select(["id", "name", "storage_fee_minor"]).execute();
  for (const parcel of claimed) {
    const warehouse = warehouses.find((w) => w.id === parcel.warehouse_id)!;
    // One mail that fails must not cost the others theirs.
    await sendStorageReminder({
      userId: Number(parcel.user_id),
      siteId: parcel.site_id,
      trackingNumber: parcel.tracking_number,
      freeUntil: new Date(parcel.free_until!),
      dailyFeeMinor: Number(warehouse.storage_fee_minor),
      warehouseName: warehouse.name,
    }).catch((err: unknown) => logger.error({ err, parcelId: Number(parcel.id) }, "Storage reminder could not be sent"));
  }
  return claimed.length;
}

/**
 * Parcels whose request was cancelled (its bill refunded before it left)
 * go back on the shelf, where they can be sent in a new request.
 */
export async function releaseCancelledParcels() {
  const result = await db()
    .updateTable("parcels")
    .set({ status: "stored" })
    .where("status", "=", "forwarding")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("forward_request_parcels as frp")
            .innerJoin("forward_requests as f", "f.id", "frp.forward_request_id")
            .select("frp.parcel_id")
            .whereRef("frp.parcel_id", "=", "parcels.id")
            .where("f.status", "<>", "cancelled"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The forwarding part of the hourly housekeeping. */
export async function forwardingHousekeeping(now = new Date()) {
  await shelveArrivedParcels(now);
  await releaseCancelledParcels();
  await sendStorageReminders(now);
}
