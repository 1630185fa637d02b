// The JSON API's one rule of success (spec 5): an answer succeeded only when
// it has no `errors` field, no `message` field and `status` is not false.
export type ApiFailure = {
  status: false;
  message: string;
  errors?: Record<string, string[]>;
};

export function isApiSuccess(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body !== null && body !== undefined;
  const record = body as Record<string, unknown>;
  return !("errors" in record) && !("message" in record) && record.status !== false;
}

export type ApiResult<T> =
  | { ok: true; data: T; httpStatus: number }
  | { ok: false; message: string; errors: Record<string, string[]>; httpStatus: number };

/** Reads any API answer, successful or not, into one shape. */
export async function readApiResponse<T>(response: Response): Promise<ApiResult<T>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: response.statusText || "Invalid response", errors: {}, httpStatus: response.status };
  }
  if (response.ok && isApiSuccess(body)) return { ok: true, data: body as T, httpStatus: response.status };
  const failure = (body ?? {}) as Partial<ApiFailure>;
  return {
    ok: false,
    message: typeof failure.message === "string" ? failure.message : response.statusText,
    errors: failure.errors ?? {},
    httpStatus: response.status,
  };
}
