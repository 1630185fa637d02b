import { logger } from "./logger.server";
import { reportServerError } from "./sentry.server";

// Spec 8's quiet failures: some data is not worth an error screen. The shell
// without its category links or a widget without flags is still a shop, and
// a visitor whose session cannot be read can still browse as a guest.

/**
 * What `load` answers, or `fallback` when it fails. A "reported" failure goes
 * to the error reporting as well as to the log; a "quiet" one only to the
 * log, so that an operator can still find it.
 */
export async function orFallback<T>(load: () => Promise<T>, fallback: T, what: string, kind: "reported" | "quiet"): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (kind === "reported") {
      logger.error({ err: error }, `${what} failed`);
      reportServerError(error);
    } else {
      logger.warn({ err: error }, `${what} failed`);
    }
    return fallback;
  }
}
