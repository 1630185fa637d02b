import { sql } from "kysely";
import { auditTrail, recordAudit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import type { ListingReviewStatus } from "~/models/db/schema";
import type { OrderStatus } from "~/models/orders/orders";
import { galleryOf } from "./listings.server";
import { listingState, REFUSAL_REASON_MAX } from "./listing";

// The shop's review of pro sellers' listings (the back office's
// /admin/listings): every listing a seller makes waits for it before its fee
// can be paid (docs/pro.md). Staff approve it, or refuse it with a reason
// the seller reads on /site-pro and the listing's edit page; the seller's
// next save sends a refused listing back to the queue. A decision locks the
// review's row, refuses one taken on an older version (the seller's every
// save raises it too) and writes the audit log in the same transaction.

export const STAFF_LISTINGS_PAGE_SIZE = 50;

const languageIdOf = (locale: string) => sql<number>`(select l.id from languages l where l.iso_code = ${locale})`;
/** The listing's title in the staff member's language, else in English, else its SKU. */
const titleOf = (locale: string) =>
  sql<string>`coalesce(
    (select pt.name from product_translations pt where pt.product_id = p.id and pt.language_id = ${languageIdOf(locale)}),
    (select pt.name from product_translations pt where pt.product_id = p.id and pt.language_id = ${languageIdOf("en")}),
    p.sku)`;
const categoryOf = (locale: string) =>
  sql<string | null>`coalesce(
    (select ct.name from category_translations ct where ct.category_id = p.category_id and ct.language_id = ${languageIdOf(locale)}),
    (select ct.name from category_translations ct where ct.category_id = p.category_id and ct.language_id = ${languageIdOf("en")}))`;
const companyOf = sql<string | null>`(select a.company_name from pro_applications a where a.user_id = p.seller_id and a.status = 'approved' order by a.id desc limit 1)`;

/** A page of sellers' listings by their review: the waiting ones oldest first (a queue), the decided ones newest first. */
export async function staffListings(filter: { status: ListingReviewStatus; page?: number; locale: string }) {
  const query = db()
    .selectFrom("listing_reviews as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .innerJoin("users as u", "u.id", "p.seller_id")
    .select(["p.id", "p.sku", "p.image", "p.price_minor", "p.stock", "u.email", "r.status", "r.submitted_at", "r.decided_at", "r.decided_by", "r.reason"])
    .select(titleOf(filter.locale).as("title"))
    .select(categoryOf(filter.locale).as("category"))
    .select(companyOf.as("company"))
    .where("r.status", "=", filter.status);
  const { rows, page, hasMore } = await pageOf(
    (filter.status === "pending" ? query.orderBy("r.submitted_at", "asc").orderBy("p.id", "asc") : query.orderBy("r.decided_at", "desc").orderBy("p.id", "desc")),
    filter.page,
    STAFF_LISTINGS_PAGE_SIZE,
  );
  return {
    listings: rows.map((row) => ({ ...row, id: Number(row.id), price_minor: Number(row.price_minor) })),
    page,
    hasMore,
  };
}

/** One seller's listing as staff review it: its texts in every language, photos, price, stock, category and seller, its review and trail; null for a shop product or none. */
export async function staffListing(id: number, locale: string) {
  const product = await db()
    .selectFrom("products as p")
    .innerJoin("users as u", "u.id", "p.seller_id")
    .leftJoin("listing_reviews as r", "r.product_id", "p.id")
    .select(["p.id", "p.sku", "p.slug", "p.image", "p.images", "p.price_minor", "p.stock", "p.is_active", "p.created_at", "u.id as seller_id", "u.email", "u.first_name", "u.last_name"])
    .select(["r.status", "r.reason", "r.version", "r.submitted_at", "r.decided_at", "r.decided_by"])
    .select(titleOf(locale).as("title"))
    .select(categoryOf(locale).as("category"))
    .select(companyOf.as("company"))
    .select(sql<OrderStatus | null>`(select b.status from orders b where b.kind = 'listing' and b.source_id = p.id)`.as("fee_bill"))
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!product) return null;
  const [texts, options, trail] = await Promise.all([
    db()
      .selectFrom("product_translations as pt")
      .innerJoin("languages as l", "l.id", "pt.language_id")
      .select(["l.iso_code", "pt.name", "pt.description"])
      .where("pt.product_id", "=", id)
      .orderBy("l.id")
      .execute(),
    db()
      .selectFrom("product_additional_values as v")
      .innerJoin("additional_field_option_translations as ot", (join) => join.onRef("ot.option_id", "=", "v.option_id").on("ot.language_id", "=", languageIdOf(locale)))
      .innerJoin("additional_field_translations as ft", (join) => join.onRef("ft.field_id", "=", "v.field_id").on("ft.language_id", "=", languageIdOf(locale)))
      .select(["ft.name as field", "ot.label"])
      .where("v.product_id", "=", id)
      .orderBy("v.field_id")
      .execute(),
    auditTrail("listing", id),
  ]);
  return {
    listing: {
      id: Number(product.id),
      sku: product.sku,
      slug: product.slug,
      title: product.title,
      photos: galleryOf(product.image, product.images),
      priceMinor: Number(product.price_minor),
      stock: product.stock,
      category: product.category,
      createdAt: product.created_at,
      state: listingState({ isActive: product.is_active, feeBill: product.fee_bill, review: product.status }),
      review: product.status === null ? null : { status: product.status, reason: product.reason, version: product.version!, submittedAt: product.submitted_at!, decidedAt: product.decided_at, decidedBy: product.decided_by },
    },
    seller: { id: Number(product.seller_id), email: product.email, name: [product.first_name, product.last_name].filter(Boolean).join(" ") || null, company: product.company },
    texts,
    options,
    trail,
  };
}

export type ListingDecision = { approve: true } | { approve: false; reason: string };
export type ListingDecided = { ok: true; status: "approved" | "refused" } | { ok: false; error: "not_found" | "not_pending" } | StaleEdit;

/**
 * Approves a waiting listing (its seller can pay its fee now) or refuses it
 * with a reason the seller reads. Only a waiting listing takes a decision:
 * a refused one comes back to the queue when its seller saves it again.
 */
export async function decideListing(actor: StaffActor, productId: number, decision: ListingDecision, seenVersion?: number): Promise<ListingDecided> {
  const reason = decision.approve ? null : decision.reason.replace(/\r\n?/g, "\n").trim();
  if (reason !== null && (reason.length === 0 || reason.length > REFUSAL_REASON_MAX)) throw new RangeError(`A reason has 1 to ${REFUSAL_REASON_MAX} characters`);
  return db()
    .transaction()
    .execute(async (trx): Promise<ListingDecided> => {
      const review = await trx.selectFrom("listing_reviews").select(["status", "version"]).where("product_id", "=", productId).forUpdate().executeTakeFirst();
      if (!review) return { ok: false, error: "not_found" };
      // The seller's saves raise the version without an audit entry: the trail cannot say who changed it, so the page says "the seller or a colleague".
      if (seenVersion !== undefined && review.version !== seenVersion) return { ok: false, error: "stale", by: null, at: null };
      if (review.status !== "pending") return { ok: false, error: "not_pending" };
      const status = decision.approve ? "approved" : "refused";
      await trx
        .updateTable("listing_reviews")
        .set({ status, reason, version: review.version + 1, decided_at: sql<Date>`now()`, decided_by: actor.email })
        .where("product_id", "=", productId)
        .execute();
      await recordAudit(trx, actor, { action: `listing.${decision.approve ? "approve" : "refuse"}`, entity: "listing", entityId: productId, before: { status: review.status }, after: { status, reason } });
      return { ok: true, status };
    });
}
