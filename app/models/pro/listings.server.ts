import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { listCategories } from "~/models/catalogue/categories.server";
import { db, type DB } from "~/models/db/db.server";
import type { OrderStatus } from "~/models/orders/orders";
import { listingSlug, listingState, type ListingInput, type ListingReview, type ListingState } from "./listing";
import { viewsOf } from "./views.server";

// A pro seller's listings: products whose seller_id is theirs. Another
// seller's listing, or one of the shop's own products, is never found here,
// whatever is asked of it. Saving is one transaction over the product, its
// texts and its additional values; the triggers of migrations 0017 and 0018
// carry the change to the listings and to search, so nothing here touches
// the catalogue index or the search postings.

/** The order statuses of a paid marketplace order: its lines are sales. */
const SOLD = ["paid", "processing", "shipped", "delivered"] as const;

const languageIdOf = (locale: string) => sql<number>`(select l.id from languages l where l.iso_code = ${locale})`;
const feeBillOf = sql<OrderStatus | null>`(select b.status from orders b where b.kind = 'listing' and b.source_id = p.id)`;
/** The shop's review of the listing (0047), and the reason of a refusal, which the seller reads. */
const reviewOf = sql<ListingReview>`(select r.status from listing_reviews r where r.product_id = p.id)`;
const refusalOf = sql<string | null>`(select r.reason from listing_reviews r where r.product_id = p.id)`;
/** A sum over the listing's sold lines: those of paid marketplace orders. */
const sold = (sum: ReturnType<typeof sql>) =>
  sql<number>`(select ${sum} from order_items oi join orders o on o.id = oi.order_id
    where oi.product_id = p.id and o.kind = 'marketplace' and o.status in (${sql.join(SOLD.map((status) => sql.lit(status)))}))`;

export type SellerListing = {
  id: number;
  slug: string;
  name: string;
  image: string;
  priceMinor: number;
  stock: number;
  state: ListingState;
  /** Why the shop refused it, while it is refused. */
  refusal: string | null;
  views: number;
  unitsSold: number;
  /** Sum of the sold lines, in the catalogue's currency (EUR). */
  revenueMinor: number;
};

/** Listings a seller's page shows at most; more than anyone lists by hand. */
export const SELLER_LISTINGS_LIMIT = 500;

/** The seller's listings, newest first, with views and sales. */
export async function sellerListings(userId: number, locale: Locale): Promise<SellerListing[]> {
  const rows = await db()
    .selectFrom("products as p")
    .leftJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "p.id").on("pt.language_id", "=", languageIdOf(locale)))
    .select(["p.id", "p.slug", "p.sku", "p.image", "p.price_minor", "p.stock", "p.is_active", "pt.name"])
    .select(feeBillOf.as("fee_bill"))
    .select(reviewOf.as("review"))
    .select(refusalOf.as("refusal"))
    .select(sold(sql`coalesce(sum(oi.quantity), 0)::bigint`).as("units_sold"))
    .select(sold(sql`coalesce(sum(oi.quantity::bigint * oi.price_minor), 0)::bigint`).as("revenue"))
    .where("p.seller_id", "=", userId)
    .orderBy("p.id", "desc")
    .limit(SELLER_LISTINGS_LIMIT)
    .execute();
  const views = await viewsOf(rows.map((row) => Number(row.id)));
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name ?? row.sku,
    image: row.image,
    priceMinor: Number(row.price_minor),
    stock: row.stock,
    state: listingState({ isActive: row.is_active, feeBill: row.fee_bill, review: row.review }),
    refusal: row.review === "refused" ? row.refusal : null,
    views: views.get(Number(row.id)) ?? 0,
    unitsSold: Number(row.units_sold),
    revenueMinor: Number(row.revenue),
  }));
}

export type ListingFieldChoice = { id: number; name: string; options: Array<{ id: number; label: string }> };
export type ListingCategoryChoice = { id: number; name: string; group: string; fields: ListingFieldChoice[] };

/**
 * The categories a listing may be in (the leaves of the tree, grouped by
 * their top category) with their additional fields and those fields'
 * options, in the seller's language. Fields the index leaves out (an
 * internal warehouse code) are not the seller's to choose.
 */
export async function listingCategories(locale: Locale): Promise<ListingCategoryChoice[]> {
  const [categories, filterable, options] = await Promise.all([
    listCategories(locale),
    db().selectFrom("categories").select(["id", "filterable_additional_fields as fields"]).execute(),
    db()
      .selectFrom("additional_field_options as o")
      .innerJoin("additional_fields as f", "f.id", "o.field_id")
      .innerJoin("additional_field_translations as ft", (join) => join.onRef("ft.field_id", "=", "f.id").on("ft.language_id", "=", languageIdOf(locale)))
      .innerJoin("additional_field_option_translations as ot", (join) => join.onRef("ot.option_id", "=", "o.id").on("ot.language_id", "=", languageIdOf(locale)))
      .select(["o.id", "o.field_id", "ft.name as field_name", "ot.label"])
      .where("f.disabled_in_index", "=", false)
      .orderBy("o.field_id")
      .orderBy("o.position")
      .orderBy("o.id")
      .execute(),
  ]);
  const fields = new Map<number, ListingFieldChoice>();
  for (const option of options) {
    const field = fields.get(option.field_id) ?? { id: option.field_id, name: option.field_name, options: [] };
    field.options.push({ id: option.id, label: option.label });
    fields.set(option.field_id, field);
  }
  const fieldIds = new Map(filterable.map((row) => [row.id, row.fields]));
  const parents = new Set(categories.map((category) => category.parent_id));
  const byId = new Map(categories.map((category) => [category.id, category]));
  return categories
    .filter((category) => !parents.has(category.id) && category.parent_id !== null)
    .map((category) => ({
      id: category.id,
      name: category.name,
      group: byId.get(category.parent_id!)?.name ?? "",
      fields: (fieldIds.get(category.id) ?? []).flatMap((id) => fields.get(id) ?? []),
    }));
}

export type OwnListing = {
  id: number;
  slug: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  priceMinor: number;
  stock: number;
  categoryId: number;
  optionIds: number[];
  photos: string[];
  state: ListingState;
  /** Why the shop refused it, while it is refused. */
  refusal: string | null;
};

/** The seller's own listing as the edit form shows it; null for another seller's or the shop's product. */
export async function ownListing(userId: number, id: number): Promise<OwnListing | null> {
  const product = await db()
    .selectFrom("products as p")
    .select(["p.id", "p.slug", "p.price_minor", "p.stock", "p.category_id", "p.image", "p.images", "p.is_active"])
    .select(feeBillOf.as("fee_bill"))
    .select(reviewOf.as("review"))
    .select(refusalOf.as("refusal"))
    .where("p.id", "=", id)
    .where("p.seller_id", "=", userId)
    .executeTakeFirst();
  if (!product) return null;
  const [texts, values] = await Promise.all([
    db()
      .selectFrom("product_translations as pt")
      .innerJoin("languages as l", "l.id", "pt.language_id")
      .select(["l.iso_code", "pt.name", "pt.description"])
      .where("pt.product_id", "=", id)
      .execute(),
    db().selectFrom("product_additional_values").select("option_id").where("product_id", "=", id).orderBy("option_id").execute(),
  ]);
  return {
    id: Number(product.id),
    slug: product.slug,
    names: Object.fromEntries(texts.map((text) => [text.iso_code, text.name])),
    descriptions: Object.fromEntries(texts.map((text) => [text.iso_code, text.description])),
    priceMinor: Number(product.price_minor),
    stock: product.stock,
    categoryId: product.category_id,
    optionIds: values.map((value) => value.option_id),
    photos: galleryOf(product.image, product.images),
    state: listingState({ isActive: product.is_active, feeBill: product.fee_bill, review: product.review }),
    refusal: product.review === "refused" ? product.refusal : null,
  };
}

/** The photos a product page shows: its main picture, then the rest, each once. */
export function galleryOf(image: string, images: readonly string[]) {
  return [...new Set([image, ...images])];
}

export type SaveError = "not_found" | "stock_changed" | "unknown_category";
/** `inReview`: the listing waits for the shop's review after this save (a new one, or a refused one sent again). */
export type SaveOutcome = { ok: true; id: number; created: boolean; inReview: boolean } | { ok: false; error: SaveError; stock?: number };

export type ListingSave = {
  sellerId: number;
  /** The listing edited, or "new". */
  id: number | "new";
  input: ListingInput;
  /** Served paths of the photos kept for this save, new ones after the kept ones. */
  gallery: string[];
  /** The site's first language, whose texts a new listing also carries in the shop's other languages. */
  primaryLanguage: string;
};

/** Ids of the products' additional fields the seller chooses: every field the index shows. */
async function sellerFieldIds(trx: DB) {
  const rows = await trx.selectFrom("additional_fields").select("id").where("disabled_in_index", "=", false).execute();
  return rows.map((row) => row.id);
}

/**
 * Creates or edits a listing in one transaction: the product (price in
 * minor units, stock, category, photos), its title and description in each
 * language given, and its additional values. A new listing waits for its
 * review, then for its fee (is_active false); an edit of a refused listing
 * sends it to be reviewed again, and any edit makes a decision taken on
 * what the page showed before it stale (the review's version). Another
 * seller's listing or a shop product is "not_found"; a stock that orders
 * changed since the form was loaded is "stock_changed" (with the stock
 * now), so no sale is overwritten.
 */
export async function saveListing(save: ListingSave): Promise<SaveOutcome> {
  const { input, gallery } = save;
  if (gallery.length === 0) throw new Error("A listing needs a photo");
  return db()
    .transaction()
    .execute(async (trx): Promise<SaveOutcome> => {
      const category = await trx.selectFrom("categories").select("id").where("id", "=", input.categoryId).executeTakeFirst();
      if (!category) return { ok: false, error: "unknown_category" };
      const languages = await trx.selectFrom("languages").select(["id", "iso_code"]).execute();
      const languageId = new Map(languages.map((language) => [language.iso_code, language.id]));
      let id: number;
      const created = save.id === "new";
      let inReview = created;
      if (save.id === "new") {
        const { rows } = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('products', 'id'))::text as id`.execute(trx);
        id = Number(rows[0]!.id);
        await trx
          .insertInto("products")
          .values({
            id,
            sku: `PRO-${id}`,
            slug: listingSlug(input.names[save.primaryLanguage] ?? Object.values(input.names)[0] ?? "", id),
            listing_type: "p",
            category_id: input.categoryId,
            manufacturer_id: null,
            price_minor: input.priceMinor,
            original_price_minor: input.priceMinor,
            stock: input.stock,
            image: gallery[0]!,
            images: gallery,
            is_active: false,
            seller_id: save.sellerId,
          })
          .execute();
        await trx.insertInto("listing_reviews").values({ product_id: id }).execute();
      } else {
        const current = await trx
          .selectFrom("products")
          .select(["id", "stock"])
          .where("id", "=", save.id)
          .where("seller_id", "=", save.sellerId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) return { ok: false, error: "not_found" };
        // Orders took or gave back units since the form was loaded: the seller decides again.
        if (input.stockSeen !== null && current.stock !== input.stockSeen && input.stock !== current.stock) {
          return { ok: false, error: "stock_changed", stock: current.stock };
        }
        id = Number(current.id);
        await trx
          .updateTable("products")
          .set({
            category_id: input.categoryId,
            // A seller's price is the price: no struck-out "before" price.
            price_minor: input.priceMinor,
            original_price_minor: input.priceMinor,
            stock: input.stock,
            image: gallery[0]!,
            images: gallery,
          })
          .where("id", "=", id)
          .execute();
        // A refused listing, edited, waits for the shop's review again; the update's right side reads the row as it was.
        const review = await trx
          .updateTable("listing_reviews")
          .set({
            version: sql`version + 1`,
            status: sql`case when status = 'refused' then 'pending' else status end`,
            reason: sql`case when status = 'refused' then null else reason end`,
            submitted_at: sql`case when status = 'refused' then now() else submitted_at end`,
          })
          .where("product_id", "=", id)
          .returning("status")
          .executeTakeFirst();
        inReview = review?.status === "pending";
      }

      const texts = Object.keys(input.names).flatMap((iso) => {
        const language = languageId.get(iso);
        return language === undefined ? [] : [{ product_id: id, language_id: language, name: input.names[iso]!, description: input.descriptions[iso]! }];
      });
      await trx
        .insertInto("product_translations")
        .values(texts)
        .onConflict((oc) => oc.columns(["product_id", "language_id"]).doUpdateSet((eb) => ({ name: eb.ref("excluded.name"), description: eb.ref("excluded.description") })))
        .execute();
      // Every page of the shop shows a product in its own language: the
      // languages the site has not (a listing made on a two-language site)
      // start with the site's first language's texts, and keep their own once they have them.
      const primary = input.names[save.primaryLanguage] === undefined ? Object.keys(input.names)[0]! : save.primaryLanguage;
      const others = languages.filter((language) => input.names[language.iso_code] === undefined);
      if (others.length) {
        await trx
          .insertInto("product_translations")
          .values(others.map((language) => ({ product_id: id, language_id: language.id, name: input.names[primary]!, description: input.descriptions[primary]! })))
          .onConflict((oc) => oc.columns(["product_id", "language_id"]).doNothing())
          .execute();
      }

      // The seller's fields are replaced by what the form chose; fields the index leaves out stay.
      const fieldIds = await sellerFieldIds(trx);
      const chosen = input.optionIds.length
        ? await trx.selectFrom("additional_field_options").select(["id", "field_id"]).where("id", "in", input.optionIds).where("field_id", "in", fieldIds).execute()
        : [];
      const kept = await trx.selectFrom("product_additional_values").select("option_id").where("product_id", "=", id).where("field_id", "in", fieldIds).execute();
      const before = new Set(kept.map((row) => row.option_id));
      const after = new Set(chosen.map((row) => row.id));
      // Only real changes are written: each is a catalogue change the listings apply (0018).
      const dropped = [...before].filter((optionId) => !after.has(optionId));
      if (dropped.length) await trx.deleteFrom("product_additional_values").where("product_id", "=", id).where("option_id", "in", dropped).execute();
      const added = chosen.filter((row) => !before.has(row.id));
      if (added.length) {
        await trx
          .insertInto("product_additional_values")
          .values(added.map((row) => ({ product_id: id, field_id: row.field_id, option_id: row.id })))
          .execute();
      }
      return { ok: true, id, created, inReview };
    });
}

/** The seller's listing for its fee: state, name and the fee's bill; null for anyone else's. */
export async function listingForFee(userId: number, id: number, locale: Locale) {
  const row = await db()
    .selectFrom("products as p")
    .leftJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "p.id").on("pt.language_id", "=", languageIdOf(locale)))
    .leftJoin("orders as b", (join) => join.onRef("b.source_id", "=", "p.id").on("b.kind", "=", "listing"))
    .select(["p.id", "p.slug", "p.sku", "p.is_active", "pt.name", "b.slug as bill_slug", "b.status as bill_status", "b.total_minor as bill_total"])
    .select(reviewOf.as("review"))
    .select(refusalOf.as("refusal"))
    .where("p.id", "=", id)
    .where("p.seller_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name ?? row.sku,
    state: listingState({ isActive: row.is_active, feeBill: row.bill_status, review: row.review }),
    refusal: row.review === "refused" ? row.refusal : null,
    bill: row.bill_slug ? { slug: row.bill_slug, status: row.bill_status!, totalMinor: Number(row.bill_total) } : null,
  };
}
