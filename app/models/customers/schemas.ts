import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";

// The customer page's forms in the back office, one per action, each named
// by its intent. Messages are translation keys (the shop's validation texts
// and the back office's own under "admin").

/** The most one adjustment moves, either way: a typo of a few zeros is refused, not booked. */
export const MAX_ADJUSTMENT_MINOR = 100_000_00;
export const REASON_MAX_LENGTH = 500;

const reason = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(REASON_MAX_LENGTH, "validation.tooLong"));

export const AdjustBalanceSchema = v.object({
  intent: v.literal("adjust_balance"),
  /** Euros as typed, "12,50" or "-3.20": cents, signed. */
  amount: v.pipe(
    v.string("validation.required"),
    v.trim(),
    v.nonEmpty("validation.required"),
    v.transform(parseTypedMinor),
    v.number("admin.customers.adjust.amountFormat"),
    v.check((minor) => minor !== 0, "admin.customers.adjust.amountFormat"),
    v.check((minor) => Math.abs(minor) <= MAX_ADJUSTMENT_MINOR, "admin.customers.adjust.tooLarge"),
  ),
  reason,
});

/** The email the page showed goes with the form: the link goes only to the address the staff member saw. */
export const SendResetSchema = v.object({
  intent: v.literal("send_reset"),
  email: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(254, "validation.tooLong")),
});

export const BlockSchema = v.object({ intent: v.picklist(["block", "unblock"], "validation.required"), reason });
