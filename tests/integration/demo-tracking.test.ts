import { beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/models/demo-data/index.server";
import { demoTrackingNumber } from "~/models/demo-data/shipments.server";
import { packOrder, shipOrder } from "~/models/fulfilment/fulfilment.server";
import { loader as shipmentPage } from "~/routes/tracking/shipment";
import { makeCustomer, makeOrders, sessionCookie } from "./factories";

// Issue 32, row 9: the demo's shipped and delivered orders carry tracking
// numbers and their events, so /tracking/{number} shows a real history for
// each kind of shipment; and the page finds a marketplace order's shipment
// once staff ship it.

type Page = { shipment: { trackingNumber: string; carrier: string; events: Array<{ code: string; location: string; at: string }>; detail: { subject: { kind: string; number: string } | null } | null } | null };

async function trackingPage(number: string, cookie = "") {
  const answer = (await shipmentPage({ request: new Request(`http://localhost/en/tracking/${number}`, { headers: { cookie } }), params: { locale: "en", id: number }, context: {} })) as Page | { init: { status: number } };
  if ("init" in answer) throw new Error(`tracking page answered ${answer.init.status}`);
  return answer.shipment!;
}

let customerId: number;

beforeAll(async () => {
  await seedDemoData(db(), { products: 40, seed: 3 });
  customerId = Number((await db().selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.customer.email).executeTakeFirstOrThrow()).id);
});

describe("the demo's shipments", () => {
  it("give every shipped and delivered order a tracking number with its history, for each kind of order", async () => {
    const orders = await db().selectFrom("orders").select(["id", "kind", "status", "user_id", "shipped_at", "delivered_at"]).where("status", "in", ["shipped", "delivered"]).orderBy("id").execute();
    const kinds = new Set(orders.map((order) => `${order.kind} ${order.status}`));
    expect(kinds).toEqual(new Set(["marketplace delivered", "marketplace shipped", "quote shipped", "forward delivered"]));

    for (const order of orders) {
      const shipment = await trackingPage(demoTrackingNumber(Number(order.id)).toLowerCase());
      const codes = shipment.events.map((event) => event.code);
      // Newest first, from the parcel handed over to the last step reached.
      expect(codes.at(-1), `order ${order.id}`).toBe("created");
      expect(codes, `order ${order.id}`).toContain("in_transit");
      if (order.status === "delivered") expect(codes[0], `order ${order.id}`).toBe("delivered");
      else expect(codes, `order ${order.id}`).not.toContain("delivered");
      expect(shipment.events.filter((event) => event.code !== "created").every((event) => event.location !== "")).toBe(true);
      expect(shipment.carrier).not.toBe("");
      expect(order.shipped_at).not.toBeNull();
      expect(order.delivered_at === null).toBe(order.status !== "delivered");
      // A guest sees the way, not what it carries.
      expect(shipment.detail).toBeNull();
    }
  });

  it("show the demo customer what each was shipped for", async () => {
    const cookie = await sessionCookie(customerId);
    const mine = await db().selectFrom("orders").select(["id", "kind"]).where("user_id", "=", customerId).where("status", "in", ["shipped", "delivered"]).orderBy("id").execute();
    expect(mine.map((order) => order.kind).sort()).toEqual(["forward", "marketplace", "quote"]);
    for (const order of mine) {
      const shipment = await trackingPage(demoTrackingNumber(Number(order.id)), cookie);
      expect(shipment.detail?.subject?.kind).toBe(order.kind === "marketplace" ? "order" : order.kind);
    }
    // A marketplace order's shipment carries its lines, as staff shipping writes them.
    const marketplace = mine.find((order) => order.kind === "marketplace")!;
    const lines = await db()
      .selectFrom("shipment_lines as l")
      .innerJoin("shipments as s", "s.id", "l.shipment_id")
      .innerJoin("order_items as i", "i.id", "l.order_item_id")
      .select(["l.quantity", "i.quantity as ordered"])
      .where("s.tracking_number", "=", demoTrackingNumber(Number(marketplace.id)))
      .execute();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.quantity).toBe(line.ordered);
  });
});

describe("a marketplace order shipped by staff", () => {
  it("is found on the tracking page by its number, however typed", async () => {
    const row = await db().insertInto("staff").values({ email: "shipper@example.com", name: "Shipper", role: "operator", password_hash: "x", totp_secret: null }).returning("id").executeTakeFirstOrThrow();
    const actor: StaffActor = { id: row.id, email: "shipper@example.com", ip: "127.0.0.1" };
    const customer = await makeCustomer();
    const [order] = await makeOrders(customer.id, [{ kind: "marketplace", status: "paid", placedNow: true }]);
    expect(await packOrder(actor, Number(order!.id), 1)).toMatchObject({ ok: true });
    expect(await shipOrder(actor, Number(order!.id), 2, { carrier: "DPD", trackingNumber: "LT 4455 6677 8" })).toEqual({ ok: true, status: "shipped" });

    const seen = await trackingPage("lt445566778");
    expect(seen).toMatchObject({ trackingNumber: "LT 4455 6677 8", carrier: "DPD", detail: null });
    expect(seen.events.map((event) => event.code)).toEqual(["created"]);
    const owned = await trackingPage("LT445566778", await sessionCookie(customer.id));
    expect(owned.detail?.subject).toMatchObject({ kind: "order", number: `MP${order!.id}` });
  });
});
