import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

// The second factor (RFC 6238): six digits that change every 30 seconds,
// from the otpauth library, which phone apps agree with. A code from the
// step before or after is accepted, for a phone's clock that is a little
// off; a code is good once (the caller keeps the last step accepted).

const ISSUER = "Shop back office";
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret() {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The address an authenticator app reads from the enrolment's QR code. */
export function totpUri(secret: string, email: string) {
  return totp(secret, email).toString();
}

/** The code for a moment: what a phone shows, and what tests and the demo's README compute. */
export function totpCode(secret: string, at = Date.now()) {
  return totp(secret, "").generate({ timestamp: at });
}

/** The time step a code belongs to, or null when it is not the code of now or of a neighbouring step. */
export function totpStep(secret: string, code: string, at = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret, "").validate({ token, timestamp: at, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten single-use codes for a lost phone, as the staff member writes them down: "k3m9-x2qp". */
export function newRecoveryCodes() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** How a recovery code is stored: its hash, whatever its case and spacing as typed. */
export function recoveryCodeHash(code: string) {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(normal).digest("hex");
}

export function looksLikeRecoveryCode(code: string) {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());
}
