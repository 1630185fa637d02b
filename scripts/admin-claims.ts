// npm run admin -- claim status: the operator's decision on a claim, which the customer sees in /my-claims.
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { setClaimStatus } from "../app/models/claims/claim-admin.server";
import { SETTABLE_CLAIM_STATUSES as SETTABLE } from "../app/models/claims/claim-admin-schema";
import { claimNumber, parseClaimNumber, type ClaimStatus } from "../app/models/claims/claim-form";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const CLAIMS_USAGE = `  claim status --claim <CL number> --to <${SETTABLE.join("|")}>
                                                   move a claim on (the customer sees it in /my-claims)`;

export type ClaimsCommand = { command: "claim"; action: "status"; claimId: number; status: ClaimStatus };

export function parseClaimsArgs(action: string | undefined, rest: string[]): ClaimsCommand {
  if (action !== "status") throw new UsageError(action ? `unknown claim command "${action}"` : "say status");
  const options = readOptions(rest, ["claim", "to"]);
  if (!options.claim) throw new UsageError("--claim is required");
  const claimId = parseClaimNumber(options.claim);
  if (claimId === null) throw new UsageError(`--claim must be a claim number such as CL3; got "${options.claim}"`);
  const status = options.to?.trim() ?? "";
  if (!(SETTABLE as readonly string[]).includes(status)) throw new UsageError(`--to must be one of ${SETTABLE.join(", ")}; got "${status}"`);
  return { command: "claim", action: "status", claimId, status: status as ClaimStatus };
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runClaims(command: ClaimsCommand, output: AdminOutput): Promise<number> {
  const number = claimNumber(command.claimId);
  try {
    // The same use case as the back office's claim page; the audit log names the command line.
    const changed = await setClaimStatus(COMMAND_LINE, command.claimId, command.status);
    if (changed.ok) {
      output.out(`Claim ${number} (${changed.email}): ${changed.was} -> ${command.status}.`);
      return 0;
    }
    output.err(changed.error === "unchanged" ? `admin: claim ${number} is already ${command.status}. Nothing was changed.` : `admin: there is no claim ${number}. Nothing was changed.`);
    return 1;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
