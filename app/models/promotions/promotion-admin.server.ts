import { sql } from "kysely";
import { auditTrail, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { pageOf } from "~/models/db/pages";
import { isUniqueViolation } from "~/models/db/errors";
import { orderNumber } from "~/models/orders/orders";
import { percentColumn, type PromotionInput } from "./promotion-form";

// What staff do with promotion codes (the back office's /admin/promotions):
// the list, one code with its uses, creating, editing and ending one. These
// are the rows checkout reads (models/checkout/promotions.server.ts): a
// code's dates, minimum subtotal and limits are checked when the shopper
// enters it and again, under a lock on its row, when the order is placed,
// so an edit or an end holds for every checkout from the moment it commits.
// Each change locks the row, refuses an edit made on an older version and
// writes the audit log in the same transaction.

export type PromotionStatus = "scheduled" | "active" | "ended" | "used_up";
export const PROMOTIONS_PAGE_SIZE = 50;

type PromotionRow = {
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  uses: number;
};

/** Where a code stands now: not started, usable, past its end, or out of uses. */
export function promotionStatus(row: PromotionRow, now = new Date()): PromotionStatus {
  if (row.valid_until && now > new Date(row.valid_until)) return "ended";
  if (row.max_uses !== null && row.uses >= row.max_uses) return "used_up";
  if (row.valid_from && now < new Date(row.valid_from)) return "scheduled";
  return "active";
}

const COLUMNS = ["id", "code", "kind", "amount_minor", "percent", "valid_from", "valid_until", "min_subtotal_minor", "max_uses", "max_uses_per_customer", "uses", "version"] as const;

/** A page of codes, newest first; `q` finds codes containing it, in any case. */
export async function staffPromotions(filter: { q?: string; page?: number }) {
  let query = db().selectFrom("promotions").select(COLUMNS);
  const q = filter.q?.trim().toLowerCase();
  if (q) query = query.where(sql<string>`lower(code)`, "like", `%${q.replace(/[%_\\]/g, "\\$&")}%`);
  const { rows, page, hasMore } = await pageOf(
    query
      .orderBy("id", "desc"),
    filter.page,
    PROMOTIONS_PAGE_SIZE,
  );
  const now = new Date();
  return {
    promotions: rows.map((row) => ({ ...row, percent: row.percent === null ? null : String(row.percent), status: promotionStatus(row, now) })),
    page,
    hasMore,
  };
}

export const RECENT_USES = 20;

/** One code as staff read it, with its latest uses and its trail; null for no such code. */
export async function staffPromotion(id: number) {
  const row = await db().selectFrom("promotions").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [uses, customers, trail] = await Promise.all([
    db()
      .selectFrom("promotion_uses as u")
      .innerJoin("orders as o", "o.id", "u.order_id")
      .select(["u.id", "u.email", "u.created_at", "o.id as order_id", "o.kind", "o.source_id"])
      .where("u.promotion_id", "=", id)
      .orderBy("u.id", "desc")
      .limit(RECENT_USES)
      .execute(),
    db()
      .selectFrom("promotion_uses")
      .select(sql<number>`count(distinct lower(email))::int`.as("customers"))
      .where("promotion_id", "=", id)
      .executeTakeFirstOrThrow(),
    auditTrail("promotion", id),
  ]);
  return {
    promotion: { ...row, percent: row.percent === null ? null : String(row.percent), status: promotionStatus(row) },
    customers: Number(customers.customers),
    uses: uses.map((use) => ({ id: Number(use.id), email: use.email, at: use.created_at, orderId: Number(use.order_id), order: orderNumber(use.kind, Number(use.source_id ?? use.order_id)) })),
    trail,
  };
}

function columnsOf(input: PromotionInput) {
  return {
    code: input.code,
    kind: input.kind,
    amount_minor: input.amountMinor,
    percent: input.percentHundredths === null ? null : percentColumn(input.percentHundredths),
    valid_from: input.validFrom,
    valid_until: input.validUntil,
    min_subtotal_minor: input.minSubtotalMinor,
    max_uses: input.maxUses,
    max_uses_per_customer: input.maxUsesPerCustomer,
  };
}

/** What the audit log keeps of a code: its rules as plain values. */
function auditView(row: ReturnType<typeof columnsOf>) {
  return {
    ...row,
    percent: row.percent === null ? null : String(row.percent),
    valid_from: row.valid_from ? new Date(row.valid_from).toISOString() : null,
    valid_until: row.valid_until ? new Date(row.valid_until).toISOString() : null,
  };
}

async function codeTaken(trx: DB, code: string, exceptId: number | null) {
  let query = trx.selectFrom("promotions").select("id").where(sql<string>`lower(code)`, "=", code.toLowerCase());
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type PromotionCreated = { ok: true; id: number } | { ok: false; error: "code_taken" };

/** A new code, usable from its start (or at once) by every checkout. */
export async function createPromotion(actor: StaffActor, input: PromotionInput): Promise<PromotionCreated> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<PromotionCreated> => {
        if (await codeTaken(trx, input.code, null)) return { ok: false, error: "code_taken" };
        const columns = columnsOf(input);
        const row = await trx.insertInto("promotions").values(columns).returning("id").executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: "promotion.create", entity: "promotion", entityId: row.id, after: auditView(columns) });
        return { ok: true, id: Number(row.id) };
      });
  } catch (error) {
    // Two staff creating the same code at once: the unique index takes one.
    if (isUniqueViolation(error)) return { ok: false, error: "code_taken" };
    throw error;
  }
}

export type PromotionChange =
  | { ok: true }
  | { ok: false; error: "not_found" | "code_taken" }
  | { ok: false; error: "below_uses"; uses: number }
  | { ok: false; error: "already_ended" }
  | StaleEdit;

/**
 * Changes a code's rules. Uses already made stay as they were (an order
 * keeps the discount it got); a limit below the uses so far is refused.
 */
export async function updatePromotion(actor: StaffActor, id: number, input: PromotionInput, seenVersion?: number): Promise<PromotionChange> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<PromotionChange> => {
        const row = await trx.selectFrom("promotions").select(COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
        if (!row) return { ok: false, error: "not_found" };
        if (seenVersion !== undefined && row.version !== seenVersion) return staleEdit(trx, "promotion", id);
        if (input.maxUses !== null && input.maxUses < row.uses) return { ok: false, error: "below_uses", uses: row.uses };
        if (await codeTaken(trx, input.code, id)) return { ok: false, error: "code_taken" };
        const columns = columnsOf(input);
        await trx.updateTable("promotions").set({ ...columns, version: row.version + 1 }).where("id", "=", id).execute();
        const { id: _id, uses: _uses, version: _version, ...before } = row;
        await recordAudit(trx, actor, { action: "promotion.update", entity: "promotion", entityId: id, before: auditView(before), after: auditView(columns) });
        return { ok: true };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "code_taken" };
    throw error;
  }
}

/**
 * Ends a code now: its end becomes this moment, so no checkout takes it
 * from here on, and one that holds it already is refused when its order is
 * placed ("promotion_expired"). The code and its uses stay, for the record.
 */
export async function endPromotion(actor: StaffActor, id: number, seenVersion?: number, now = new Date()): Promise<PromotionChange> {
  return db()
    .transaction()
    .execute(async (trx): Promise<PromotionChange> => {
      const row = await trx.selectFrom("promotions").select(["valid_until", "version"]).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!row) return { ok: false, error: "not_found" };
      if (seenVersion !== undefined && row.version !== seenVersion) return staleEdit(trx, "promotion", id);
      if (row.valid_until && new Date(row.valid_until) <= now) return { ok: false, error: "already_ended" };
      await trx.updateTable("promotions").set({ valid_until: now, version: row.version + 1 }).where("id", "=", id).execute();
      await recordAudit(trx, actor, {
        action: "promotion.end",
        entity: "promotion",
        entityId: id,
        before: { valid_until: row.valid_until ? new Date(row.valid_until).toISOString() : null },
        after: { valid_until: now.toISOString() },
      });
      return { ok: true };
    });
}
