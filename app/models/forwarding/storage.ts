// Storage at a warehouse is free until the parcel's free_until, then costs
// the warehouse's daily fee. Days are counted in UTC, whatever the
// customer's or the server's time zone, so everyone sees the same number:
// each UTC calendar day that starts after free time has ended costs a day,
// and the day free time ends in is still free.

const DAY_MS = 86_400_000;

/** Midnight UTC at the start of the day `at` falls in, as milliseconds. */
function utcDay(at: Date) {
  return Math.floor(at.getTime() / DAY_MS);
}

/** The end of free storage: the arrival plus the warehouse's free days. */
export function freeUntil(arrivedAt: Date, freeDays: number): Date {
  if (!Number.isInteger(freeDays) || freeDays < 0) throw new RangeError(`Free storage days must be a whole number ≥ 0, got ${freeDays}`);
  return new Date(arrivedAt.getTime() + freeDays * DAY_MS);
}

/** How many days of storage are charged by `now`: every UTC day begun after the day free time ends in (a begun day counts whole). */
export function storageFeeDays(freeUntilAt: Date | null, now: Date): number {
  if (!freeUntilAt) return 0;
  return Math.max(0, utcDay(now) - utcDay(freeUntilAt));
}

/** What storage has cost by `now`, in minor units. */
export function storageFeeMinor(freeUntilAt: Date | null, now: Date, dailyFeeMinor: number): number {
  return storageFeeDays(freeUntilAt, now) * dailyFeeMinor;
}

/** How many days before the fee starts the customer is reminded. */
export const REMINDER_DAYS_BEFORE = 3;

/** Whether a parcel's reminder is due: free time ends within REMINDER_DAYS_BEFORE days and has not ended yet. */
export function reminderDue(freeUntilAt: Date | null, now: Date): boolean {
  if (!freeUntilAt) return false;
  const left = utcDay(freeUntilAt) - utcDay(now);
  return left >= 0 && left <= REMINDER_DAYS_BEFORE;
}

/**
 * How many UTC days after the fee has started the customer is still told
 * it has (the charge notice): a server that was down for a day still sends
 * it, but a parcel that has been charged for weeks is not news.
 */
export const CHARGE_NOTICE_WITHIN_DAYS = 7;

/** Whether a parcel's charge notice is due: storage has begun to cost, at most CHARGE_NOTICE_WITHIN_DAYS days ago. */
export function chargeNoticeDue(freeUntilAt: Date | null, now: Date): boolean {
  const days = storageFeeDays(freeUntilAt, now);
  return days >= 1 && days <= CHARGE_NOTICE_WITHIN_DAYS;
}
