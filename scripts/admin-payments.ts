// npm run admin -- payments reconcile | payments refund --order <id> --to balance|processor [--amount <euros>] [--reason <text>]
import { parseExactMinor, toDecimalString } from "../app/lib/money";
import { reconcilePayments } from "../app/models/payments/reconcile.server";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { refundOrder, type RefundTarget } from "../app/models/payments/refunds.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const PAYMENTS_USAGE = `  payments reconcile                                   ask processors about payments left pending, settle or give them up
  payments refund --order <id> --to balance|processor [--amount <euros>] [--reason <text>]
                                                       refund a paid order, quote or forward request: all that is left, or --amount of it`;

export type PaymentsCommand = { command: "payments"; action: "reconcile" } | { command: "payments"; action: "refund"; orderId: number; to: RefundTarget; amountMinor?: number; reason?: string };

export function parsePaymentsArgs(action: string | undefined, rest: string[]): PaymentsCommand {
  if (action === "reconcile") return { command: "payments", action };
  if (action !== "refund") throw new UsageError(action ? `unknown payments command "${action}"` : "say reconcile or refund");
  const options = readOptions(rest, ["order", "to", "amount", "reason"]);
  const orderId = Number(options.order);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new UsageError(`--order must be an order's id, such as 12; got "${options.order ?? ""}"`);
  if (options.to !== "balance" && options.to !== "processor") throw new UsageError(`--to must be balance or processor; got "${options.to ?? ""}"`);
  const amountMinor = options.amount === undefined ? undefined : parseExactMinor(options.amount);
  if (amountMinor === null || (amountMinor !== undefined && amountMinor <= 0)) throw new UsageError(`--amount must be euros with at most two decimals, such as 12.50; got "${options.amount}"`);
  const reason = options.reason?.trim();
  if (reason && reason.length > 500) throw new UsageError("--reason must be at most 500 characters");
  return { command: "payments", action, orderId, to: options.to, amountMinor, reason };
}

export async function runPayments(command: PaymentsCommand, output: AdminOutput): Promise<number> {
  if (command.action === "reconcile") {
    const report = await reconcilePayments();
    if (report.skipped) {
      output.err("admin: another server is reconciling payments right now; nothing was done.");
      return 1;
    }
    output.out(
      `Checked ${report.checked} pending payments: ${report.paid} paid, ${report.released} failed or declined, ` +
        `${report.abandoned} given up, ${report.stillPending} still pending, ${report.errors} could not be asked.`,
    );
    return report.errors > 0 ? 1 : 0;
  }
  const outcome = await refundOrder(COMMAND_LINE, command.orderId, { target: command.to, amountMinor: command.amountMinor, reason: command.reason });
  if (!outcome.ok) {
    const why = outcome.error === "too_much" ? "the amount is more than is left to refund" : outcome.error.replaceAll("_", " ");
    output.err(`admin: refused: ${why}. Nothing was changed.`);
    return 1;
  }
  output.out(`Refunded order ${command.orderId}: ${toDecimalString(outcome.toBalance)} EUR to the balance, ${toDecimalString(outcome.toProcessor)} EUR to the processor${outcome.whole ? "; all of it is back" : ""}.`);
  return 0;
}
