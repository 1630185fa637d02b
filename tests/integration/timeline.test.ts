import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { openBill } from "~/models/payments/bills.server";
import { TIMELINE_PAGE_SIZE } from "~/models/timeline/timeline";
import { timelinePage } from "~/models/timeline/timeline.server";
import { loader } from "~/routes/account/my-timeline";
import { makeCustomer, makeOrders, sessionCookie } from "./factories";

// Issue 15, point 8: one timeline of everything a customer has with the
// shop, newest first, each with its next step; never another customer's.

const EUR = 1;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));

async function everything(userId: number) {
  const [order] = await makeOrders(userId, [{ kind: "marketplace", status: "unpaid", placedNow: true }]);
  await db().updateTable("orders").set({ created_at: at(1) }).where("id", "=", order!.id).execute();
  const quote = await db()
    .insertInto("quotes")
    .values({ slug: `q-${userId}`, user_id: userId, site_id: 1, currency_id: EUR, status: "priced", created_at: at(2) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const bill = await db()
    .transaction()
    .execute((trx) => openBill(trx, { kind: "quote", sourceId: Number(quote.id), userId, siteId: 1, currencyId: EUR, subtotalMinor: 4000, shippingMinor: 990 }));
  await db()
    .insertInto("parcels")
    .values({ user_id: userId, site_id: 1, warehouse_id: 3, tracking_number: `T-${userId}`, status: "stored", created_at: at(3) })
    .execute();
  const forward = await db()
    .insertInto("forward_requests")
    .values({ slug: `f-${userId}`, user_id: userId, site_id: 1, warehouse_id: 3, currency_id: EUR, status: "info_needed", shipping_method: "sea", address: "{}", created_at: at(4) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("info_requests")
    .values({ slug: `i-${userId}`, user_id: userId, subject_kind: "forward", subject_id: Number(forward.id), question: "Which invoice?" })
    .execute();
  await db()
    .insertInto("invoices")
    .values({ number: `T-${userId}`, user_id: userId, site_id: 1, currency_id: EUR, buyer: JSON.stringify({ name: "Ona", email: "o@example.com", address: "" }), issued_at: at(5), due_at: at(19) })
    .execute();
  return { order: order!, bill: bill!, quoteId: Number(quote.id) };
}

describe("the account's timeline", () => {
  it("lists orders, quotes, parcels, forward requests and invoices newest first with their next step, and no bill twice", async () => {
    const { id } = await makeCustomer();
    const { order, bill, quoteId } = await everything(id);
    const { items, hasMore } = await timelinePage(id, 1);
    expect(hasMore).toBe(false);
    expect(items.map((item) => item.kind)).toEqual(["invoice", "forward", "parcel", "quote", "order"]);
    const quote = items.find((item) => item.kind === "quote")!;
    expect(quote).toMatchObject({ number: `QU${quoteId}`, billSlug: bill, totalMinor: 4990 });
    expect(items.find((item) => item.kind === "order")).toMatchObject({ slug: order.slug, status: "unpaid" });
    expect(items.find((item) => item.kind === "forward")).toMatchObject({ infoSlug: `i-${id}` });
  });

  it("pages by twenty without repeating a row", async () => {
    const { id } = await makeCustomer();
    await makeOrders(id, Array.from({ length: TIMELINE_PAGE_SIZE + 5 }, () => ({ kind: "marketplace" as const, status: "paid" as const })));
    const first = await timelinePage(id, 1);
    const second = await timelinePage(id, 2);
    expect(first.items).toHaveLength(TIMELINE_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(second.items).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(TIMELINE_PAGE_SIZE + 5);
  });

  it("never shows one customer another's things", async () => {
    const owner = await makeCustomer();
    const other = await makeCustomer();
    await everything(owner.id);
    const pageOf = async (userId: number) => {
      const request = new Request("http://localhost/en/my-timeline", { headers: { cookie: await sessionCookie(userId) } });
      return loader({ request, params: { locale: "en" }, context: {} });
    };
    expect((await pageOf(owner.id)).items).toHaveLength(5);
    expect((await pageOf(other.id)).items).toEqual([]);
  });
});
