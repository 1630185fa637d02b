import { db } from "~/models/db/db.server";

/** What the success and payment pages show of an order just placed. */
export async function placedOrderSummary(orderId: number) {
  const order = await db().selectFrom("orders").select(["id", "slug", "status", "email", "total_minor"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  return { ...order, id: Number(order.id) };
}
