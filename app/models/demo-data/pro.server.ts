import type { DB } from "~/models/db/db.server";
import { DEMO_ACCOUNTS } from "./accounts.server";
import { mulberry32, randomHex, randomInt } from "./random";
import { BASE_DATE, CURRENCY_IDS, LANGUAGE_IDS, SITE_IDS } from "./reference";

// The demo pro seller's listings (docs/pro.md): a few products of the
// catalogue become pro@example.com's, one of them new and waiting for its
// fee, with two weeks of page views and some sales to guests, so /site-pro
// has something to show. Chosen from the seed like the rest of the demo.

/** Listings the demo seller has; the last one waits for its fee. */
const LISTINGS = 6;
/** Days of views before the demo's base date. */
const VIEW_DAYS = 14;
const DAY_MS = 86_400_000;
const SHIPPING_MINOR = 690;

export async function insertProListings(db: DB, { seed, products }: { seed: number; products: number }) {
  if (products === 0) return { listings: 0 };
  const random = mulberry32(seed ^ 0x5e11e2);
  const seller = await db.selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.pro.email).executeTakeFirstOrThrow();

  const ids = new Set<number>();
  while (ids.size < Math.min(LISTINGS, products)) ids.add(randomInt(random, 1, products));
  const listings = [...ids].sort((a, b) => a - b);
  const waiting = listings.at(-1)!;
  const shown = listings.filter((id) => id !== waiting);

  await db.updateTable("products").set({ seller_id: seller.id }).where("id", "in", listings).execute();
  // Listed yesterday, its fee not paid yet: not on the marketplace.
  await db
    .updateTable("products")
    .set({ is_active: false, arrived_at: new Date(BASE_DATE.getTime() - DAY_MS), created_at: new Date(BASE_DATE.getTime() - DAY_MS) })
    .where("id", "=", waiting)
    .execute();

  const views = shown.flatMap((productId) =>
    Array.from({ length: VIEW_DAYS }, (_, back) => ({
      product_id: productId,
      day: new Date(BASE_DATE.getTime() - (back + 1) * DAY_MS).toISOString().slice(0, 10),
      views: randomInt(random, 0, 60),
    })).filter((row) => row.views > 0),
  );
  if (views.length) await db.insertInto("product_views").values(views).execute();

  // Guests bought some of the listings: paid marketplace orders, delivered
  // but for the last, still on its way (shipments.server.ts ships them).
  const bought = await db
    .selectFrom("products as p")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.language_id", "=", LANGUAGE_IDS.en))
    .select(["p.id", "p.sku", "p.price_minor", "p.image", "t.name"])
    .where("p.id", "in", shown.slice(0, 3))
    .orderBy("p.id")
    .execute();
  let orders = 0;
  for (const [index, product] of bought.entries()) {
    for (let n = 0; n <= index; n++) {
      const quantity = randomInt(random, 1, 3);
      const subtotal = product.price_minor * quantity;
      const createdAt = new Date(BASE_DATE.getTime() - randomInt(random, 2, VIEW_DAYS) * DAY_MS + randomInt(random, 9 * 60, 18 * 60) * 60_000);
      const order = await db
        .insertInto("orders")
        .values({
          slug: `mp-${randomHex(random, 10)}`,
          user_id: null,
          email: `buyer-${randomHex(random, 6)}@example.com`,
          site_id: SITE_IDS.default,
          kind: "marketplace",
          status: index === bought.length - 1 && n === index ? "shipped" : "delivered",
          currency_id: CURRENCY_IDS.EUR,
          shipping_method: "sea",
          subtotal_minor: subtotal,
          shipping_minor: SHIPPING_MINOR,
          total_minor: subtotal + SHIPPING_MINOR,
          created_at: createdAt,
          paid_at: new Date(createdAt.getTime() + 10 * 60_000),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("order_items")
        .values({ order_id: order.id, product_id: product.id, sku: product.sku, name: product.name, quantity, price_minor: product.price_minor, image: product.image })
        .execute();
      orders++;
    }
  }
  return { listings: listings.length, orders };
}
