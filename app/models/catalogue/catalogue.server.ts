import type { Locale } from "~/lib/i18n";
import type { Minor } from "~/lib/money";
import { db } from "~/models/db/db.server";

export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  manufacturer: string | null;
  image: string;
  priceMinor: Minor;
  originalPriceMinor: Minor;
  discountPercentage: number;
  inStock: boolean;
};

export type CategoryLink = { id: number; path: string; name: string; image: string | null };

export async function listTopCategories(locale: Locale): Promise<CategoryLink[]> {
  return db()
    .selectFrom("categories")
    .innerJoin("category_translations as ct", "ct.category_id", "categories.id")
    .innerJoin("languages", "languages.id", "ct.language_id")
    .select(["categories.id", "categories.path", "ct.name", "categories.image"])
    .where("categories.parent_id", "is", null)
    .where("languages.iso_code", "=", locale)
    .orderBy("categories.position")
    .execute();
}

const ORDER = {
  "new-arrivals": "products.arrived_at",
  "best-sellers": "products.paid_amount",
} as const;

/** A shelf of product cards for the home page, newest or best-selling first. */
export async function listProductShelf(locale: Locale, order: keyof typeof ORDER, limit: number): Promise<ProductCard[]> {
  const rows = await db()
    .selectFrom("products")
    .innerJoin("product_translations as pt", "pt.product_id", "products.id")
    .innerJoin("languages", "languages.id", "pt.language_id")
    .leftJoin("manufacturers", "manufacturers.id", "products.manufacturer_id")
    .select([
      "products.id",
      "products.slug",
      "pt.name",
      "manufacturers.name as manufacturer",
      "products.image",
      "products.price_minor",
      "products.original_price_minor",
      "products.discount_percentage",
      "products.stock",
    ])
    .where("languages.iso_code", "=", locale)
    .where("products.is_active", "=", true)
    .where("products.stock", ">", 0)
    .orderBy(ORDER[order], "desc")
    .orderBy("products.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toProductCard);
}

export type ProductCardRow = {
  id: number;
  slug: string;
  name: string;
  manufacturer: string | null;
  image: string;
  price_minor: number;
  original_price_minor: number;
  discount_percentage: number;
  stock: number;
};

/** A product row as the card every listing shows. */
export function toProductCard(row: ProductCardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    manufacturer: row.manufacturer,
    image: row.image,
    priceMinor: row.price_minor,
    originalPriceMinor: row.original_price_minor,
    discountPercentage: row.discount_percentage,
    inStock: row.stock > 0,
  };
}
