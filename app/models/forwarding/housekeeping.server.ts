import { db } from "~/models/db/db.server";
import { logger } from "~/platform/logger.server";
import { sendStorageEmail } from "./forwarding-mail.server";
import { CHARGE_NOTICE_WITHIN_DAYS, REMINDER_DAYS_BEFORE } from "./storage";

// Run with the hourly housekeeping (server/housekeeping.ts), and by hand
// with `npm run admin -- parcel remind`. Safe on several app servers at
// once: each storage email is claimed by setting its column
// (storage_reminder_sent_at, storage_charge_notice_sent_at) in the same
// conditional update that finds it, so each is sent once (at most once: a
// failed send is not retried).

const DAY_MS = 86_400_000;

/** Parcels received on an earlier UTC day are on the shelf: arrived → stored. */
export async function shelveArrivedParcels(now = new Date()) {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const result = await db().updateTable("parcels").set({ status: "stored" }).where("status", "=", "arrived").where("arrived_at", "<", today).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type StorageEmail = "reminder" | "charging";
const SENT_COLUMN = { reminder: "storage_reminder_sent_at", charging: "storage_charge_notice_sent_at" } as const;

/**
 * Claims the parcels on the shelf whose free time ends in [from, until) and
 * whose email of this kind has not gone out, then emails their customers.
 * The claim is one UPDATE … WHERE <column> IS NULL: on PostgreSQL a second
 * server's update of the same row waits for the first and then finds the
 * column set, so it claims nothing.
 */
async function claimAndSend(kind: StorageEmail, now: Date, from: Date, until: Date) {
  const column = SENT_COLUMN[kind];
  const claimed = await db()
    .updateTable("parcels")
    .set(column, now)
    .where("status", "in", ["arrived", "stored"])
    .where(column, "is", null)
    .where("free_until", ">=", from)
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
    await sendStorageEmail(kind, {
      userId: Number(parcel.user_id),
      siteId: parcel.site_id,
      trackingNumber: parcel.tracking_number,
      freeUntil: new Date(parcel.free_until!),
      dailyFeeMinor: Number(warehouse.storage_fee_minor),
      warehouseName: warehouse.name,
    }).catch((err: unknown) => logger.error({ err, parcelId: Number(parcel.id), kind }, "A storage email could not be sent"));
  }
  return claimed.length;
}

/** Emails each customer whose free storage ends within REMINDER_DAYS_BEFORE UTC days, once per parcel. */
export async function sendStorageReminders(now = new Date()) {
  const startOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  // reminderDue() in SQL: free_until falls on today's UTC day or one of the next REMINDER_DAYS_BEFORE.
  return claimAndSend("reminder", now, new Date(startOfToday), new Date(startOfToday + (REMINDER_DAYS_BEFORE + 1) * DAY_MS));
}

/** Emails each customer whose parcel's storage has started to cost (within CHARGE_NOTICE_WITHIN_DAYS days), once per parcel. */
export async function sendStorageChargeNotices(now = new Date()) {
  const startOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  // chargeNoticeDue() in SQL: free time ended on an earlier UTC day, at most CHARGE_NOTICE_WITHIN_DAYS days before today.
  return claimAndSend("charging", now, new Date(startOfToday - CHARGE_NOTICE_WITHIN_DAYS * DAY_MS), new Date(startOfToday));
}

/** Both storage emails that are due now: what the hourly housekeeping and `npm run admin -- parcel remind` send. */
export async function sendStorageEmails(now = new Date()) {
  return { reminders: await sendStorageReminders(now), chargeNotices: await sendStorageChargeNotices(now) };
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
  await sendStorageEmails(now);
}
