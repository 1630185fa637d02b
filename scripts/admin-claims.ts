// npm run admin -- claim status: the operator's decision on a claim, which the customer sees in /my-claims.
import { CLAIM_STATUSES, claimNumber, parseClaimNumber, type ClaimStatus } from "../app/models/claims/claim-form";
import { setClaimStatus } from "../app/models/claims/claims.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

const SETTABLE = CLAIM_STATUSES.filter((status) => status !== "received");

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
    const changed = await setClaimStatus(command.claimId, command.status);
    if (!changed) {
      output.err(`admin: there is no claim ${number}. Nothing was changed.`);
      return 1;
    }
    output.out(`Claim ${number} (${changed.email}): ${changed.was} -> ${command.status}.`);
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
