// npm run admin -- invoice issue --email <e-mail> --line "description;quantity;unit price;VAT %" [--line …] [--due-days 14] [--site <code>]
// npm run admin -- invoice cancel --invoice <number or id>
// npm run admin -- invoice credit --invoice <number or id> [--reason <text>]
// The same use cases as the back office's invoice pages, written to the audit log as the command line.
import { toDecimalString } from "../app/lib/money";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { creditInvoice, CREDIT_REASON_MAX } from "../app/models/invoices/credit-notes.server";
import { sendInvoiceIssued } from "../app/models/invoices/invoice-mail.server";
import { cancelInvoice, DEFAULT_DUE_DAYS, invoiceIdOf, issueInvoice } from "../app/models/invoices/issue.server";
import { parseInvoiceLine, type InvoiceLineDraft } from "../app/models/invoices/lines";
import { readRepeatedOptions, UsageError, type AdminOutput } from "./admin-options";

export const INVOICES_USAGE = `  invoice issue --email <e-mail> --line "<description>;<quantity>;<unit price>;<VAT %>" [--line …] [--due-days <days>] [--site <code>]
                                                       issue an invoice to a customer and e-mail them its link
  invoice cancel --invoice <number or id>              cancel an invoice not yet paid
  invoice credit --invoice <number or id> [--reason <text>]
                                                       take back a paid invoice whole with a credit note (a document; the money is the bill's refund)`;

export type InvoicesCommand =
  | { command: "invoice"; action: "issue"; email: string; lines: InvoiceLineDraft[]; dueDays: number; siteCode?: string }
  | { command: "invoice"; action: "cancel"; invoice: string }
  | { command: "invoice"; action: "credit"; invoice: string; reason: string };

const MAX_DUE_DAYS = 365;

export function parseInvoicesArgs(action: string | undefined, rest: string[]): InvoicesCommand {
  if (action === "cancel") {
    const options = readRepeatedOptions(rest, ["invoice"]);
    if (!options.invoice) throw new UsageError("--invoice is required: the invoice's number (2026-000001) or id");
    return { command: "invoice", action, invoice: options.invoice[0]!.trim() };
  }
  if (action === "credit") {
    const options = readRepeatedOptions(rest, ["invoice", "reason"]);
    if (!options.invoice) throw new UsageError("--invoice is required: the invoice's number (2026-000001) or id");
    const reason = options.reason?.[0]?.trim() ?? "";
    if (reason.length > CREDIT_REASON_MAX) throw new UsageError(`--reason must be at most ${CREDIT_REASON_MAX} characters`);
    return { command: "invoice", action, invoice: options.invoice[0]!.trim(), reason };
  }
  if (action !== "issue") throw new UsageError(action ? `unknown invoice command "${action}"` : "say issue, cancel or credit");
  const options = readRepeatedOptions(rest, ["email", "line", "due-days", "site"], ["line"]);
  if (!options.email) throw new UsageError("--email is required");
  if (!options.line) throw new UsageError('at least one --line "description;quantity;unit price;VAT %" is required');
  const lines = options.line.map((text, index) => {
    const parsed = parseInvoiceLine(text);
    if (!parsed.ok) throw new UsageError(`--line ${index + 1}: ${parsed.error}`);
    return parsed.line;
  });
  const dueText = options["due-days"]?.[0];
  const dueDays = dueText === undefined ? DEFAULT_DUE_DAYS : Number(dueText);
  if (dueText !== undefined && (!/^\d+$/.test(dueText) || dueDays > MAX_DUE_DAYS)) {
    throw new UsageError(`--due-days must be a whole number of days from 0 to ${MAX_DUE_DAYS}; got "${dueText}"`);
  }
  return { command: "invoice", action, email: options.email[0]!.trim(), lines, dueDays, siteCode: options.site?.[0]?.trim() };
}

/** Runs an invoice command; its exit code: 0 done, 1 refused or failed. */
export async function runInvoices(command: InvoicesCommand, output: AdminOutput): Promise<number> {
  try {
    return await run(command, output);
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function run(command: InvoicesCommand, output: AdminOutput): Promise<number> {
  if (command.action === "cancel") {
    const outcome = await cancelInvoice(COMMAND_LINE, command.invoice);
    if (outcome.ok) {
      output.out(`Cancelled invoice ${outcome.number}; it can no longer be paid.`);
      return 0;
    }
    output.err(
      outcome.error === "not_found"
        ? `admin: there is no invoice ${command.invoice}. Nothing was changed.`
        : `admin: refused: invoice ${command.invoice} is ${outcome.status}, only an invoice waiting for payment can be cancelled. Nothing was changed.`,
    );
    return 1;
  }
  if (command.action === "credit") {
    const id = await invoiceIdOf(command.invoice);
    const outcome = id === null ? ({ ok: false, error: "not_found" } as const) : await creditInvoice(COMMAND_LINE, id, command.reason);
    if (outcome.ok) {
      output.out(`Credited invoice ${outcome.invoiceNumber} with credit note ${outcome.number}.`);
      return 0;
    }
    const why =
      outcome.error === "not_found"
        ? `there is no invoice ${command.invoice}`
        : outcome.error === "already_credited"
          ? `invoice ${command.invoice} is already credited by ${outcome.number}`
          : `invoice ${command.invoice} is ${outcome.status}; only a paid invoice is credited (cancel one not yet paid)`;
    output.err(`admin: refused: ${why}. Nothing was changed.`);
    return 1;
  }
  const outcome = await issueInvoice(COMMAND_LINE, { email: command.email, lines: command.lines, dueDays: command.dueDays, siteCode: command.siteCode });
  if (!outcome.ok) {
    const why = {
      no_customer: `there is no account with the e-mail address ${command.email}`,
      no_site: `there is no site with the code "${command.siteCode}"`,
      no_lines: "an invoice needs at least one line",
    }[outcome.error];
    output.err(`admin: ${why}. Nothing was changed.`);
    return 1;
  }
  const { invoice } = outcome;
  output.out(`Issued invoice ${invoice.number} (id ${invoice.id}) to ${invoice.email}: ${toDecimalString(invoice.grossMinor)} EUR with VAT, bill ${invoice.billSlug}.`);
  try {
    const sent = await sendInvoiceIssued(invoice);
    output.out(`E-mailed ${invoice.email} the link ${sent.url}`);
  } catch (error) {
    // The invoice stands; only the message is missing, and the customer also finds the invoice by its link.
    output.err(`admin: the invoice was issued, but the e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
  return 0;
}
