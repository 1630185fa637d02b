import * as v from "valibot";
import type { ListingReviewStatus } from "~/models/db/schema";
import { REFUSAL_REASON_MAX } from "./listing";

// The back office's decision on a seller's listing (checked in the browser
// and on the server alike): approve it, or refuse it with a reason the
// seller reads on their pages. Each names the review's version the page
// showed, so a decision on what the seller has changed since is refused.

/** The queue's lists: waiting (the default), refused, approved. */
export const LISTING_REVIEW_FILTERS = ["pending", "refused", "approved"] as const satisfies readonly ListingReviewStatus[];

const version = v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(1, "validation.number"));

export const ListingApproveSchema = v.object({ intent: v.literal("approve"), version });

export const ListingRefuseSchema = v.object({
  intent: v.literal("refuse"),
  version,
  reason: v.pipe(
    v.string("admin.listings.reasonRequired"),
    v.trim(),
    v.nonEmpty("admin.listings.reasonRequired"),
    v.maxLength(REFUSAL_REASON_MAX, "admin.listings.reasonTooLong"),
  ),
});
