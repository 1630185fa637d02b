import * as Sentry from "@sentry/remix";
import { ERROR_SAMPLE_RATE, IGNORED_ERRORS, TRACES_SAMPLE_RATE, classifyEvent } from "./error-reporting";
import { env } from "./env.server";

/** Error reporting stays off unless SENTRY_DSN is set. */
export function initServerErrorReporting() {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT } = env();
  if (!SENTRY_DSN) return false;
  Sentry.init({
    dsn: SENTRY_DSN,
    environment: SENTRY_ENVIRONMENT,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    ignoreErrors: IGNORED_ERRORS,
    beforeSend: (event) => classifyEvent(event),
  });
  return true;
}

export function reportServerError(error: unknown) {
  if (env().SENTRY_DSN) Sentry.captureException(error);
}
