// npm run admin -- pro approve|reject --email <e-mail>: the operator's
// decision on a customer's application to sell (/pro); approving makes the
// account a pro seller. The customer is emailed in the language they applied in.
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import type { Decision } from "../app/models/pro/application";
import { decideApplication } from "../app/models/pro/applications.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const PRO_USAGE = `  pro approve --email <e-mail>                       approve a customer's application to sell: the account becomes a pro seller
  pro reject --email <e-mail>                        reject it (the customer may apply again)`;

export type ProCommand = { command: "pro"; action: Decision; email: string };

export function parseProArgs(action: string | undefined, rest: string[]): ProCommand {
  if (action !== "approve" && action !== "reject") throw new UsageError(action ? `unknown pro command "${action}"` : "say approve or reject");
  const options = readOptions(rest, ["email"]);
  const email = options.email?.trim() ?? "";
  if (!email) throw new UsageError("--email is required");
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email must be an e-mail address; got "${email}"`);
  return { command: "pro", action, email };
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runPro(command: ProCommand, output: AdminOutput): Promise<number> {
  try {
    const outcome = await decideApplication(COMMAND_LINE, command.email, command.action);
    if (!outcome.ok) {
      output.err(
        outcome.error === "no_account"
          ? `admin: there is no account with the e-mail address ${command.email}. Nothing was changed.`
          : `admin: ${command.email} has no application waiting for a decision. Nothing was changed.`,
      );
      return 1;
    }
    const decided = command.action === "approve" ? `approved; the account is now ${outcome.role}` : "rejected";
    output.out(`Application of ${outcome.email} (${outcome.company}) ${decided}.${outcome.mailed ? " The customer has been emailed." : " The email could not be sent (see the log)."}`);
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
