import { beforeAll, describe, expect, it } from "vitest";
import { listProductShelf } from "~/models/catalogue/catalogue.server";
import { productCardsByIds, shownCard, type ProductCard } from "~/models/catalogue/product-cards.server";
import { getProduct } from "~/models/catalogue/products.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { searchSuggestions } from "~/models/search/search.server";

// Every list of product cards (home page shelves, listings, search, the
// search bar's suggestions) reads them through one query, so one product
// shows the same card everywhere.

beforeAll(async () => {
  await seedDemoData(db(), { products: 120, seed: 3 });
});

describe("product cards", () => {
  it("a shelf, the cards by id and the search bar's suggestions show the same card for a product", async () => {
    const shelf = await listProductShelf("lt", "new-arrivals", 4);
    expect(shelf).toHaveLength(4);
    const first = shelf[0]!;
    const row = await db()
      .selectFrom("products as p")
      .innerJoin("product_translations as pt", "pt.product_id", "p.id")
      .select(["p.slug", "p.image", "p.price_minor", "p.stock", "pt.name"])
      .where("p.id", "=", first.id)
      .where("pt.language_id", "=", 2)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ slug: row.slug, name: row.name, image: row.image, priceMinor: row.price_minor, inStock: row.stock > 0 });

    // By id, in the order asked for.
    const ids = shelf.map((card) => card.id).reverse();
    expect(await productCardsByIds("lt", ids)).toEqual([...shelf].reverse());

    // The search bar, asked for the product's own name, shows it with the same card.
    const suggestions = await searchSuggestions("lt", first.name, { items: 50, categories: 1 });
    expect(suggestions.items.find((card) => card.id === first.id)).toEqual(first);
  });

  it("a page sends of a card what it draws: no stock, and an old price and a discount only when there is one", () => {
    const card: ProductCard = { id: 7, slug: "x-7", name: "X", manufacturer: null, image: "/media/x.svg", priceMinor: 900, originalPriceMinor: 1_200, discountPercentage: 25, inStock: true };
    expect(shownCard(card)).toEqual({ id: 7, slug: "x-7", name: "X", manufacturer: null, image: "/media/x.svg", priceMinor: 900, originalPriceMinor: 1_200, discountPercentage: 25 });
    expect(shownCard({ ...card, originalPriceMinor: 900, discountPercentage: 0, inStock: false })).toEqual({ id: 7, slug: "x-7", name: "X", manufacturer: null, image: "/media/x.svg", priceMinor: 900 });
  });

  it("leaves out an id with no product and keeps the rest in order", async () => {
    const shelf = await listProductShelf("en", "best-sellers", 2);
    expect(await productCardsByIds("en", [shelf[1]!.id, 99_999_999, shelf[0]!.id])).toEqual([shelf[1], shelf[0]]);
    expect(await productCardsByIds("en", [])).toEqual([]);
  });

  it("cards by id follow a change at once: the embedded database's kept cards are dropped by any write", async () => {
    const [first] = await listProductShelf("en", "best-sellers", 1);
    const [before] = await productCardsByIds("en", [first!.id]);
    expect(await productCardsByIds("en", [first!.id])).toEqual([before]);
    await db().updateTable("products").set({ price_minor: before!.priceMinor + 1 }).where("id", "=", first!.id).execute();
    try {
      expect((await productCardsByIds("en", [first!.id]))[0]).toMatchObject({ priceMinor: before!.priceMinor + 1 });
      // Another language's card of the same product, read for the first time since.
      expect((await productCardsByIds("lt", [first!.id]))[0]).toMatchObject({ priceMinor: before!.priceMinor + 1 });
    } finally {
      await db().updateTable("products").set({ price_minor: before!.priceMinor }).where("id", "=", first!.id).execute();
    }
    expect(await productCardsByIds("en", [first!.id])).toEqual([before]);
  });

  it("a shelf follows a sold-out product within a second", async () => {
    const [first] = await listProductShelf("lv", "new-arrivals", 3);
    const { stock } = await db().selectFrom("products").select("stock").where("id", "=", first!.id).executeTakeFirstOrThrow();
    await db().updateTable("products").set({ stock: 0 }).where("id", "=", first!.id).execute();
    try {
      await expect.poll(async () => (await listProductShelf("lv", "new-arrivals", 3)).map((card) => card.id), { timeout: 2_000 }).not.toContain(first!.id);
    } finally {
      await db().updateTable("products").set({ stock }).where("id", "=", first!.id).execute();
    }
  });

  it("a shelf holds only active products in stock, newest first", async () => {
    const shelf = await listProductShelf("en", "new-arrivals", 10);
    const rows = await db().selectFrom("products").select(["id", "is_active", "stock", "arrived_at"]).where("id", "in", shelf.map((c) => c.id)).execute();
    for (const row of rows) expect(row.is_active && row.stock > 0, String(row.id)).toBe(true);
    const arrived = shelf.map((card) => rows.find((r) => r.id === card.id)!.arrived_at.getTime());
    expect(arrived).toEqual([...arrived].sort((a, b) => b - a));
  });

  it("a product page follows a change at once: the embedded database's kept pages are dropped by any write", async () => {
    const [card] = await listProductShelf("en", "best-sellers", 1);
    const before = (await getProduct("en", card!.slug))!;
    expect(before).toMatchObject({ id: card!.id, name: card!.name, price_minor: card!.priceMinor });
    expect(await getProduct("en", card!.slug)).toEqual(before);
    await db().updateTable("products").set({ price_minor: before.price_minor + 1, stock: before.stock + 5 }).where("id", "=", card!.id).execute();
    try {
      expect(await getProduct("en", card!.slug)).toMatchObject({ price_minor: before.price_minor + 1, stock: before.stock + 5 });
      // Taken off sale: the page is gone at once, not kept.
      await db().updateTable("products").set({ is_active: false }).where("id", "=", card!.id).execute();
      expect(await getProduct("en", card!.slug)).toBeNull();
    } finally {
      await db().updateTable("products").set({ price_minor: before.price_minor, stock: before.stock, is_active: true }).where("id", "=", card!.id).execute();
    }
    expect(await getProduct("en", card!.slug)).toEqual(before);
    // Another language's page of the same product is its own.
    expect(await getProduct("lt", card!.slug)).toMatchObject({ id: card!.id, price_minor: before.price_minor });
  });
});
