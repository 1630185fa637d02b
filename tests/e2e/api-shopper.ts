import { expect } from "@playwright/test";
import { query } from "../postgres";

// A shopper who buys through the JSON API, as the fault tests drive the
// shop (issue 33): cookies kept between calls as a browser keeps them, each
// answer's status noted, a step asked again while the shop says "try
// again"; and the books those tests check afterwards.

/** A shopper's own cookies, kept between calls as a browser would; `language` as their browser asks for it. */
export function shopper(base: string, language?: string) {
  const jar = new Map<string, string>();
  const statuses: { step: string; status: number; retryAfter: string | null }[] = [];
  async function call(step: string, path: string, body?: unknown, form?: URLSearchParams) {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined && !form ? "GET" : "POST",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        origin: base,
        ...(language ? { "accept-language": language } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    statuses.push({ step, status: response.status, retryAfter: response.headers.get("retry-after") });
    return response;
  }
  /** A step as a shopper takes it: asked again, a moment later, while the shop says to try again. */
  async function step(name: string, path: string, body?: unknown, form?: URLSearchParams) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const response = await call(name, path, body, form);
      if (response.status !== 503) return response;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${name} was still refused after a minute`);
  }
  return { call, step, statuses };
}

export type Shopper = ReturnType<typeof shopper>;
export type Setup = { sku: string; productId: number; courier: number; point: number; country: number };

/** The first product on sale, with `stock` units, and a parcel locker to deliver it to. */
export async function setupShop(databaseUrl: string, stock: number): Promise<Setup> {
  const [product] = await query<{ id: number; sku: string }>(databaseUrl, "select id, sku from products where is_active and listing_type = 'p' order by id limit 1");
  await query(databaseUrl, "update products set stock = $2 where id = $1", [product!.id, stock]);
  const [courier] = await query<{ id: number; country_id: number }>(databaseUrl, "select id, country_id from couriers where delivery_type = 'locker' order by id limit 1");
  const [point] = await query<{ id: number }>(databaseUrl, "select id from pickup_points where courier_id = $1 order by id limit 1", [courier!.id]);
  return { sku: product!.sku, productId: product!.id, courier: courier!.id, point: point!.id, country: courier!.country_id };
}

/** From the cart to the last step before the confirm: the checkout's slug, or the cart's refusal. */
export async function readyToConfirm(setup: Setup, who: Shopper, key: string, payment: { card: true } | { balance: true }) {
  const added = await who.step("cart", "/api/cart/add", { sku: setup.sku, quantity: 1 });
  if (added.status !== 200) return { slug: null, refused: (await added.json()) as unknown };
  const generated = await who.step("generate", "/api/checkout/generate", {});
  expect(generated.status).toBe(200);
  const { slug } = (await generated.json()) as { slug: string };
  const address = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: setup.country };
  const shipping = { step: 3, email: `${key}@example.com`, address, shipping_method: "air", delivery_method: setup.courier, parcel_shop: setup.point };
  expect((await who.step("shipping", `/api/checkout/update/${slug}`, "balance" in payment ? { ...shipping, email: undefined } : shipping)).status).toBe(200);
  expect((await who.step("payment", `/api/checkout/update/${slug}`, { step: 4, payment: "card" in payment ? 1 : 4 })).status).toBe(200);
  return { slug, refused: null };
}

/** Every balance entry starts where the one before ended, and the last end is the user's stored balance. */
export async function brokenBalances(databaseUrl: string) {
  return query<{ user_id: number }>(
    databaseUrl,
    `with chain as (
       select user_id, id, starting_balance_minor, end_balance_minor,
              lag(end_balance_minor, 1, 0::bigint) over (partition by user_id order by id) as previous_end,
              row_number() over (partition by user_id order by id desc) as from_last
       from balance_entries)
     select distinct c.user_id from chain c join users u on u.id = c.user_id
     where c.starting_balance_minor <> c.previous_end or (c.from_last = 1 and c.end_balance_minor <> u.balance_minor)`,
  );
}
