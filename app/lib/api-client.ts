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

  let last: ApiResult<T> = { ok: false, message: "Network error", errors: {}, httpStatus: 0 };
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, API_RETRY_DELAY_MS));
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: "same-origin",
        signal: AbortSignal.timeout(timeoutMs),
      });
      last = await readApiResponse<T>(response);
      if (last.ok || response.status < 500) return last;
    } catch (error) {
      last = { ok: false, message: error instanceof Error ? error.message : "Network error", errors: {}, httpStatus: 0 };
    }
  }
  return last;
}
