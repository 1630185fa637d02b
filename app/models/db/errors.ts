/**
 * Whether the database refused a value itself: PostgreSQL's "data exception"
 * class (SQLSTATE 22…), such as a number beyond its column's range, a NUL
 * character in text or text that is not a number. Input checks should stop
 * such values first; this is what lets the one place that answers every
 * request turn one they missed into a 400 instead of a 500.
 */
export function isInvalidValueError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}

// SQLSTATEs of a server that is going away or not yet back: connection
// exceptions (08…), an operator's or a crash's shutdown and a server still
// starting (57P01–57P03), and too many connections while it recovers.
const AWAY_STATES = /^(08|57P0[1-3]|53300)/;
// What Node says of a socket to a server that is not there or was cut.
const AWAY_SOCKETS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// node-postgres says these in words only, with no code.
const AWAY_WORDS = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/**
 * Whether an error says the database is away (restarting, failing over, its
 * connections cut) rather than that a statement was wrong. Such a request is
 * answered 503 with Retry-After, and the pool reconnects by itself once the
 * server is back: nothing was written, since a cut transaction rolls back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (AWAY_STATES.test(code) || AWAY_SOCKETS.has(code))) return true;
  if (typeof message === "string" && AWAY_WORDS.test(message)) return true;
  // An AggregateError (a host with several addresses refused on each), or an error wrapping one.
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** A unique key refused a row (SQLSTATE 23505): a tracking number or an email already taken. */
export function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === "23505";
}
