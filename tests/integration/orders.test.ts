import { beforeAll, describe, expect, it } from "vitest";
import { ORDERS_PAGE_SIZE } from "~/models/orders/orders";
import { db } from "~/models/db/db.server";
import { getOwnOrder, listOrders } from "~/models/orders/orders.server";
import { loader as rootLoader } from "~/root";
import { loader as orderLoader } from "~/routes/account/my-order";
import { loader as ordersLoader } from "~/routes/account/my-orders";
import { action as alertAction } from "~/routes/account/unpaid-orders-alert";
import { action as getMyOrders, loader as getMyOrdersGet } from "~/routes/api/orders/get-my-orders";
import { makeCustomer, makeOrders, sessionCookie, type OrderPlan } from "./factories";

async function customer(email: string) {
  const { id } = await makeCustomer({ email, firstName: "Test" });
  return { id, cookie: await sessionCookie(id) };
}

function pageRequest(path: string, cookie?: string, host = "localhost") {
  return new Request(`http://${host}${path}`, { headers: cookie ? { cookie } : {} });
}

function apiRequest(body: unknown, cookie?: string, host = "localhost") {
  return new Request(`http://${host}/api/my-orders/get-my-orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-locale": "en", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const args = (request: Request, params: Record<string, string> = { locale: "en" }) => ({ request, params, context: {} });

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Expected the loader to throw");
}

async function callApi(body: unknown, cookie?: string, host?: string) {
  const response = (await getMyOrders(args(apiRequest(body, cookie, host), {}) as never)) as Response;
  return { status: response.status, body: await response.json() };
}

// Alice: 23 orders of every kind and status; Bob: 2 orders of his own.
const alicePlans: OrderPlan[] = [
  { kind: "marketplace", status: "delivered", lines: [{ name: "Headphones", quantity: 2, price: 4990 }, { name: "Cable", quantity: 1, price: 590 }] },
  { kind: "forward", status: "delivered" },
  { kind: "quote", status: "shipped" },
  { kind: "marketplace", status: "processing" },
  { kind: "marketplace", status: "cancelled" },
  { kind: "quote", status: "paid" },
  ...Array.from({ length: 15 }, (_, i): OrderPlan => ({ kind: i % 3 === 0 ? "forward" : "marketplace", status: "delivered" })),
  { kind: "marketplace", status: "unpaid" },
  { kind: "quote", status: "unpaid", lines: [{ name: "Camera", quantity: 1, price: 30000 }] },
];

let alice: Awaited<ReturnType<typeof customer>>;
let bob: Awaited<ReturnType<typeof customer>>;
let aliceOrders: { id: number; slug: string }[];
let bobOrders: { id: number; slug: string }[];

beforeAll(async () => {
  alice = await customer("alice@example.com");
  bob = await customer("bob@example.com");
  aliceOrders = await makeOrders(alice.id, alicePlans);
  bobOrders = await makeOrders(bob.id, [
    { kind: "marketplace", status: "unpaid" },
    { kind: "quote", status: "delivered" },
  ]);
});

describe("the orders model", () => {
  it("lists a customer's own orders newest first, a page at a time, with the total", async () => {
    const first = await listOrders(alice.id, { filter: "all_orders", page: 1, languageId: 1 });
    expect(first.total).toBe(23);
    expect(first.items).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ slug: aliceOrders[22]!.slug, kind: "quote", status: "unpaid", currency: "EUR", total_minor: 31290 });
    expect(first.items[0]!.number).toBe(`QU${aliceOrders[22]!.id}`);
    const dates = first.items.map((item) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const last = await listOrders(alice.id, { filter: "all_orders", page: 3, languageId: 1 });
    expect(last.items).toHaveLength(3);
    expect(last.items.at(-1)).toMatchObject({ slug: aliceOrders[0]!.slug, item_count: 3, first_item: { name: "Headphones", image: null } });
    expect((await listOrders(alice.id, { filter: "all_orders", page: 4, languageId: 1 })).items).toEqual([]);

    const seen = [1, 2, 3].map((page) => listOrders(alice.id, { filter: "all_orders", page, languageId: 1 }));
    const slugs = (await Promise.all(seen)).flatMap((page) => page.items.map((item) => item.slug));
    expect(new Set(slugs).size).toBe(23);
    expect(slugs).not.toContain(bobOrders[0]!.slug);
  });

  it("filters by status and by kind, counting what each filter keeps", async () => {
    const counts: Record<string, number> = {};
    for (const filter of ["unpaid", "in_progress", "completed", "marketplace", "quotes", "forwarding"] as const) {
      const { items, total } = await listOrders(alice.id, { filter, page: 1, languageId: 1 });
      counts[filter] = total;
      if (filter === "unpaid") expect(items.every((item) => item.status === "unpaid")).toBe(true);
      if (filter === "quotes") expect(items.every((item) => item.kind === "quote")).toBe(true);
    }
    expect(counts).toEqual({ unpaid: 2, in_progress: 3, completed: 18, marketplace: 14, quotes: 3, forwarding: 6 });
  });

  it("finds an order only for its owner", async () => {
    const order = await getOwnOrder(alice.id, aliceOrders[0]!.slug, 1);
    expect(order).toMatchObject({ subtotal_minor: 10570, shipping_minor: 1290, total_minor: 11860, shipping_method: "air", item_count: 3 });
    expect(order?.items.map((line) => [line.name, line.quantity, line.line_total_minor])).toEqual([
      ["Headphones", 2, 9980],
      ["Cable", 1, 590],
    ]);
    expect(await getOwnOrder(bob.id, aliceOrders[0]!.slug, 1)).toBeNull();
    expect(await getOwnOrder(alice.id, "no-such-order", 1)).toBeNull();
  });
});

describe("the orders pages", () => {
  it("send a guest to sign in and come back", async () => {
    const response = (await thrown(ordersLoader(args(pageRequest("/en/my-orders?filter=unpaid")) as never))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/en/login?${new URLSearchParams({ redirectTo: "/en/my-orders?filter=unpaid" })}`);
  });

  it("list the filter's orders on the page the URL names", async () => {
    const data = await ordersLoader(args(pageRequest("/en/my-orders?filter=completed&page=2", alice.cookie)) as never);
    expect(data).toMatchObject({ title: "My orders", intermediary: false, state: { filter: "completed", page: 2 }, total: 18, failed: false });
    expect(data.items).toHaveLength(8);
    const fallback = await ordersLoader(args(pageRequest("/en/my-orders?filter=bogus&page=x", alice.cookie)) as never);
    expect(fallback).toMatchObject({ state: { filter: "all_orders", page: 1 }, total: 23 });
  });

  it("send a page past the end to the last page", async () => {
    const response = (await thrown(ordersLoader(args(pageRequest("/en/my-orders?filter=unpaid&page=7", alice.cookie)) as never))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/my-orders?filter=unpaid");
  });

  it("show an order to its owner and a 404 to anyone else", async () => {
    const slug = aliceOrders[22]!.slug;
    const data = await orderLoader(args(pageRequest(`/en/my-orders/${slug}`, alice.cookie), { locale: "en", "*": slug }) as never);
    expect(data.title).toBe(`Order QU${aliceOrders[22]!.id}`);
    expect(data.order.items[0]).toMatchObject({ name: "Camera", price_minor: 30000 });

    for (const [cookie, path] of [[bob.cookie, slug], [alice.cookie, "nope"], [alice.cookie, `${slug}/extra`]] as const) {
      const error = await thrown(orderLoader(args(pageRequest(`/en/my-orders/${path}`, cookie), { locale: "en", "*": path }) as never));
      expect(error).toMatchObject({ data: { notFound: true, fatal: false }, init: { status: 404 } });
    }
  });

  it("have no filter on an intermediary site, which lists every order", async () => {
    const data = await ordersLoader(args(pageRequest("/en/my-orders?filter=unpaid", alice.cookie, "wl.localhost")) as never);
    expect(data).toMatchObject({ intermediary: true, state: { filter: "all_orders" }, total: 23 });
  });
});

describe("POST /api/my-orders/get-my-orders", () => {
  it("answers a page of the caller's orders and the total", async () => {
    const { status, body } = await callApi({ language_id: 1, page: 1, type_for_filter: "unpaid" }, alice.cookie);
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.items.map((item: { slug: string }) => item.slug)).toEqual([aliceOrders[22]!.slug, aliceOrders[21]!.slug]);
    expect(body.items[0]).toMatchObject({ status: "unpaid", kind: "quote", currency: "EUR", total_minor: 31290, item_count: 1 });

    const defaults = await callApi({}, alice.cookie);
    expect(defaults.body.total).toBe(23);
    expect(defaults.body.items).toHaveLength(ORDERS_PAGE_SIZE);
    expect((await callApi({ page: 3 }, alice.cookie)).body.items).toHaveLength(3);
    expect((await callApi({ page: 1 }, bob.cookie)).body.total).toBe(2);
  });

  it("ignores the type filter on an intermediary site (spec 6)", async () => {
    expect((await callApi({ page: 1, type_for_filter: "unpaid" }, alice.cookie, "wl.localhost")).body.total).toBe(23);
  });

  it("refuses a guest with 401 and bad input with 400, and answers GET with 405", async () => {
    expect(await callApi({ page: 1 })).toEqual({ status: 401, body: { status: false, message: "Please sign in first." } });
    for (const body of [{ page: 0 }, { page: "2" }, { type_for_filter: "everything" }, { language_id: 99 }]) {
      const answer = await callApi(body, alice.cookie);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status).toBe(false);
    }
    const get = (await getMyOrdersGet(args(new Request("http://localhost/api/my-orders/get-my-orders"), {}) as never)) as Response;
    expect(get.status).toBe(405);
  });
});

describe("the unpaid-orders alert", () => {
  async function alertFor(cookie: string) {
    return (await rootLoader(args(pageRequest("/en", cookie)) as never)).unpaidAlert;
  }

  async function press(cookie: string, fields: Record<string, string>) {
    const request = new Request("http://localhost/en/unpaid-orders-alert", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return alertAction(args(request) as never);
  }

  function cookiePair(setCookie: string | null | undefined) {
    return setCookie!.split(";")[0]!;
  }

  it("is for a signed-in user with unpaid orders until they dismiss it, and returns for a new unpaid order", async () => {
    const carol = await customer("carol@example.com");
    expect(await alertFor(carol.cookie)).toBeNull();
    const [first] = await makeOrders(carol.id, [{ kind: "marketplace", status: "unpaid" }]);
    expect(await alertFor(carol.cookie)).toEqual({ count: 1, newestOrderId: first!.id });

    // With JavaScript: a fetcher's dismissal gets an answer and a cookie, no redirect.
    const answer = (await press(carol.cookie, { intent: "dismiss", seen: String(first!.id) })) as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    const handled = cookiePair(answer.headers.get("set-cookie"));
    const both = `${carol.cookie}; ${handled}`;
    expect(await alertFor(both)).toBeNull();

    // The cookie names its user: another customer still sees theirs.
    expect(await alertFor(`${alice.cookie}; ${handled}`)).toMatchObject({ count: 2 });

    // A new unpaid order brings it back; paying it does not.
    const [second] = await makeOrders(carol.id, [{ kind: "quote", status: "unpaid" }]);
    expect(await alertFor(both)).toEqual({ count: 2, newestOrderId: second!.id });
    await db().updateTable("orders").set({ status: "paid" }).where("id", "=", second!.id).execute();
    expect(await alertFor(both)).toBeNull();
  });

  it("refuses a press it cannot read with a 400 and records nothing", async () => {
    const frank = await customer("frank@example.com");
    await makeOrders(frank.id, [{ kind: "marketplace", status: "unpaid" }]);
    const refused = (await press(frank.cookie, { intent: "forget" })) as Response;
    expect(refused.status).toBe(400);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await alertFor(frank.cookie)).toMatchObject({ count: 1 });
  });

  it("goes back to the page without JavaScript, and pay goes to the orders with the table focused", async () => {
    const dave = await customer("dave@example.com");
    const [order] = await makeOrders(dave.id, [{ kind: "forward", status: "unpaid" }]);

    const back = (await press(dave.cookie, { intent: "dismiss", seen: String(order!.id), redirectTo: "/en/c/phones?page=2" })) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/en/c/phones?page=2");
    expect(await alertFor(`${dave.cookie}; ${cookiePair(back.headers.get("set-cookie"))}`)).toBeNull();

    const offsite = (await press(dave.cookie, { intent: "dismiss", redirectTo: "//evil.example/" })) as Response;
    expect(offsite.headers.get("location")).toBe("/en");

    const pay = (await press(dave.cookie, { intent: "pay", seen: String(order!.id), redirectTo: "/en" })) as Response;
    expect(pay.headers.get("location")).toBe("/en/my-orders?focus_order_table=true#orders-table");
    expect(await alertFor(`${dave.cookie}; ${cookiePair(pay.headers.get("set-cookie"))}`)).toBeNull();
  });

  it("records the order the page showed, so an order placed meanwhile still shows it", async () => {
    const erin = await customer("erin@example.com");
    const [shown, meanwhile] = await makeOrders(erin.id, [
      { kind: "marketplace", status: "unpaid" },
      { kind: "marketplace", status: "unpaid" },
    ]);
    const answer = (await press(erin.cookie, { intent: "dismiss", seen: String(shown!.id) })) as Response;
    const handled = cookiePair(answer.headers.get("set-cookie"));
    expect(await alertFor(`${erin.cookie}; ${handled}`)).toEqual({ count: 2, newestOrderId: meanwhile!.id });
  });
});
