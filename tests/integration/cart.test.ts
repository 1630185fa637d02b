import { beforeAll, describe, expect, it } from "vitest";
import { addToCart, adoptGuestCart, readCart, removeFromCart, setQuantity, setShippingMethod, type CartOwner } from "~/models/cart/cart.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { makeCustomer } from "./factories";
import { cartSetCookie } from "~/web/cart/cart-cookie.server";

// The cart of spec 3 and 4 on the server: reservations, quantity rules,
// freight, the guest's cart joining the customer's, and the race for the
// last unit, which must be won once.

const SITE = 1;
let products: Array<{ id: number; sku: string; stock: number; price_minor: number }>;

beforeAll(async () => {
  await seedDemoData(db(), { products: 60, seed: 5 });
  products = await db()
    .selectFrom("products")
    .select(["id", "sku", "stock", "price_minor"])
    .where("stock", ">=", 5)
    .where("is_active", "=", true)
    .orderBy("id")
    .limit(8)
    .execute();
  expect(products.length).toBe(8);
});

let guests = 0;
const guest = (): CartOwner => ({ user: null, token: `guest-token-${++guests}-${"x".repeat(20)}` });

/** A guest's cart is found by the token its first add set in the cookie. */
async function guestWithCart(sku: string, quantity = 1): Promise<CartOwner> {
  const outcome = await addToCart({ user: null, token: null }, SITE, sku, quantity);
  if (!outcome.ok) throw new Error(`the first add was refused: ${outcome.error}`);
  expect(await cartSetCookie(outcome.newToken)).toMatch(/^cart=/);
  expect(outcome.owner.token).toMatch(/^[\w-]{32}$/);
  return outcome.owner;
}


describe("the cart", () => {
  it("a guest has no cart until the first add, which sets the cart cookie", async () => {
    const owner = guest();
    expect((await readCart(owner, SITE, "en")).items).toEqual([]);
    expect(await db().selectFrom("carts").select("id").where("token", "=", owner.token!).execute()).toEqual([]);
    const withCart = await guestWithCart(products[0]!.sku, 2);
    const cart = await readCart(withCart, SITE, "en");
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ sku: products[0]!.sku, quantity: 2, price: products[0]!.price_minor, max_quantity: products[0]!.stock });
    expect(cart.items[0]!.url).toMatch(/^\/en\/p\//);
    expect(cart.shipping_method).toBe("air");
    expect(cart.count).toBe(2);
    expect(cart.subtotal).toBe(products[0]!.price_minor * 2);
    expect(new Date(cart.expiration).getTime()).toBeGreaterThan(Date.now());
  });

  it("refuses a quantity of 0, a fraction, more than the stock and an unknown sku, and changes nothing", async () => {
    const owner = await guestWithCart(products[1]!.sku);
    const before = await readCart(owner, SITE, "en");
    expect(await setQuantity(owner, SITE, products[1]!.sku, 0)).toEqual({ ok: false, error: "invalid_quantity" });
    expect(await setQuantity(owner, SITE, products[1]!.sku, 1.5)).toEqual({ ok: false, error: "invalid_quantity" });
    expect(await setQuantity(owner, SITE, products[1]!.sku, products[1]!.stock + 1)).toEqual({ ok: false, error: "not_enough_stock", maxQuantity: products[1]!.stock });
    expect(await addToCart(owner, SITE, "NO-SUCH-SKU", 1)).toEqual({ ok: false, error: "unknown_sku" });
    expect(await readCart(owner, SITE, "en")).toEqual(before);
  });

  it("another cart's reservation lowers what this one may hold, until that cart expires", async () => {
    const product = products[2]!;
    const first = await guestWithCart(product.sku, product.stock - 1);
    const second = await guestWithCart(product.sku, 1);
    expect((await readCart(second, SITE, "en")).items[0]!.max_quantity).toBe(1);
    expect(await setQuantity(second, SITE, product.sku, 2)).toMatchObject({ ok: false, error: "not_enough_stock", maxQuantity: 1 });
    // The first cart lapses: its units are free again.
    await db().updateTable("carts").set({ expires_at: new Date(Date.now() - 1000) }).where("token", "=", first.token!).execute();
    expect((await readCart(second, SITE, "en")).items[0]!.max_quantity).toBe(product.stock);
    // …and the lapsed cart now holds more than it can reserve.
    await setQuantity(second, SITE, product.sku, product.stock);
    const lapsed = await readCart(first, SITE, "en");
    expect(lapsed.items[0]!.max_quantity).toBe(0);
    expect(lapsed.reservation_error).toBe(true);
  });

  it("prices air and sea freight from weight and volume, with the sea discount, and switches method", async () => {
    const owner = await guestWithCart(products[3]!.sku, 1);
    const [rates, product] = await Promise.all([
      db().selectFrom("shipping_rates").selectAll().where("site_id", "=", SITE).execute(),
      db().selectFrom("products").select(["weight_grams", "volume_cm3"]).where("sku", "=", products[3]!.sku).executeTakeFirstOrThrow(),
    ]);
    const cart = await readCart(owner, SITE, "en");
    for (const rate of rates) {
      // By hand: the greater of weight and volume ÷ divisor, up to the next 100 g.
      const grams = Math.ceil(Math.max(product.weight_grams, Math.ceil((product.volume_cm3 * 1000) / rate.volumetric_divisor)) / 100) * 100;
      const price = rate.base_minor + Math.round((rate.per_kg_minor * grams) / 1000);
      expect(cart.shipping.shipping_methods[rate.method], rate.method).toBe(price);
      expect(cart.shipping.shipping_discounts[rate.method], rate.method).toBe(rate.discount_percent ? -Math.round((price * rate.discount_percent) / 100) : 0);
    }
    expect(cart.shipping.shipping_discounts.sea).toBeLessThan(0);
    expect(await setShippingMethod(owner, SITE, "sea")).toEqual({ ok: true });
    expect((await readCart(owner, SITE, "en")).shipping_method).toBe("sea");
  });

  it("removes a line and says so when the line is not there", async () => {
    const owner = await guestWithCart(products[4]!.sku);
    expect(await removeFromCart(owner, SITE, products[4]!.sku)).toEqual({ ok: true });
    expect((await readCart(owner, SITE, "en")).items).toEqual([]);
    expect(await removeFromCart(owner, SITE, products[4]!.sku)).toEqual({ ok: false, error: "not_in_cart" });
  });

  it("a guest's cart joins the customer's at sign-in, keeping the larger quantity of a shared line", async () => {
    const { user } = await makeCustomer();
    const own: CartOwner = { user, token: null };
    expect(await addToCart(own, SITE, products[5]!.sku, 1)).toEqual({ ok: true, owner: own, newToken: undefined });
    const guestCart = await guestWithCart(products[5]!.sku, 3);
    await addToCart(guestCart, SITE, products[6]!.sku, 1);
    await adoptGuestCart(guestCart.token!, user.id);
    const joined = await readCart(own, SITE, "en");
    expect(joined.items.map((item) => [item.sku, item.quantity])).toEqual([
      [products[5]!.sku, 3],
      [products[6]!.sku, 1],
    ]);
    expect(await db().selectFrom("carts").select("id").where("token", "=", guestCart.token!).execute()).toEqual([]);
  });
});

describe("the last unit", () => {
  it("100 carts racing for it reserve it once", async () => {
    const product = products[7]!;
    await db().updateTable("products").set({ stock: 1 }).where("id", "=", product.id).execute();
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => addToCart({ user: null, token: null }, SITE, product.sku, 1)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.error === "not_enough_stock")).toHaveLength(99);
    const held = await db().selectFrom("cart_items").select((eb) => eb.fn.sum<number>("quantity").as("units")).where("product_id", "=", product.id).executeTakeFirstOrThrow();
    expect(Number(held.units)).toBe(1);
  });
});
