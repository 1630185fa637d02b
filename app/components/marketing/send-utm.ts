import { callApi } from "~/lib/api-client";
import { UTM_RETRIES, UTM_TIMEOUT_MS, utmFromCookieHeader, utmFromSearch } from "~/models/marketing/utm";

/**
 * Posts the landing URL's campaign, or the saved one when the URL has none
 * (spec 7: 2 s timeout, 3 retries). A failure is reported, never shown
 * (spec 8), and changes nothing on the page.
 */
export async function sendUtm(search: string, cookie: string, fetchImpl?: typeof fetch) {
  const utm = utmFromSearch(search) ?? utmFromCookieHeader(cookie);
  if (!utm) return;
  const result = await callApi("/api/utm", { body: utm, retries: UTM_RETRIES, timeoutMs: UTM_TIMEOUT_MS, fetchImpl });
  if (!result.ok) await reportFailure(result.message);
}

// Each campaign is sent once per visit (a tab's session): coming back to the
// same URL (after the consent form, a reload) sends nothing again.
const SENT = "utm-sent";

/** The page's campaign, sent once per visit. */
export async function sendUtmOnce() {
  const key = /[?&]utm_/i.test(window.location.search) ? window.location.search : "saved";
  try {
    if (sessionStorage.getItem(SENT) === key) return;
    sessionStorage.setItem(SENT, key);
  } catch {
    // Storage refused (private mode): send anyway.
  }
  await sendUtm(window.location.search, document.cookie);
}

async function reportFailure(message: string) {
  const error = new Error(`UTM post failed: ${message}`);
  console.warn(error);
  // Reported only where error reporting is on (entry.client.tsx).
  if (typeof window !== "undefined" && window.ENV?.SENTRY_DSN) {
    const Sentry = await import("@sentry/remix");
    Sentry.captureException(error);
  }
}
