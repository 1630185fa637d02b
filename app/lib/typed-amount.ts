import * as v from "valibot";
import { parseTypedMinor, type Minor } from "./money";

/**
 * A money field of a form, as a shopper types it in any of the shop's
 * languages ("12,50", "12.50", "1 299"), read into minor units by
 * parseTypedMinor; anything else, or a negative amount, is refused with
 * `message`. The same check runs in the browser and on the server.
 */
export function typedAmount(message: string) {
  return v.pipe(
    v.string(message),
    v.check((text) => (parseTypedMinor(text) ?? -1) >= 0, message),
    v.transform((text): Minor => parseTypedMinor(text)!),
  );
}
