import { purgeAbandonedCarts } from "~/models/cart/cart.server";
import { purgeOldCatalogueChanges } from "~/models/catalogue/catalogue-index.server";
import { db } from "~/models/db/db.server";
import { forwardingHousekeeping } from "~/models/forwarding/housekeeping.server";
import { expireReservations } from "~/models/reservations/reservations.server";
import { purgeOldRateLimits } from "./rate-limits.server";

// Rows that only ever grow unless someone clears them: ended sessions, old
// reset tokens, past rate-limit windows, abandoned carts and catalogue
// changes every server has seen. Run at start-up and every hour;
// each statement is safe to run on several app servers at once.
export async function purgeExpiredRows() {
  const now = new Date();
  await db().deleteFrom("sessions").where("expires_at", "<", now).execute();
  await db()
    .deleteFrom("password_reset_tokens")
    .where("expires_at", "<", new Date(now.getTime() - 24 * 3_600_000))
    .execute();
  await purgeOldRateLimits();
  await purgeAbandonedCarts();
  await purgeOldCatalogueChanges();
  // Not a purge, but hourly too: parcels go on the shelf and storage-fee reminders go out.
  await forwardingHousekeeping(now);
  // Unconfirmed iPhone reservations lapse and give their phone back to the allocation.
  await expireReservations(now);
}
