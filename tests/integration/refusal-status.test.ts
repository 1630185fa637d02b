import { beforeAll, describe, expect, it } from "vitest";
import { action as cartPage } from "~/routes/checkout/cart";
import { action as cartUpdateCall } from "~/routes/api/cart/update";
import { action as loginPage } from "~/routes/account/login";
import { action as loginCall } from "~/routes/api/accounts/login";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { makeCustomer, statusOf } from "./factories";

// The same refusal answers the same status on a page and in the JSON API:
// both read web/refusal-status.ts. Before, a line not in the cart was a 400
// on the cart page and a 404 from the cart API, and a wrong password a 400
// on the sign-in page and a 401 from the API.


const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields) });
const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  await seedDemoData(db(), { products: 40, seed: 3 });
});

/** A public form's fields as its page sends them: the honeypot's, the trap empty. */
function publicForm(fields: Record<string, string>) {
  const pot = honeypotInputProps();
  return { ...fields, [pot.nameFieldName]: "", ...(pot.validFromFieldName ? { [pot.validFromFieldName]: pot.encryptedValidFrom } : {}) };
}

describe("a refusal's status", () => {
  it("a line that is not in the cart: 404 on the cart page and from the cart API", async () => {
    const product = await db().selectFrom("products").select("sku").where("is_active", "=", true).orderBy("id").executeTakeFirstOrThrow();
    const page = await statusOf(() => cartPage({ request: form("/en/cart", { intent: "increment", sku: product.sku }), params: { locale: "en" }, context: {} }));
    const call = await statusOf(() => cartUpdateCall({ request: json("/api/cart/update", { sku: product.sku, quantity: 2 }), params: {}, context: {} }));
    expect({ page, call }).toEqual({ page: 404, call: 404 });
  });

  it("a wrong password: 401 on the sign-in page and from the sign-in API", async () => {
    const { email } = await makeCustomer();
    const client = { "x-forwarded-for": "203.0.113.77" };
    const page = await statusOf(() =>
      loginPage({ request: form("/en/login", publicForm({ email, password: "not-the-password-at-all" }), client), params: { locale: "en" }, context: { clientIp: "203.0.113.77" } }),
    );
    const call = await statusOf(() => loginCall({ request: json("/api/auth/login", { email, password: "not-the-password-at-all" }, client), params: {}, context: { clientIp: "203.0.113.78" } }));
    expect({ page, call }).toEqual({ page: 401, call: 401 });
  });
});
