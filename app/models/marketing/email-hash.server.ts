import { createHash } from "node:crypto";

/** The retargeting service's form of an email: SHA-256, in hex, of the trimmed, lower-cased address. */
export function hashEmail(email: string) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}
