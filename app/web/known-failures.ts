import { isDatabaseUnavailable, isInvalidValueError } from "~/models/db/errors";

/**
 * Whether an error thrown while answering a request was caused by a value the
 * caller sent that got past the route's checks: an amount no money can be, or
 * a value the database refuses. Where requests are answered (every page's
 * loader and action, every API call) such an error is a 400, not a 500.
 */
export function isBadInput(error: unknown) {
  // By name, not instanceof: the Express server and the app's build each
  // bundle their own copy of lib/money.ts.
  return (error instanceof Error && error.name === "AmountOutOfRangeError") || isInvalidValueError(error);
}

/** Seconds a shopper is asked to wait while the database is away: the pool reconnects as soon as it is back. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export type KnownFailure =
  | { status: 400; messageKey: "request.invalidValue" }
  | { status: 503; messageKey: "request.unavailable"; retryAfter: number };

/**
 * The failures that are not the code's fault, with the answer each gets
 * wherever requests are answered: a value no column can hold is the
 * caller's (400); a database restarting or failing over is passing (503
 * with Retry-After). Anything else is a fault of ours and stays a 500.
 */
export function knownFailure(error: unknown): KnownFailure | null {
  if (isBadInput(error)) return { status: 400, messageKey: "request.invalidValue" };
  if (isDatabaseUnavailable(error)) return { status: 503, messageKey: "request.unavailable", retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  return null;
}
