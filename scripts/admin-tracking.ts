// npm run admin -- tracking event: what happened to a shipment, until carriers report it themselves.
import { TRACKING_CODES, type TrackingCode } from "../app/models/tracking/shipments.server";
import { addEventByNumber } from "../app/models/tracking/tracking.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const TRACKING_USAGE = `  tracking event --number <tracking number> --code <code> [--location <place>] [--at <ISO time>]
                                                   add an event to a shipment's timeline (/tracking/{number});
                                                   codes: ${TRACKING_CODES.join(", ")}; --at defaults to now`;

export type TrackingCommand = { command: "tracking"; action: "event"; number: string; code: TrackingCode; location: string; at: Date };

export function parseTrackingArgs(action: string | undefined, rest: string[]): TrackingCommand {
  if (action !== "event") throw new UsageError(action ? `unknown tracking command "${action}"` : "say event");
  const options = readOptions(rest, ["number", "code", "location", "at"]);
  const number = options.number?.trim();
  if (!number) throw new UsageError("--number is required");
  const code = options.code?.trim() ?? "";
  if (!(TRACKING_CODES as readonly string[]).includes(code)) throw new UsageError(`--code must be one of ${TRACKING_CODES.join(", ")}; got "${code}"`);
  const at = options.at === undefined ? new Date() : new Date(options.at);
  if (Number.isNaN(at.getTime())) throw new UsageError(`--at must be a time such as 2026-03-02T10:15:00Z; got "${options.at}"`);
  return { command: "tracking", action: "event", number, code: code as TrackingCode, location: options.location?.trim() ?? "", at };
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runTracking(command: TrackingCommand, output: AdminOutput): Promise<number> {
  try {
    const number = await addEventByNumber(command.number, command.code, command.location, command.at);
    if (!number) {
      output.err(`admin: there is no shipment with the number ${command.number}. Nothing was changed.`);
      return 1;
    }
    output.out(`Shipment ${number}: ${command.code}${command.location ? ` in ${command.location}` : ""} at ${command.at.toISOString()}.`);
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
