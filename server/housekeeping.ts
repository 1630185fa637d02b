import { purgeExpiredAccountRows } from "../app/models/accounts/housekeeping.server";
import { purgeAbandonedCarts } from "../app/models/cart/cart.server";
import { purgeOldCatalogueChanges } from "../app/models/catalogue/catalogue-index.server";
import { forwardingHousekeeping } from "../app/models/forwarding/housekeeping.server";
import { expireReservations } from "../app/models/reservations/reservations.server";
import { noteLoopRun } from "../app/platform/metrics.server";

// The hourly round of every feature's housekeeping, run at start-up and
// every hour: rows that only ever grow unless someone clears them (ended
// sessions, old reset tokens, past rate-limit windows, abandoned carts,
// catalogue changes every server has seen), and what time moves along.
// Each statement is safe to run on several app servers at once.
export async function housekeepingRound() {
  const now = new Date();
  await purgeExpiredAccountRows(now);
  await purgeAbandonedCarts();
  await purgeOldCatalogueChanges();
  // Not a purge, but hourly too: parcels go on the shelf and storage-fee reminders go out.
  await forwardingHousekeeping(now);
  // Unconfirmed iPhone reservations lapse and give their phone back to the allocation.
  await expireReservations(now);
  noteLoopRun("housekeeping");
}
