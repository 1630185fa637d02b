import { createHash } from "node:crypto";
import { Honeypot } from "remix-utils/honeypot/server";
import { env } from "~/platform/env.server";

// The hidden field on public forms (sign-in, sign-up, password reset) that
// people leave empty and form-filling robots do not, plus an encrypted
// "rendered at" time. The key comes from SESSION_SECRET so every app server
// can read what another one wrote.
const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";
let instance: Honeypot | undefined;

export function honeypot() {
  instance ??= new Honeypot({
    nameFieldName: NAME_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptionSeed: createHash("sha256").update(`honeypot:${env().SESSION_SECRET}`).digest("hex"),
  });
  return instance;
}

let inputProps: { minute: number; props: ReturnType<Honeypot["getInputProps"]> } | undefined;

/**
 * The honeypot fields every page carries. Their "rendered at" time is the
 * start of the current minute, encrypted once a minute rather than on every
 * request: a robot learns nothing from it, and pages a guest sees the same as
 * every other guest stay the same from one request to the next.
 */
export function honeypotInputProps() {
  const minute = Math.floor(Date.now() / 60_000);
  if (inputProps?.minute !== minute) inputProps = { minute, props: honeypot().getInputProps({ validFromTimestamp: minute * 60_000 }) };
  return inputProps.props;
}

/**
 * Whether a posted form came from our page: both honeypot fields present,
 * the trap empty and the time readable. remix-utils lets a post without the
 * fields through; a form of ours always has them, so here it fails.
 */
export function isHumanSubmission(formData: FormData) {
  const pot = honeypot();
  if (!formData.has(NAME_FIELD) || !formData.has(VALID_FROM_FIELD)) return false;
  try {
    pot.check(formData);
    return true;
  } catch {
    // SpamError, or a time field that is not ours and cannot be decrypted
    // or read as a date: either way not a post of our page, so a 400.
    return false;
  }
}
