import { toDecimalString } from "~/lib/money";
import { changedSince, recordAudit, staleEdit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import type { QuoteStatus } from "~/models/db/schema";
import { cancelBill, lockBill, openBill } from "~/models/payments/bills.server";
import { quoteNumber } from "./quotes.server";
import { AFTER_PAYMENT_STATUSES } from "./statuses";
import { defaultMethod, quoteTotals } from "./totals";

// What the operator does to a quote (the back office's quote page and
// npm run admin -- quote …): price it, cancel it, move it along after
// payment. Each refuses, changing nothing, when the quote is not in a state
// that allows it.

export type QuotePrice = {
  /** Unit price per line position (1-based), every line of the quote. */
  lines: Map<number, number>;
  shopShippingMinor: number;
  serviceFeeMinor: number;
  taxMinor: number;
  air: { minor: number; days: string } | null;
  sea: { minor: number; days: string } | null;
};

/** What the operator's change did, in words for the command line, and (for the back office's page) which refusal it was. */
export type AdminOutcome = { ok: true; message: string } | { ok: false; error: string; badInput?: boolean; code?: "not_found" | "wrong_status" | "stale" | "bad_input" };



/**
 * requested → priced (or a priced quote priced again): every line's unit
 * price, the fees, tax and the ways home. The back office names the quote's
 * `updated_at` its page showed: a quote changed since is refused (the
 * stale-edit rule). Written to the audit log in the same transaction.
 */
export async function priceQuote(actor: StaffActor, quoteId: number, price: QuotePrice, seenUpdatedAt?: Date): Promise<AdminOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<AdminOutcome> => {
      await lockBill(trx, "quote", quoteId);
      const quote = await trx.selectFrom("quotes").selectAll().where("id", "=", quoteId).forUpdate().executeTakeFirst();
      if (!quote) return { ok: false, code: "not_found", error: `there is no quote ${quoteNumber(quoteId)}` };
      if (changedSince(quote, seenUpdatedAt)) {
        const stale = await staleEdit(trx, "quote", quoteId);
        return { ok: false, code: "stale", error: `${quoteNumber(quoteId)} was changed${stale.by ? ` by ${stale.by}` : ""} meanwhile` };
      }
      if (quote.status !== "requested" && quote.status !== "priced") {
        return { ok: false, code: "wrong_status", error: `${quoteNumber(quoteId)} is ${quote.status}; only a requested or priced quote can be priced` };
      }
      const lines = await trx.selectFrom("quote_lines").select(["id", "position", "quantity"]).where("quote_id", "=", quote.id).orderBy("position").execute();
      const positions = lines.map((line) => line.position);
      const unknown = [...price.lines.keys()].filter((position) => !positions.includes(position));
      if (unknown.length) return { ok: false, badInput: true, code: "bad_input", error: `${quoteNumber(quoteId)} has lines ${positions.join(", ")}; there is no line ${unknown.join(", ")}` };
      const missing = positions.filter((position) => !price.lines.has(position));
      if (missing.length) return { ok: false, badInput: true, code: "bad_input", error: `every line needs a price: give --line ${missing.map((p) => `${p}=…`).join(" --line ")}` };
      for (const line of lines) {
        await trx.updateTable("quote_lines").set({ price_minor: price.lines.get(line.position)! }).where("id", "=", line.id).execute();
      }
      const pricing = {
        shop_shipping_minor: price.shopShippingMinor,
        service_fee_minor: price.serviceFeeMinor,
        tax_minor: price.taxMinor,
        air_minor: price.air?.minor ?? null,
        air_days: price.air?.days ?? null,
        sea_minor: price.sea?.minor ?? null,
        sea_days: price.sea?.days ?? null,
      };
      const method = defaultMethod(pricing, quote.shipping_method);
      await trx
        .updateTable("quotes")
        .set({ ...pricing, shipping_method: quote.shipping_method === method ? method : null, status: "priced", priced_at: new Date(), updated_at: new Date() })
        .where("id", "=", quote.id)
        .execute();
      const totals = quoteTotals({ ...pricing, lines: lines.map((line) => ({ quantity: line.quantity, price_minor: price.lines.get(line.position)! })) }, method!)!;
      // A bill the customer already opened must ask for the new total, not the old one.
      const bill = await trx.selectFrom("orders").select("status").where("kind", "=", "quote").where("source_id", "=", quote.id).executeTakeFirst();
      if (bill?.status === "unpaid") {
        await openBill(trx, { kind: "quote", sourceId: Number(quote.id), userId: Number(quote.user_id), siteId: quote.site_id, currencyId: quote.currency_id, shippingMethod: method, subtotalMinor: totals.subtotal, shippingMinor: totals.shipping });
      }
      await recordAudit(trx, actor, {
        action: "quote.price",
        entity: "quote",
        entityId: quoteId,
        before: { status: quote.status },
        after: { status: "priced", ...pricing, lines: Object.fromEntries(price.lines) },
      });
      return { ok: true, message: `${quoteNumber(quoteId)} is priced: ${toDecimalString(totals.total)} by ${method} (goods ${toDecimalString(totals.goods)}).` };
    });
}

/** An operator's cancellation of a quote not yet paid; its unpaid bill goes too. A paid quote is refunded instead (payments refund). */
export async function cancelQuote(quoteId: number, reason: string | null): Promise<AdminOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<AdminOutcome> => {
      await lockBill(trx, "quote", quoteId);
      const quote = await trx.selectFrom("quotes").select(["id", "status"]).where("id", "=", quoteId).forUpdate().executeTakeFirst();
      if (!quote) return { ok: false, error: `there is no quote ${quoteNumber(quoteId)}` };
      if (quote.status !== "requested" && quote.status !== "priced") {
        return { ok: false, error: `${quoteNumber(quoteId)} is ${quote.status}; only a requested or priced quote can be cancelled (refund a paid one with "payments refund")` };
      }
      await trx.updateTable("quotes").set({ status: "cancelled", cancel_reason: reason, updated_at: new Date() }).where("id", "=", quote.id).execute();
      await cancelBill(trx, "quote", quoteId);
      return { ok: true, message: `${quoteNumber(quoteId)} is cancelled${reason ? ` (${reason})` : ""}.` };
    });
}

/** A paid quote moving along: ordered from the shop, at the warehouse, shipped, delivered. */
export async function moveQuote(quoteId: number, to: QuoteStatus): Promise<AdminOutcome> {
  const target = AFTER_PAYMENT_STATUSES.indexOf(to);
  if (target < 1) return { ok: false, badInput: true, error: `--to must be one of ${AFTER_PAYMENT_STATUSES.slice(1).join(", ")}` };
  const quote = await db().selectFrom("quotes").select(["id", "status"]).where("id", "=", quoteId).executeTakeFirst();
  if (!quote) return { ok: false, error: `there is no quote ${quoteNumber(quoteId)}` };
  const from = AFTER_PAYMENT_STATUSES.indexOf(quote.status);
  if (from < 0) return { ok: false, error: `${quoteNumber(quoteId)} is ${quote.status}; only a paid quote moves on` };
  if (from >= target) return { ok: false, error: `${quoteNumber(quoteId)} is already ${quote.status}; a quote only moves forward` };
  const moved = await db()
    .updateTable("quotes")
    .set({ status: to, updated_at: new Date() })
    .where("id", "=", quote.id)
    .where("status", "=", quote.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return { ok: false, error: `${quoteNumber(quoteId)} changed meanwhile; nothing was done` };
  return { ok: true, message: `${quoteNumber(quoteId)} is now ${to} (was ${quote.status}).` };
}
