import { db } from "~/models/db/db.server";

/** What the success and payment pages show of an order just placed. */
export async function placedOrderSummary(orderId: number) {
  const order = await db().selectFrom("orders").select(["id", "slug", "status", "email", "total_minor"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  return { ...order, id: Number(order.id) };
}

export type PlacedCheckoutPage = { page: "success" } | { page: "payment"; orderSlug: string };

/**
 * Where a placed checkout's steps lead (spec 2): the order's own payment page
 * (paying later) while it waits for its payment and the shopper is the
 * customer it belongs to, who alone may pay it there; else the success page,
 * which says whether it is paid.
 */
export async function placedCheckoutPage(orderId: number, userId: number | null): Promise<PlacedCheckoutPage> {
  const order = await db().selectFrom("orders").select(["slug", "status", "user_id"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  if (order.status === "unpaid" && userId !== null && Number(order.user_id) === userId) return { page: "payment", orderSlug: order.slug };
  return { page: "success" };
}
