import { randomBytes } from "node:crypto";
import { createSession, type SessionUser } from "~/models/accounts/sessions.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { recordBalanceEntry } from "~/models/balance/balance.server";
import { db } from "~/models/db/db.server";
import type { OrderKind, OrderStatus } from "~/models/orders/orders";
import type { ListingQuery } from "~/models/search/search.server";
import { sessionSetCookie } from "~/web/accounts/sessions.server";

// The one way data tests make customers, orders and listing queries: every
// account has an address of its own, so tests sharing a database never meet.

const EUR = 1;
const DAY_MS = 86_400_000;
const ORDERS_START = new Date("2026-01-01T09:30:00Z").getTime();
const unique = () => randomBytes(5).toString("hex");

export interface Customer {
  id: number;
  email: string;
  /** The account as a signed-in request sees it. */
  user: SessionUser;
}

/** A customer account; with `balance` a manual top-up, with no password unless one is given as a hash. */
export async function makeCustomer(
  options: { email?: string; role?: "customer" | "pro" | "admin"; firstName?: string; lastName?: string; balance?: number; passwordHash?: string } = {},
): Promise<Customer> {
  const email = options.email ?? `customer-${unique()}@example.com`;
  const role = options.role ?? "customer";
  const firstName = options.firstName ?? "Ona";
  const lastName = options.lastName ?? "Buyer";
  const row = await db()
    .insertInto("users")
    .values({ email, role, first_name: firstName, last_name: lastName, password_hash: options.passwordHash ?? null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (options.balance) {
    await recordBalanceEntry({ userId: id, relType: BALANCE_REL_TYPE.manualByAdmin, type: BALANCE_TYPE.addition, amountMinor: options.balance });
  }
  return { id, email, user: { id, email, first_name: firstName, last_name: lastName, role, unpaid_orders_count: 0, newest_unpaid_order_id: null } };
}

/** A signed-in session's cookie pair (`name=value`) for the customer. */
export async function sessionCookie(userId: number) {
  return (await sessionSetCookie(await createSession(userId))).split(";")[0]!;
}

export interface OrderPlan {
  kind: OrderKind;
  status: OrderStatus;
  lines?: Array<{ name: string; quantity: number; price: number; productId?: number }>;
  /** Now, as checkout places it; by default a day after the previous order made here. */
  placedNow?: boolean;
}

let ordersMade = 0;

/** Orders with their lines, oldest first and one day apart, as the seeding and checkout write them. */
export async function makeOrders(userId: number, plans: OrderPlan[]) {
  const orders = [];
  for (const plan of plans) {
    const n = ++ordersMade;
    const lines = plan.lines ?? [{ name: `Item ${n}`, quantity: 1, price: 1000 }];
    const subtotal = lines.reduce((total, line) => total + line.price * line.quantity, 0);
    const order = await db()
      .insertInto("orders")
      .values({
        slug: `${plan.kind.slice(0, 2)}-${unique()}`,
        user_id: userId,
        kind: plan.kind,
        status: plan.status,
        currency_id: EUR,
        shipping_method: "air",
        subtotal_minor: subtotal,
        shipping_minor: 1290,
        total_minor: subtotal + 1290,
        created_at: plan.placedNow ? new Date() : new Date(ORDERS_START + n * DAY_MS),
      })
      .returning(["id", "slug"])
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("order_items")
      .values(
        lines.map((line, index) => ({
          order_id: order.id,
          product_id: line.productId ?? null,
          sku: `SKU-${order.slug}-${index}`,
          name: line.name,
          quantity: line.quantity,
          price_minor: line.price,
        })),
      )
      .execute();
    orders.push(order);
  }
  return orders;
}

/** A listing query: the whole catalogue in English, best sellers first, page 1, unless told otherwise. */
export function listingQuery(changes: Partial<ListingQuery> = {}): ListingQuery {
  return { locale: "en", categoryIds: null, listingType: null, text: "", filters: { terms: {}, stats: {} }, sort: "best_sellers", page: 1, rate: "1", ...changes };
}

/** The status a loader or action answered with, whether it returned or threw its Response (or data()). */
export async function statusOf(run: () => Promise<unknown>) {
  try {
    const result = await run();
    return result instanceof Response ? result.status : ((result as { init?: { status?: number } } | null)?.init?.status ?? 200);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return status;
    throw thrown;
  }
}
