import { sql } from "kysely";
import { toDecimalString } from "~/lib/money";
import { db } from "~/models/db/db.server";
import type { ProductCard } from "~/models/catalogue/product-cards.server";
import { searchListing, type ListingQuery } from "./search.server";

// Spec 3's search item, what the search API answers for widgets and for the
// analytics of spec 7: image, sku, name, manufacturer, category, price,
// variant, quantity and index, beside the card's own fields. The fields
// follow the list items analytics counts: a listing shows one of each
// product, not a chosen variant, at its place in the whole listing.

export type SearchItem = ProductCard & {
  sku: string;
  /** The product's category, named in the shopper's language. */
  category: string;
  /** EUR as a decimal string, so it never passes through a float. */
  price: string;
  /** A listing shows the product, not one of its sizes or colours. */
  variant: null;
  quantity: 1;
  /** The item's place in the whole listing, from 0. */
  index: number;
};

/** The sku and category name of these products, in the language. */
async function itemDetails(locale: ListingQuery["locale"], ids: number[]) {
  if (ids.length === 0) return new Map<number, { sku: string; category: string }>();
  const rows = await db()
    .selectFrom("products as p")
    .innerJoin("categories as k", "k.id", "p.category_id")
    .leftJoin("category_translations as ct", (join) =>
      join.onRef("ct.category_id", "=", "k.id").on("ct.language_id", "=", sql<number>`(select id from languages where iso_code = ${locale})`),
    )
    .select(["p.id", "p.sku", "ct.name", "k.slug"])
    .where("p.id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), { sku: row.sku, category: row.name ?? row.slug ?? "" }]));
}

/** A window of a listing as spec 3's search items, with the listing's total. */
export async function searchItems(query: ListingQuery): Promise<{ items: SearchItem[]; total: number }> {
  const { items, total } = await searchListing(query, { facets: false });
  const details = await itemDetails(query.locale, items.map((item) => item.id));
  const offset = query.offset ?? 0;
  return {
    total,
    items: items.map((item, position) => ({
      ...item,
      sku: details.get(item.id)?.sku ?? "",
      category: details.get(item.id)?.category ?? "",
      price: toDecimalString(item.priceMinor),
      variant: null,
      quantity: 1,
      index: offset + position,
    })),
  };
}
