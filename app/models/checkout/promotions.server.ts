import { sql, type Transaction } from "kysely";
import { toDecimalString } from "~/lib/money";
import { db, type DB } from "~/models/db/db.server";
import type { Database } from "~/models/db/schema";
import type { CheckoutError } from "./checkout";

// Promotion codes (spec 3: discount kinds Fixed 0 and Percentage 1) with
// validity dates, a minimum subtotal, and limits of uses in all and per
// customer. A code is checked when the shopper enters it and again, under
// a lock on its row, when the order is placed: two checkouts racing for a
// code's last use both pass the first check, and only one the second.

export type PromotionRow = Awaited<ReturnType<typeof findPromotion>>;

export function findPromotion(code: string, executor: DB | Transaction<Database> = db()) {
  return executor
    .selectFrom("promotions")
    .selectAll()
    .where(sql<string>`lower(code)`, "=", code.trim().toLowerCase())
    .executeTakeFirst();
}

/** What the spec's checkout data shows of a promotion. */
export function promotionView(promotion: NonNullable<PromotionRow>) {
  return {
    code: promotion.code,
    promotion_type: promotion.kind,
    // An amount in major units for a fixed code, a percentage for the other kind.
    discount_amount: promotion.kind === 0 ? toDecimalString(promotion.amount_minor ?? 0) : String(promotion.percent),
  };
}

/** Uses of a code by one customer, by account or by email. */
async function customerUses(executor: DB | Transaction<Database>, promotionId: number, email: string | null, userId: number | null) {
  if (!email && !userId) return 0;
  const row = await executor
    .selectFrom("promotion_uses")
    .select((eb) => eb.fn.countAll<number>().as("uses"))
    .where("promotion_id", "=", promotionId)
    .where((eb) => eb.or([...(userId ? [eb("user_id", "=", userId)] : []), ...(email ? [eb(sql<string>`lower(email)`, "=", email.toLowerCase())] : [])]))
    .executeTakeFirstOrThrow();
  return Number(row.uses);
}

/** Why a code cannot be used now for this subtotal and customer, or null when it can. */
export async function promotionRefusal(
  promotion: PromotionRow,
  { subtotal, email, userId, now = new Date() }: { subtotal: number; email: string | null; userId: number | null; now?: Date },
  executor: DB | Transaction<Database> = db(),
): Promise<CheckoutError | null> {
  if (!promotion) return "promotion_unknown";
  if ((promotion.valid_from && now < new Date(promotion.valid_from)) || (promotion.valid_until && now > new Date(promotion.valid_until))) return "promotion_expired";
  if (subtotal < promotion.min_subtotal_minor) return "promotion_min_subtotal";
  if (promotion.max_uses !== null && promotion.uses >= promotion.max_uses) return "promotion_used_up";
  if (promotion.max_uses_per_customer !== null && (await customerUses(executor, promotion.id, email, userId)) >= promotion.max_uses_per_customer) {
    return "promotion_used_up";
  }
  return null;
}

/**
 * Takes one use of a code for an order, inside the order's transaction: the
 * row is locked, checked again, and counted; a refusal leaves it untouched.
 */
export async function usePromotion(
  trx: Transaction<Database>,
  promotionId: number,
  use: { orderId: number; userId: number | null; email: string; subtotal: number },
): Promise<CheckoutError | null> {
  const promotion = await trx.selectFrom("promotions").selectAll().where("id", "=", promotionId).forUpdate().executeTakeFirst();
  const refusal = await promotionRefusal(promotion, { subtotal: use.subtotal, email: use.email, userId: use.userId }, trx);
  if (refusal) return refusal;
  await trx.updateTable("promotions").set({ uses: sql`uses + 1` }).where("id", "=", promotionId).execute();
  await trx.insertInto("promotion_uses").values({ promotion_id: promotionId, order_id: use.orderId, user_id: use.userId, email: use.email }).execute();
  return null;
}
