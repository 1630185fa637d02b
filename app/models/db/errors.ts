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
