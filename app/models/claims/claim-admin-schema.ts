import * as v from "valibot";
import type { ClaimStatus } from "./claim-form";

// The back office's claim forms (checked in the browser and on the server
// alike): moving a claim to another status, and answering its customer.
// Each names the claim's version the page showed (the stale-edit rule).

/** A claim only moves on: nobody puts it back to "received". */
export const SETTABLE_CLAIM_STATUSES = ["in_review", "approved", "rejected"] as const satisfies readonly ClaimStatus[];
export const ANSWER_MAX = 5000;

const version = v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(1, "validation.number"));

export const ClaimStatusSchema = v.object({
  intent: v.literal("status"),
  version,
  status: v.picklist(SETTABLE_CLAIM_STATUSES, "admin.claims.statusRequired"),
});

export const ClaimAnswerSchema = v.object({
  intent: v.literal("answer"),
  version,
  message: v.pipe(v.string("admin.claims.messageRequired"), v.trim(), v.nonEmpty("admin.claims.messageRequired"), v.maxLength(ANSWER_MAX, "admin.claims.messageTooLong")),
});
