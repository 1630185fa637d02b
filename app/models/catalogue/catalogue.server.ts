import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { shellCached } from "~/models/db/shell-cache.server";
import { readProductCards, type ProductCard } from "./product-cards.server";

export type { ProductCard } from "./product-cards.server";

export type CategoryLink = { id: number; path: string; name: string; image: string | null };

/** The categories at the top of the tree, in the shopper's language; every page's menu shows them. */
export function listTopCategories(locale: Locale): Promise<CategoryLink[]> {
  return shellCached(`top-categories:${locale}`, () => readTopCategories(locale));
}

function readTopCategories(locale: Locale): Promise<CategoryLink[]> {
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
  "new-arrivals": "p.arrived_at",
  "best-sellers": "p.paid_amount",
} as const;

/**
 * Every home page shows the same shelves: each is read once a second at
 * most, the time a catalogue change may take to show anywhere (issue 13),
 * instead of on every request.
 */
const SHELF_KEPT_MS = 1_000;
const shelves = new Map<string, { readAt: number; cards: Promise<ProductCard[]> }>();

/** A home shelf's cards by key, read by `read` at most once a second; a failed read is not kept. */
export function shelfKept(key: string, read: () => Promise<ProductCard[]>): Promise<ProductCard[]> {
  const kept = shelves.get(key);
  if (kept && Date.now() - kept.readAt < SHELF_KEPT_MS) return kept.cards;
  const cards = read();
  shelves.set(key, { readAt: Date.now(), cards });
  cards.catch(() => shelves.get(key)?.cards === cards && shelves.delete(key));
  return cards;
}

/** A shelf of product cards for the home page, newest or best-selling first; only what is in stock. */
export function listProductShelf(locale: Locale, order: keyof typeof ORDER, limit: number): Promise<ProductCard[]> {
  return shelfKept(`${locale}:${order}:${limit}`, () =>
    readProductCards(locale, (query) =>
      query.where("p.is_active", "=", true).where("p.stock", ">", 0).orderBy(ORDER[order], "desc").orderBy("p.id", "desc").limit(limit),
    ),
  );
}
