import type { Locale } from "~/lib/i18n";
import type { Minor } from "~/lib/money";
import { keptUntilWrite } from "~/models/db/kept-until-write.server";
import { productsIn } from "./localized-products.server";

// The one query that reads product cards: the listings and the search page
// (through search.server's page of ids), the search bar's suggestions and
// the home page's shelves. What a card shows is decided here once, so no
// list can show a card with another name, price or picture than the others.

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

/**
 * What a card draws, and so all a page sends of one (issue 31, point 2): a
 * card shows no stock, and an old price and a discount only when there is
 * one. A listing sends 48; the API's items stay whole cards.
 */
export type ShownCard = Omit<ProductCard, "inStock" | "originalPriceMinor" | "discountPercentage"> &
  ({ discountPercentage?: undefined } | Pick<ProductCard, "originalPriceMinor" | "discountPercentage">);

export function shownCard({ inStock: _inStock, originalPriceMinor, discountPercentage, ...card }: ProductCard): ShownCard {
  return discountPercentage > 0 ? { ...card, originalPriceMinor, discountPercentage } : card;
}

function cardQuery(locale: Locale) {
  return productsIn(locale)
    .leftJoin("manufacturers as m", "m.id", "p.manufacturer_id")
    .select(["p.id", "p.slug", "pt.name", "m.name as manufacturer", "p.image", "p.price_minor", "p.original_price_minor", "p.discount_percentage", "p.stock"]);
}

type CardQuery = ReturnType<typeof cardQuery>;
type CardRow = Awaited<ReturnType<CardQuery["executeTakeFirstOrThrow"]>>;

function toProductCard(row: CardRow): ProductCard {
  return {
    id: Number(row.id),
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

/**
 * Product cards in the shopper's language. `narrow` picks which and in what
 * order (filters on `p.…`, order, limit); the columns and the joins stay
 * the same for every caller.
 */
export async function readProductCards(locale: Locale, narrow: (query: CardQuery) => CardQuery): Promise<ProductCard[]> {
  const rows = await narrow(cardQuery(locale)).execute();
  return rows.map(toProductCard);
}

/**
 * Cards read on the embedded database, by language and id, until its next
 * write (decision 057): they were a fifth of a listing's time there.
 * PostgreSQL, which other processes write to, is read every time.
 */
const keptCards = keptUntilWrite<ProductCard>(50_000);

/** The cards of these products, in the order of the ids; an id without an active translation is left out. */
export async function productCardsByIds(locale: Locale, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const cards = keptCards();
  const key = (id: number) => `${locale} ${id}`;
  const missing = cards ? ids.filter((id) => !cards.has(key(id))) : ids;
  const read = missing.length > 0 ? await readProductCards(locale, (query) => query.where("p.id", "in", missing)) : [];
  const byId = new Map(read.map((card) => [card.id, card]));
  for (const card of read) cards?.set(key(card.id), card);
  return ids.flatMap((id) => byId.get(id) ?? cards?.get(key(id)) ?? []);
}
