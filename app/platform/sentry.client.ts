import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import {
  ERROR_SAMPLE_RATE,
  IGNORED_ERRORS,
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  TRACES_SAMPLE_RATE,
  classifyEvent,
} from "./error-reporting";

// Loaded with import() only when a DSN is configured, so shoppers of a shop
// without error reporting never download it.
export async function initClientErrorReporting(dsn: string, environment: string) {
  const Sentry = await import("@sentry/remix");
  Sentry.init({
    dsn,
    environment,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: REPLAYS_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAYS_ON_ERROR_SAMPLE_RATE,
    ignoreErrors: IGNORED_ERRORS,
    beforeSend: (event) => classifyEvent(event),
    integrations: [
      Sentry.browserTracingIntegration({ useEffect, useLocation, useMatches }),
      Sentry.replayIntegration(),
    ],
  });
  return Sentry;
}
