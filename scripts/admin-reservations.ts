// npm run admin -- reservation …: the iPhone reservation's allocations and who holds them.
import { parseExactMinor, toDecimalString } from "../app/lib/money";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import type { ReservationStatus } from "../app/models/db/schema";
import { allocations, cancelReservation, holders, setAllocation } from "../app/models/reservations/allocations.server";
import { parseReservationNumber, storageLabel } from "../app/models/reservations/reservations";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const RESERVATIONS_USAGE = `  reservation allocate --model <model> --colour <colour> --storage <GB> --count <phones> [--price <euros>]
                                                   set how many phones of a model, colour and storage can be reserved;
                                                   a new combination needs --price; never below what is reserved
  reservation list [--model <model>]               each combination's price, allocation, reserved and left
  reservation holders [--model <model>] [--status <status>]
                                                   the reservations, oldest first, with name, e-mail and phone
  reservation cancel --reservation <R12>           cancel a reservation; its phone goes back to the allocation`;

const STATUSES: readonly ReservationStatus[] = ["pending", "confirmed", "cancelled", "expired"];
const MAX_COUNT = 100_000;

export type ReservationsCommand =
  | { command: "reservation"; action: "allocate"; model: string; colour: string; storageGb: number; count: number; priceMinor?: number }
  | { command: "reservation"; action: "list"; model?: string }
  | { command: "reservation"; action: "holders"; model?: string; status?: ReservationStatus }
  | { command: "reservation"; action: "cancel"; reservationId: number };

function required(options: Record<string, string>, name: string) {
  const value = options[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

/** "256" → 256, "1TB" or "1 TB" → 1024. */
export function parseStorage(text: string) {
  const match = /^(\d{1,5})\s*(gb|tb)?$/i.exec(text.trim());
  const gigabytes = match ? Number(match[1]) * (match[2]?.toLowerCase() === "tb" ? 1024 : 1) : 0;
  if (gigabytes <= 0) throw new UsageError(`--storage must be gigabytes such as 256, or 1TB; got "${text}"`);
  return gigabytes;
}

export function parseReservationsArgs(action: string | undefined, rest: string[]): ReservationsCommand {
  if (action === "allocate") {
    const options = readOptions(rest, ["model", "colour", "storage", "count", "price"]);
    const countText = required(options, "count");
    const count = Number(countText);
    if (!/^\d+$/.test(countText) || count > MAX_COUNT) throw new UsageError(`--count must be a whole number of phones from 0 to ${MAX_COUNT}; got "${countText}"`);
    let priceMinor: number | undefined;
    if (options.price !== undefined) {
      const parsed = parseExactMinor(options.price);
      if (parsed === null || parsed < 0) throw new UsageError(`--price must be euros with at most two decimals and a dot, such as 1329.00; got "${options.price}"`);
      priceMinor = parsed;
    }
    const storageGb = parseStorage(required(options, "storage"));
    return { command: "reservation", action, model: required(options, "model"), colour: required(options, "colour"), storageGb, count, priceMinor };
  }
  if (action === "list") {
    const options = readOptions(rest, ["model"]);
    return { command: "reservation", action, model: options.model?.trim() };
  }
  if (action === "holders") {
    const options = readOptions(rest, ["model", "status"]);
    const status = options.status?.trim();
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${STATUSES.join(", ")}; got "${status}"`);
    return { command: "reservation", action, model: options.model?.trim(), status: status as ReservationStatus | undefined };
  }
  if (action === "cancel") {
    const options = readOptions(rest, ["reservation"]);
    const text = required(options, "reservation");
    const reservationId = parseReservationNumber(text);
    if (reservationId === null) throw new UsageError(`--reservation must be a reservation number such as R12; got "${text}"`);
    return { command: "reservation", action, reservationId };
  }
  throw new UsageError(action ? `unknown reservation command "${action}"` : "say allocate, list, holders or cancel");
}

/** Runs the command; its own failures are reported here, so admin.ts dispatches it in one line. */
export async function runReservations(command: ReservationsCommand, output: AdminOutput): Promise<number> {
  try {
    return await run(command, output);
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function run(command: ReservationsCommand, output: AdminOutput): Promise<number> {
  if (command.action === "allocate") {
    const phone = `${command.model}, ${command.colour}, ${storageLabel(command.storageGb)}`;
    const outcome = await setAllocation(COMMAND_LINE, command);
    if (!outcome.ok) {
      output.err(
        outcome.error === "price_required"
          ? `admin: ${phone} is not open for reservation yet; give its --price to add it. Nothing was changed.`
          : `admin: refused: ${outcome.reserved} of ${phone} are already reserved, more than ${command.count}. Nothing was changed.`,
      );
      return 1;
    }
    output.out(
      `${outcome.created ? "Added" : "Updated"} ${phone} (option ${outcome.id}) at ${toDecimalString(outcome.priceMinor)} EUR: ` +
        `allocation ${outcome.allocation}, reserved ${outcome.reserved}, left ${outcome.allocation - outcome.reserved}.`,
    );
    return 0;
  }
  if (command.action === "list") {
    const rows = await allocations(command.model);
    if (rows.length === 0) output.out(command.model ? `Nothing of ${command.model} is open for reservation.` : "Nothing is open for reservation.");
    for (const row of rows) {
      output.out(
        `${row.id}\t${row.model}\t${row.colour}\t${storageLabel(row.storage_gb)}\t${toDecimalString(row.price_minor)} EUR\t` +
          `allocation ${row.allocation}\treserved ${row.reserved}\tleft ${row.left}`,
      );
    }
    return 0;
  }
  if (command.action === "holders") {
    const rows = await holders({ model: command.model, status: command.status });
    if (rows.length === 0) output.out("No reservations.");
    for (const row of rows) {
      output.out(
        `${row.number}\t${row.status}\t${row.created_at.toISOString()}\t${row.model}, ${row.colour}, ${storageLabel(row.storage_gb)}\t${row.name}\t${row.email}\t${row.phone}`,
      );
    }
    return 0;
  }
  const outcome = await cancelReservation(COMMAND_LINE, command.reservationId);
  if (outcome.ok) {
    output.out(`Cancelled reservation ${outcome.number}; its phone is back in the allocation.`);
    return 0;
  }
  output.err(
    outcome.error === "not_found"
      ? `admin: there is no reservation R${command.reservationId}. Nothing was changed.`
      : `admin: refused: reservation R${command.reservationId} is ${outcome.status} and holds no phone. Nothing was changed.`,
  );
  return 1;
}
