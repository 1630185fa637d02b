// What the spec asks of error reporting (section 8), shared by the server and
// the browser so both sample and filter alike.
export const ERROR_SAMPLE_RATE = 0.5;
export const TRACES_SAMPLE_RATE = 0.2;
export const REPLAYS_SESSION_SAMPLE_RATE = 0.1;
export const REPLAYS_ON_ERROR_SAMPLE_RATE = 1;

/** A failed chunk or stylesheet load: the page is older than the deploy. */
const DEPLOY_ERROR = /dynamically imported module|module script failed|preload css/i;

export function isDeployError(error: unknown) {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return DEPLOY_ERROR.test(message);
}

/** Noise every shop sees after a deploy; the error screen already handles it. */
export const IGNORED_ERRORS = [DEPLOY_ERROR];

const GATEWAY_TIMEOUT = /504 Gateway Timeout/i;

type ReportEvent = {
  message?: string;
  level?: string;
  fingerprint?: string[];
  exception?: { values?: { value?: string }[] };
};

/**
 * A 504 from the gateway is an upstream outage, not a bug in the code that
 * happened to be waiting: all of them group into one issue, as a warning.
 */
export function classifyEvent<E extends ReportEvent>(event: E): E {
  const text = [event.message, ...(event.exception?.values?.map((v) => v.value) ?? [])].join(" ");
  if (GATEWAY_TIMEOUT.test(text)) {
    event.fingerprint = ["gateway-timeout"];
    event.level = "warning";
  }
  return event;
}
