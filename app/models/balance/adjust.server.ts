import { recordAudit, type StaffActor } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "./balance-entry";
import { BalanceError, recordBalanceEntry, type BalanceEntry } from "./balance.server";

// Staff move a customer's balance by hand (docs/back-office.md): a signed
// amount and why, written as one ledger entry (a manual top-up or deduction
// by admin) and its audit entry in one transaction. The ledger holds the
// customer's row locked while it reads the balance, so two adjustments at
// once are taken one after the other, and the one that would take the
// balance below zero is refused with nothing written. The back office's
// customer page and `npm run admin -- balance …` both call this.

export type AdjustBalanceResult =
  | { ok: true; entry: BalanceEntry }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "insufficient"; balanceMinor: number }
  | { ok: false; error: "invalid" };

/** Adds `amountMinor` (cents, negative to take away) to the customer's balance, with its reason (null only from the command line). */
export async function adjustBalance(actor: StaffActor, userId: number, amountMinor: number, reason: string | null): Promise<AdjustBalanceResult> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor === 0) return { ok: false, error: "invalid" };
  return db()
    .transaction()
    .execute(async (trx): Promise<AdjustBalanceResult> => {
      let entry: BalanceEntry;
      try {
        entry = await recordBalanceEntry(
          {
            userId,
            relType: BALANCE_REL_TYPE.manualByAdmin,
            type: amountMinor > 0 ? BALANCE_TYPE.addition : BALANCE_TYPE.deduction,
            amountMinor: Math.abs(amountMinor),
            reason,
          },
          trx,
        );
      } catch (error) {
        // The ledger refuses before it writes anything, so the transaction is still clean.
        if (!(error instanceof BalanceError)) throw error;
        if (error.reason === "unknown-user") return { ok: false, error: "not_found" };
        if (error.reason === "insufficient-balance") return { ok: false, error: "insufficient", balanceMinor: error.balanceMinor ?? 0 };
        return { ok: false, error: "invalid" };
      }
      await recordAudit(trx, actor, {
        action: "customer.balance",
        entity: "customer",
        entityId: userId,
        before: { balance_minor: entry.starting_balance_minor },
        after: { balance_minor: entry.end_balance_minor, amount_minor: amountMinor, reason, entry_id: entry.id },
      });
      return { ok: true, entry };
    });
}
