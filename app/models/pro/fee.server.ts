import { db } from "~/models/db/db.server";
import { lockBill, openBill } from "~/models/payments/bills.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { listingFeeFor } from "./fee";
import { listingState } from "./listing";

// Paying a listing's fee (/site-pro-payment/{id}) once the shop has
// approved the listing (listing-reviews.server), the way a quote is paid
// (decision 027): "Pay the fee" opens the listing's bill, an order of kind
// 'listing' whose source is the product, and the seller pays it at
// /payment/{bill}. Paying it marks the listing active in the same
// transaction (bill-sources.server markSourcePaid), and the payment's result page
// leads back here.

export type FeeError = "not_found" | "not_approved" | "already_paid" | "withdrawn" | "no_fee";
export type FeeOutcome = { ok: true; billSlug: string; totalMinor: number } | { ok: false; error: FeeError };

/**
 * Opens (or brings up to date) the bill of the seller's listing that waits
 * for its fee; its slug pays it at /payment/{slug}. The bill is locked
 * before the listing, in the order paying takes them, so paying and opening
 * never deadlock.
 */
export async function openListingFee(userId: number, listingId: number, site: Pick<SiteConfig, "id" | "currencies">): Promise<FeeOutcome> {
  const fee = listingFeeFor(site.currencies);
  if (!fee) return { ok: false, error: "no_fee" };
  return db()
    .transaction()
    .execute(async (trx): Promise<FeeOutcome> => {
      const own = await trx.selectFrom("products").select("id").where("id", "=", listingId).where("seller_id", "=", userId).executeTakeFirst();
      if (!own) return { ok: false, error: "not_found" };
      await lockBill(trx, "listing", listingId);
      const listing = await trx.selectFrom("products").select("is_active").where("id", "=", listingId).forUpdate().executeTakeFirstOrThrow();
      const bill = await trx.selectFrom("orders").select("status").where("kind", "=", "listing").where("source_id", "=", listingId).executeTakeFirst();
      // Read under a lock, so a decision being taken on the listing is waited for, not read half-way.
      const review = await trx.selectFrom("listing_reviews").select("status").where("product_id", "=", listingId).forUpdate().executeTakeFirst();
      const state = listingState({ isActive: listing.is_active, feeBill: bill?.status ?? null, review: review?.status ?? null });
      if (state === "in_review" || state === "refused") return { ok: false, error: "not_approved" };
      if (state !== "awaiting_fee") return { ok: false, error: state === "withdrawn" ? "withdrawn" : "already_paid" };
      const billSlug = await openBill(trx, {
        kind: "listing",
        sourceId: listingId,
        userId,
        siteId: site.id,
        currencyId: fee.currency.id,
        subtotalMinor: fee.feeMinor,
        shippingMinor: 0,
      });
      if (!billSlug) return { ok: false, error: "already_paid" };
      return { ok: true, billSlug, totalMinor: fee.feeMinor };
    });
}
