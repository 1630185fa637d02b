// A tracking number as people type it: copied with spaces, in small
// letters. It is looked up in capitals without spaces, the key the
// shipments table is indexed by (migration 0024).

export const TRACKING_NUMBER_MAX = 64;

/** The lookup key of a typed number; null when nothing (or far too much) was typed. */
export function normalizeTrackingNumber(text: string): string | null {
  const key = text.replace(/\s+/g, "").toUpperCase();
  return key.length > 0 && key.length <= TRACKING_NUMBER_MAX ? key : null;
}
