import { isInvalidValueError } from "~/models/db/errors";

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
