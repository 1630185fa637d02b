// Operator commands, run against the database named by DATABASE_URL:
//   npm run admin -- balance top-up --email someone@example.com --amount 12.50 --reason "Late delivery"
//   npm run admin -- balance deduct --email someone@example.com --amount 3.20
//   npm run admin -- redirect add --from /old-page --to /lt/about-us
//   npm run admin -- payments reconcile
//   npm run admin -- payments refund --order 12 --to balance
//   npm run admin -- parcel arrive --tracking 1Z999AA1 --weight 1.2 --dimensions 30x20x10 --photo a.jpg
//   npm run admin -- forward price --request FR7 --shipping 24.90
//   npm run admin -- quote price --quote QU12 --line 1=19.99 --air 12.00 --air-days 5-9
//   npm run admin -- tracking event --number LT123 --code in_transit --location Leipzig
//   npm run admin -- invoice issue --email someone@example.com --line "Repacking;2;3.50;21"
//   npm run admin -- reservation allocate --model "iPhone 17 Pro" --colour "Deep Blue" --storage 256 --count 20
//   npm run admin -- claim status --claim CL3 --to in_review
//   npm run admin -- home move --site lt --section deals --to 2
//   npm run admin -- pro approve --email seller@example.com
//   npm run admin -- staff add --email owner@example.com --name "Rūta" --role owner --password …
//   npm run admin -- order ship --order MP12 --carrier DPD --tracking LT123
// The embedded database can be opened by one process at a time: stop the
// shop before running these against it. A PostgreSQL server needs no pause.
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseExactMinor, toDecimalString } from "../app/lib/money";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { adjustBalance } from "../app/models/balance/adjust.server";
import { findBalanceAccount } from "../app/models/balance/balance.server";
import { closeDatabase } from "../app/models/db/db.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";
import { parsePaymentsArgs, PAYMENTS_USAGE, runPayments } from "./admin-payments";
import { parseRedirectArgs, REDIRECT_USAGE, runRedirect } from "./admin-redirects";
import { CONTENT_USAGE, parseContentArgs, runContent } from "./admin-content";
import { parseQuotesArgs, QUOTES_USAGE, runQuotes } from "./admin-quotes";
import { FORWARDING_USAGE, parseForwardingArgs, runForwarding } from "./admin-forwarding";
import { parseTrackingArgs, runTracking, TRACKING_USAGE } from "./admin-tracking";
import { INVOICES_USAGE, parseInvoicesArgs, runInvoices } from "./admin-invoices";
import { parseReservationsArgs, RESERVATIONS_USAGE, runReservations } from "./admin-reservations";
import { CLAIMS_USAGE, parseClaimsArgs, runClaims } from "./admin-claims";
import { HOME_USAGE, parseHomeArgs, runHome } from "./admin-home";
import { parseProArgs, PRO_USAGE, runPro } from "./admin-pro";
import { parseStaffArgs, runStaff, STAFF_USAGE } from "./admin-staff";

export type { AdminOutput } from "./admin-options";

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  balance top-up --email <e-mail> --amount <euros> [--reason <text>]
                                                   add to a customer's balance (a manual top-up by admin)
  balance deduct --email <e-mail> --amount <euros> [--reason <text>]
                                                   take from it (a manual deduction by admin)
${REDIRECT_USAGE}
${CONTENT_USAGE}
${PAYMENTS_USAGE}
${QUOTES_USAGE}
${FORWARDING_USAGE}
${TRACKING_USAGE}
${INVOICES_USAGE}
${RESERVATIONS_USAGE}
${CLAIMS_USAGE}
${HOME_USAGE}
${PRO_USAGE}
${STAFF_USAGE}

The amount is in euros with at most two decimals, e.g. 12.50. A deduction
larger than the balance is refused and changes nothing. Prints the new
balance. A redirect's old path is a path of this shop (/old-page); its new
address a path (/lt/about-us) or a URL elsewhere (https://…), which the
browser then loads as a new page. Exit codes: 0 done, 1 refused or failed,
2 bad arguments.`;

const consoleOutput: AdminOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

const ACTIONS = {
  "top-up": { sign: 1, done: "Topped up" },
  deduct: { sign: -1, done: "Deducted" },
} as const;

/** The command a command line asks for, or a UsageError saying what is wrong with it. */
export function parseAdminArgs(argv: string[]) {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) return { command: "help" as const };
  const [area, action, ...rest] = argv;
  if (area === "redirect") return parseRedirectArgs(action, rest);
  if (area === "content") return parseContentArgs(action, rest);
  if (area === "payments") return parsePaymentsArgs(action, rest);
  if (area === "quote") return parseQuotesArgs(action, rest);
  if (area === "parcel" || area === "forward") return parseForwardingArgs(area, action, rest);
  if (area === "tracking") return parseTrackingArgs(action, rest);
  if (area === "invoice") return parseInvoicesArgs(action, rest);
  if (area === "reservation") return parseReservationsArgs(action, rest);
  if (area === "claim") return parseClaimsArgs(action, rest);
  if (area === "home") return parseHomeArgs(action, rest);
  if (area === "pro") return parseProArgs(action, rest);
  if (area === "staff" || area === "order") return parseStaffArgs(area, action, rest);
  if (area !== "balance") throw new UsageError(`unknown command "${area}"`);
  if (!action) throw new UsageError("say top-up or deduct");
  if (!Object.hasOwn(ACTIONS, action)) throw new UsageError(`unknown balance command "${action}"`);
  const options = readOptions(rest, ["email", "amount", "reason"]);
  if (!options.email) throw new UsageError("--email is required");
  if (!options.amount) throw new UsageError("--amount is required");
  const amountMinor = parseExactMinor(options.amount);
  if (amountMinor === null) {
    throw new UsageError(`--amount must be euros with at most two decimals and a dot, such as 12.50; got "${options.amount}"`);
  }
  if (amountMinor <= 0) throw new UsageError(`--amount must be more than 0, got "${options.amount}"`);
  const reason = options.reason?.trim() || null;
  if (reason && reason.length > 500) throw new UsageError("--reason is at most 500 characters");
  return { command: "balance" as const, action: action as keyof typeof ACTIONS, email: options.email.trim(), amountMinor, reason };
}

/** Runs one command line and returns its exit code; what it has to say goes to `output`. */
export async function runAdmin(argv: string[], output: AdminOutput = consoleOutput): Promise<number> {
  let parsed: ReturnType<typeof parseAdminArgs>;
  try {
    parsed = parseAdminArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`admin: ${error.message}\nRun "npm run admin -- --help" for the commands and options.`);
    return 2;
  }
  if (parsed.command === "help") {
    output.out(USAGE);
    return 0;
  }
  if (parsed.command === "tracking") return runTracking(parsed, output);
  if (parsed.command === "content") return runContent(parsed, output);
  if (parsed.command === "invoice") return runInvoices(parsed, output);
  if (parsed.command === "reservation") return runReservations(parsed, output);
  if (parsed.command === "claim") return runClaims(parsed, output);
  if (parsed.command === "home") return runHome(parsed, output);
  if (parsed.command === "pro") return runPro(parsed, output);
  if (parsed.command === "staff" || parsed.command === "order") return runStaff(parsed, output);
  if (parsed.command === "redirect" || parsed.command === "payments" || parsed.command === "forwarding" || parsed.command === "quote") {
    try {
      if (parsed.command === "forwarding") return await runForwarding(parsed, output);
      if (parsed.command === "quote") return await runQuotes(parsed, output);
      return parsed.command === "redirect" ? await runRedirect(parsed, output) : await runPayments(parsed, output);
    } catch (error) {
      output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }

  const { action, email, amountMinor, reason } = parsed;
  const amount = `${toDecimalString(amountMinor)} EUR`;
  try {
    const account = await findBalanceAccount(email);
    if (!account) {
      output.err(`admin: there is no account with the e-mail address ${email}. Nothing was changed.`);
      return 1;
    }
    const result = await adjustBalance(COMMAND_LINE, account.id, ACTIONS[action].sign * amountMinor, reason);
    if (result.ok) {
      const { entry } = result;
      output.out(
        `${ACTIONS[action].done} ${amount} (entry ID${entry.id}). ` +
          `The balance of ${account.email} is now ${toDecimalString(entry.end_balance_minor)} EUR (was ${toDecimalString(entry.starting_balance_minor)} EUR).`,
      );
      return 0;
    }
    if (result.error === "insufficient") {
      output.err(`admin: refused: the balance of ${email} is ${toDecimalString(result.balanceMinor)} EUR, less than ${amount}. Nothing was changed.`);
      return 1;
    }
    output.err(`admin: refused: ${result.error === "not_found" ? `there is no account with the e-mail address ${email}` : "the amount cannot be recorded"}. Nothing was changed.`);
    return 1;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function isMainModule() {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isMainModule()) {
  try {
    process.exitCode = await runAdmin(process.argv.slice(2));
  } finally {
    await closeDatabase();
  }
}
