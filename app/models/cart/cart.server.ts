import { sql, type Transaction } from "kysely";
import { randomBytes } from "node:crypto";
import { localePath, type Locale } from "~/lib/i18n";
import type { SessionUser } from "~/models/accounts/sessions.server";
import { db, type DB } from "~/models/db/db.server";
import type { Database } from "~/models/db/schema";
import { productsIn } from "~/models/catalogue/localized-products.server";
import {
  CART_TTL_MINUTES,
  emptyCart,
  freight,
  lineParcels,
  subtotalOf,
  tierShipping,
  type Cart,
  type CartError,
  type CartItem,
  type ShippingMethod,
} from "./cart";

// Carts held on the server (docs/cart.md). A guest's cart is found by the
// token in the `cart` cookie, made at the first add and never before; a
// customer's by the user, and a guest's cart joins it at sign-in. Each line
// reserves its quantity of the product until the cart expires: what a cart
// may hold is the stock less what other live carts hold. Every change to a
// line locks the product's row first, so two carts racing for the last unit
// are served one after the other and only one gets it.

export type CartOwner = { user: SessionUser | null; token: string | null };
export type CartRefusal = { ok: false; error: CartError; maxQuantity?: number };
export type CartOutcome = { ok: true } | CartRefusal;
/** An add also says whose cart it was: a guest's first add makes one, with the token (`newToken`) the guest keeps to find it. */
export type AddOutcome = { ok: true; owner: CartOwner; newToken?: string } | CartRefusal;


const expiry = () => new Date(Date.now() + CART_TTL_MINUTES * 60_000);

type Executor = DB | Transaction<Database>;

async function findCart(executor: Executor, owner: CartOwner, siteId: number) {
  const query = executor.selectFrom("carts").select(["id", "token", "user_id", "shipping_method", "expires_at"]).where("site_id", "=", siteId);
  if (owner.user) return (await query.where("user_id", "=", owner.user.id).executeTakeFirst()) ?? null;
  if (owner.token) return (await query.where("token", "=", owner.token).where("user_id", "is", null).executeTakeFirst()) ?? null;
  return null;
}

/** Units of a product that live carts other than `cartId` hold. */
async function reservedElsewhere(executor: Executor, productId: number, cartId: number | null) {
  const row = await executor
    .selectFrom("cart_items as ci")
    .innerJoin("carts as c", "c.id", "ci.cart_id")
    .select(sql<number>`coalesce(sum(ci.quantity), 0)::int`.as("units"))
    .where("ci.product_id", "=", productId)
    .where("c.expires_at", ">", new Date())
    .$if(cartId !== null, (q) => q.where("c.id", "<>", cartId!))
    .executeTakeFirstOrThrow();
  return Number(row.units);
}

/** The product's row, locked until the transaction ends, with what this cart may hold of it. */
async function lockProduct(trx: Transaction<Database>, sku: string, cartId: number | null) {
  const product = await trx
    .selectFrom("products")
    .select(["id", "stock", "price_minor", "is_active"])
    .where("sku", "=", sku)
    .forUpdate()
    .executeTakeFirst();
  if (!product || !product.is_active) return null;
  const available = Math.max(0, product.stock - (await reservedElsewhere(trx, Number(product.id), cartId)));
  return { id: Number(product.id), price: product.price_minor, available };
}

const isQuantity = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;

/** Adds units of a product, making the cart (and its cookie, for a guest) if there is none. */
export async function addToCart(owner: CartOwner, siteId: number, sku: string, quantity: number): Promise<AddOutcome> {
  if (!isQuantity(quantity)) return { ok: false, error: "invalid_quantity" };
  return db().transaction().execute(async (trx) => {
    let cart = await findCart(trx, owner, siteId);
    const product = await lockProduct(trx, sku, cart ? Number(cart.id) : null);
    if (!product) return { ok: false, error: "unknown_sku" } as const;
    const line = cart
      ? await trx.selectFrom("cart_items").select("quantity").where("cart_id", "=", cart.id).where("product_id", "=", product.id).executeTakeFirst()
      : undefined;
    const wanted = (line?.quantity ?? 0) + quantity;
    if (wanted > product.available) return { ok: false, error: "not_enough_stock", maxQuantity: product.available } as const;

    let madeToken: string | undefined;
    let token = owner.token;
    if (!cart) {
      const newToken = randomBytes(24).toString("base64url");
      cart = await trx
        .insertInto("carts")
        .values({ token: newToken, user_id: owner.user?.id ?? null, site_id: siteId, expires_at: expiry() })
        .returning(["id", "token", "user_id", "shipping_method", "expires_at"])
        .executeTakeFirstOrThrow();
      if (!owner.user) {
        token = newToken;
        madeToken = newToken;
      }
    } else {
      await trx.updateTable("carts").set({ expires_at: expiry() }).where("id", "=", cart.id).execute();
    }
    await trx
      .insertInto("cart_items")
      .values({ cart_id: cart.id, product_id: product.id, quantity: wanted, price_minor: product.price })
      .onConflict((oc) => oc.columns(["cart_id", "product_id"]).doUpdateSet({ quantity: wanted }))
      .execute();
    return { ok: true, owner: { user: owner.user, token }, newToken: madeToken } as const;
  });
}

/** Sets a line's quantity: a whole number from 1 to what can be reserved. */
export async function setQuantity(owner: CartOwner, siteId: number, sku: string, quantity: number): Promise<CartOutcome> {
  if (!isQuantity(quantity)) return { ok: false, error: "invalid_quantity" };
  return db().transaction().execute(async (trx) => {
    const cart = await findCart(trx, owner, siteId);
    if (!cart) return { ok: false, error: "not_in_cart" } as const;
    const product = await lockProduct(trx, sku, Number(cart.id));
    if (!product) return { ok: false, error: "unknown_sku" } as const;
    if (quantity > product.available) return { ok: false, error: "not_enough_stock", maxQuantity: product.available } as const;
    const updated = await trx
      .updateTable("cart_items")
      .set({ quantity })
      .where("cart_id", "=", cart.id)
      .where("product_id", "=", product.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, error: "not_in_cart" } as const;
    await trx.updateTable("carts").set({ expires_at: expiry() }).where("id", "=", cart.id).execute();
    return { ok: true } as const;
  });
}

/** Takes a product out of the cart. */
export async function removeFromCart(owner: CartOwner, siteId: number, sku: string): Promise<CartOutcome> {
  const cart = await findCart(db(), owner, siteId);
  if (!cart) return { ok: false, error: "not_in_cart" };
  const product = await db().selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirst();
  if (!product) return { ok: false, error: "unknown_sku" };
  const removed = await db().deleteFrom("cart_items").where("cart_id", "=", cart.id).where("product_id", "=", product.id).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0 ? { ok: true } : { ok: false, error: "not_in_cart" };
}

/** Air or sea for the whole cart. */
export async function setShippingMethod(owner: CartOwner, siteId: number, method: ShippingMethod): Promise<CartOutcome> {
  const cart = await findCart(db(), owner, siteId);
  if (!cart) return { ok: false, error: "not_in_cart" };
  await db().updateTable("carts").set({ shipping_method: method }).where("id", "=", cart.id).execute();
  return { ok: true };
}

/**
 * At sign-in or sign-up: the guest's cart joins the customer's. A line both
 * hold keeps the larger quantity, within what can be reserved; a customer
 * without a cart simply takes the guest's.
 */
export async function adoptGuestCart(token: string, userId: number) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const guest = await trx.selectFrom("carts").select(["id", "site_id"]).where("token", "=", token).where("user_id", "is", null).forUpdate().executeTakeFirst();
      if (!guest) return;
      const own = await trx.selectFrom("carts").select("id").where("user_id", "=", userId).where("site_id", "=", guest.site_id).forUpdate().executeTakeFirst();
      if (!own) {
        await trx.updateTable("carts").set({ user_id: userId, expires_at: expiry() }).where("id", "=", guest.id).execute();
        return;
      }
      const lines = await trx.selectFrom("cart_items").selectAll().where("cart_id", "=", guest.id).execute();
      for (const line of lines) {
        await trx
          .insertInto("cart_items")
          .values({ ...line, cart_id: own.id })
          .onConflict((oc) => oc.columns(["cart_id", "product_id"]).doUpdateSet({ quantity: sql`greatest(cart_items.quantity, excluded.quantity)` }))
          .execute();
      }
      await trx.deleteFrom("carts").where("id", "=", guest.id).execute();
      await trx.updateTable("carts").set({ expires_at: expiry() }).where("id", "=", own.id).execute();
    });
}

/** The cart as spec 3 shows it, in the shopper's language; an empty one when there is none. */
export async function readCart(owner: CartOwner, siteId: number, locale: Locale): Promise<Cart> {
  const cart = await findCart(db(), owner, siteId);
  if (!cart) return emptyCart();
  const rows = await productsIn(locale)
    .innerJoin("cart_items as ci", "ci.product_id", "p.id")
    .select([
      "p.id",
      "p.sku",
      "p.slug",
      "p.image",
      "p.stock",
      "p.price_minor",
      "p.weight_grams",
      "p.volume_cm3",
      "pt.name",
      "ci.quantity",
      "ci.price_minor as added_price_minor",
    ])
    .where("ci.cart_id", "=", cart.id)
    .orderBy("ci.added_at")
    .orderBy("p.id")
    .execute();

  const items: CartItem[] = [];
  for (const row of rows) {
    const max = Math.max(0, row.stock - (await reservedElsewhere(db(), Number(row.id), Number(cart.id))));
    items.push({
      id: Number(row.id),
      sku: row.sku,
      name: row.name,
      image: row.image,
      url: localePath(locale, `/p/${row.slug}`),
      quantity: row.quantity,
      max_quantity: max,
      price: row.price_minor,
      ...(row.added_price_minor !== row.price_minor && { price_when_added: row.added_price_minor }),
    });
  }

  const [rates, tiers] = await Promise.all([
    db().selectFrom("shipping_rates").selectAll().where("site_id", "=", siteId).execute(),
    db().selectFrom("shipping_tiers").selectAll().where("site_id", "=", siteId).execute(),
  ]);
  const parcels = rows.map((row) => lineParcels({ weightGrams: row.weight_grams, volumeCm3: row.volume_cm3, quantity: row.quantity }));
  const shipping = emptyCart().shipping;
  for (const rate of rates) {
    const { price, discount } = freight(parcels, {
      base: rate.base_minor,
      perKg: rate.per_kg_minor,
      volumetricDivisor: rate.volumetric_divisor,
      discountPercent: rate.discount_percent,
    });
    shipping.shipping_methods[rate.method] = price;
    shipping.shipping_discounts[rate.method] = discount;
  }
  const subtotal = subtotalOf(items);
  shipping.tier_based_shipping = items.length ? tierShipping(subtotal, tiers.map((t) => ({ minSubtotal: t.min_subtotal_minor, shipping: t.shipping_minor }))) : null;

  return {
    items,
    shipping,
    delivery: 0,
    shipping_method: cart.shipping_method,
    expiration: new Date(cart.expires_at).toISOString(),
    reservation_error: items.some((item) => item.quantity > item.max_quantity),
    subtotal,
    count: items.reduce((total, item) => total + item.quantity, 0),
  };
}

/** Carts whose reservation lapsed long ago and that nobody signed in owns: housekeeping. */
export async function purgeAbandonedCarts(olderThanDays = 30) {
  await db()
    .deleteFrom("carts")
    .where("user_id", "is", null)
    .where("expires_at", "<", new Date(Date.now() - olderThanDays * 86_400_000))
    .execute();
}

/** Units in the shopper's cart, for the header; no query at all for a visitor with neither session nor cart. */
export async function cartCount(owner: CartOwner, siteId: number) {
  if (!owner.user && !owner.token) return 0;
  const cart = await findCart(db(), owner, siteId);
  if (!cart) return 0;
  const row = await db()
    .selectFrom("cart_items")
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as("units"))
    .where("cart_id", "=", cart.id)
    .executeTakeFirstOrThrow();
  return Number(row.units);
}
