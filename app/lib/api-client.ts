import { readApiResponse, type ApiResult } from "./api";

// Spec 9: every API call times out after 60 s and waits 100 ms between tries.
export const API_TIMEOUT_MS = 60_000;
export const API_RETRY_DELAY_MS = 100;

/** The headers a server-side call carries over from the shopper's request (spec 7). */
export const FORWARDED_HEADERS = ["cookie", "x-forwarded-host", "host"] as const;

export function forwardedHeaders(request: Request) {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

type CallOptions = {
  method?: "GET" | "POST";
  body?: unknown;
  /** Extra attempts after the first fails on the network or with a 5xx. */
  retries?: number;
  timeoutMs?: number;
  locale?: string;
  /** On the server: the shopper's request, whose headers are forwarded. */
  request?: Request;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
};

/**
 * Calls the shop's own JSON API from the browser or the server. Failures come
 * back as a result, never as a thrown error, so callers decide what to show.
 */
export async function callApi<T>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const {
    method = options.body === undefined ? "GET" : "POST",
    retries = 0,
    timeoutMs = API_TIMEOUT_MS,
    request,
    fetchImpl = fetch,
  } = options;
  const baseUrl = options.baseUrl ?? (request ? new URL(request.url).origin : "");
  const headers = request ? forwardedHeaders(request) : new Headers();
  headers.set("accept", "application/json");
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (options.locale) headers.set("x-locale", options.locale);

  try {
    const response = await fetchRetrying(
      `${baseUrl}${path}`,
      () => ({
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: "same-origin",
        signal: AbortSignal.timeout(timeoutMs),
      }),
      { retries, delayMs: () => API_RETRY_DELAY_MS, fetchImpl },
    );
    return await readApiResponse<T>(response);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "Network error", errors: {}, httpStatus: 0 };
  }
}

/**
 * `fetch`, asked again up to `retries` times when the connection fails or
 * the server answers 5xx (a busy or restarting server), `delayMs(attempt)`
 * after each failed try: the last answer, or the last connection error
 * thrown. `init` is made anew for each try (a timeout's signal is spent).
 */
export async function fetchRetrying(
  url: string,
  init: () => RequestInit,
  { retries, delayMs, fetchImpl = fetch }: { retries: number; delayMs: (attempt: number) => number; fetchImpl?: typeof fetch },
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetchImpl(url, init());
      if (response.status < 500 || attempt > retries) return response;
    } catch (error) {
      if (attempt > retries) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs(attempt)));
  }
}
