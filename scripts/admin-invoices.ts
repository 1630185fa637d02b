// npm run admin -- invoice issue --email <e-mail> --line "description;quantity;unit price;VAT %" [--line …] [--due-days 14] [--site <code>]
// npm run admin -- invoice cancel --invoice <number or id>
import { toDecimalString } from "../app/lib/money";
import { sendInvoiceIssued } from "../app/models/invoices/invoice-mail.server";
import { cancelInvoice, DEFAULT_DUE_DAYS, issueInvoice } from "../app/models/invoices/issue.server";
import { parseInvoiceLine, type InvoiceLineDraft } from "../app/models/invoices/lines";
import { readRepeatedOptions, UsageError, type AdminOutput } from "./admin-options";

export const INVOICES_USAGE = `  invoice issue --email <e-mail> --line "<description>;<quantity>;<unit price>;<VAT %>" [--line …] [--due-days <days>] [--site <code>]
                                                       issue an invoice to a customer and e-mail them its link
  invoice cancel --invoice <number or id>              cancel an invoice not yet paid`;

export type InvoicesCommand =
  | { command: "invoice"; action: "issue"; email: string; lines: InvoiceLineDraft[]; dueDays: number; siteCode?: string }
  | { command: "invoice"; action: "cancel"; invoice: string };

const MAX_DUE_DAYS = 365;

export function parseInvoicesArgs(action: string | undefined, rest: string[]): InvoicesCommand {
  if (action === "cancel") {
    const options = readRepeatedOptions(rest, ["invoice"]);
    if (!options.invoice) throw new UsageError("--invoice is required: the invoice's number (2026-000001) or id");
    return { command: "invoice", action, invoice: options.invoice[0]!.trim() };
  }
  if (action !== "issue") throw new UsageError(action ? `unknown invoice command "${action}"` : "say issue or cancel");
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
    const outcome = await cancelInvoice(command.invoice);
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
  const outcome = await issueInvoice({ email: command.email, lines: command.lines, dueDays: command.dueDays, siteCode: command.siteCode });
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
