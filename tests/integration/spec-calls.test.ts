import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { action as cartFetchCall } from "~/routes/api/cart/fetch";
import { action as cartAddCall } from "~/routes/api/cart/add";
import { action as parsedCategoriesCall } from "~/routes/api/search/parsed-categories";

// Issue 32, rows 6 and 7: two of spec 7's calls answer as its table says.

beforeAll(async () => {
  await seedDemoData(db(), { products: 30, seed: 4 });
});

const call = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("/api/cart/fetch (spec 7)", () => {
  it("answers status success with the cart: items, delivery, shipping and expiration", async () => {
    const empty = await cartFetchCall({ request: call("/api/cart/fetch", {}, { "x-locale": "en" }), params: {}, context: {} });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ status: "success", cart: { items: [], shipping_method: "air" } });

    const product = await db().selectFrom("products").select("sku").where("stock", ">=", 1).where("is_active", "=", true).orderBy("id").executeTakeFirstOrThrow();
    const added = await cartAddCall({ request: call("/api/cart/add", { sku: product.sku, quantity: 1 }, { "x-locale": "en" }), params: {}, context: {} });
    const cookie = added.headers.get("set-cookie")!.split(";")[0]!;
    const answer = await cartFetchCall({ request: call("/api/cart/fetch", { language_id: null }, { "x-locale": "en", cookie }), params: {}, context: {} });
    const body = await answer.json();
    expect(body.status).toBe("success");
    expect(body.cart.items).toEqual([expect.objectContaining({ sku: product.sku, quantity: 1 })]);
    expect(Object.keys(body.cart)).toEqual(expect.arrayContaining(["items", "delivery", "shipping", "expiration"]));
  });
});

describe("/api/search/parsed-categories (spec 7)", () => {
  it("names the synthetic 'all' category in the body's locale, whatever language the headers ask for", async () => {
    const named = async (locale: string, headerLocale: string) => {
      const answer = await parsedCategoriesCall({ request: call("/api/search/parsed-categories", { locale, queryKey: "q" }, { "x-locale": headerLocale, "accept-language": headerLocale }), params: {}, context: {} });
      expect(answer.status).toBe(200);
      const [all] = (await answer.json()) as Array<{ id: number; slug: string | null; name: string }>;
      expect(all).toMatchObject({ id: 0, slug: null });
      return all!.name;
    };
    expect(await named("lt", "en")).toBe("Visos kategorijos");
    expect(await named("lv", "en")).toBe("Visas kategorijas");
    expect(await named("ee", "lt")).toBe("Kõik kategooriad");
    expect(await named("en", "lv")).toBe("All categories");
  });
});
