// npm run admin -- staff …|order …: the back office's people and the orders'
// fulfilment from the command line, over the same use cases as /admin.
// `staff add` makes the first owner of a new shop; `staff reset-second-factor`
// is how a shop whose only owner lost their phone gets back in (whoever runs
// it already holds the server). Changes are written to the audit log as done
// by "command line".
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { db } from "../app/models/db/db.server";
import { deliverOrder, packOrder, shipOrder, type FulfilmentResult } from "../app/models/fulfilment/fulfilment.server";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "../app/models/staff/roles";
import { STAFF_PASSWORD_MIN_LENGTH } from "../app/models/staff/schemas";
import { addStaff, resetSecondFactor } from "../app/models/staff/staff.server";
import { totpCode } from "../app/models/staff/two-factor";
import { normalizeTrackingNumber } from "../app/models/tracking/tracking-number";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const STAFF_USAGE = `  staff add --email <e-mail> --name <name> --role <${STAFF_ROLES.join("|")}> --password <password> [--totp-secret <base32>] [--locale en|lt|lv|ee]
                                                   add a staff member who can sign in at /admin (without --totp-secret they set up a second factor at first sign-in)
  staff reset-second-factor --email <e-mail>         clear a lost second factor: they set up a new one at their next sign-in
  staff code --secret <base32>                       print the one-time code a secret gives now (for trying the demo staff)
  order pack|deliver --order <MP number>             mark a paid marketplace order packed, or a shipped one delivered
  order ship --order <MP number> --carrier <name> --tracking <number>
                                                   ship it: the customer can track it and is emailed`;

export type StaffCommand =
  | { command: "staff"; action: "add"; email: string; name: string; role: StaffRole; password: string; totpSecret?: string; locale: "en" | "lt" | "lv" | "ee" }
  | { command: "staff"; action: "reset-second-factor"; email: string }
  | { command: "staff"; action: "code"; secret: string }
  | { command: "order"; action: "pack" | "deliver"; orderId: number }
  | { command: "order"; action: "ship"; orderId: number; carrier: string; trackingNumber: string };

function orderIdOf(text: string | undefined) {
  const match = /^(?:MP)?(\d{1,12})$/i.exec(text?.trim() ?? "");
  if (!match) throw new UsageError(`--order must be a marketplace order's number such as MP12; got "${text ?? ""}"`);
  return Number(match[1]);
}

export function parseStaffArgs(area: "staff" | "order", action: string | undefined, rest: string[]): StaffCommand {
  if (area === "order") {
    if (action === "pack" || action === "deliver") return { command: "order", action, orderId: orderIdOf(readOptions(rest, ["order"]).order) };
    if (action !== "ship") throw new UsageError(action ? `unknown order command "${action}"` : "say pack, ship or deliver");
    const options = readOptions(rest, ["order", "carrier", "tracking"]);
    const trackingNumber = normalizeTrackingNumber(options.tracking ?? "");
    if (!trackingNumber || !/^[A-Z0-9-]+$/.test(trackingNumber)) throw new UsageError(`--tracking must be letters, digits and dashes; got "${options.tracking ?? ""}"`);
    if (!options.carrier?.trim()) throw new UsageError("--carrier is required");
    return { command: "order", action, orderId: orderIdOf(options.order), carrier: options.carrier.trim(), trackingNumber };
  }
  if (action === "code") {
    const secret = readOptions(rest, ["secret"]).secret?.replace(/\s+/g, "").toUpperCase() ?? "";
    if (!/^[A-Z2-7]{16,}$/.test(secret)) throw new UsageError("--secret must be a base32 key of at least 16 characters");
    return { command: "staff", action, secret };
  }
  if (action === "reset-second-factor") {
    const email = readOptions(rest, ["email"]).email?.trim().toLowerCase();
    if (!email) throw new UsageError("--email is required");
    return { command: "staff", action, email };
  }
  if (action !== "add") throw new UsageError(action ? `unknown staff command "${action}"` : "say add, reset-second-factor or code");
  const options = readOptions(rest, ["email", "name", "role", "password", "totp-secret", "locale"]);
  const email = options.email?.trim().toLowerCase() ?? "";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email must be an e-mail address; got "${email}"`);
  if (!options.name?.trim()) throw new UsageError("--name is required");
  if (!isStaffRole(options.role)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(", ")}`);
  if ((options.password ?? "").length < STAFF_PASSWORD_MIN_LENGTH) throw new UsageError(`--password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
  const totpSecret = options["totp-secret"]?.replace(/\s+/g, "").toUpperCase();
  if (totpSecret !== undefined && !/^[A-Z2-7]{16,}$/.test(totpSecret)) throw new UsageError("--totp-secret must be a base32 key of at least 16 characters");
  const locale = options.locale ?? "en";
  if (locale !== "en" && locale !== "lt" && locale !== "lv" && locale !== "ee") throw new UsageError("--locale must be en, lt, lv or ee");
  return { command: "staff", action, email, name: options.name.trim(), role: options.role, password: options.password!, totpSecret, locale };
}

const FULFILMENT_REFUSAL = (result: Exclude<FulfilmentResult, { ok: true }>) =>
  result.error === "wrong_status" ? `the order is ${result.status}` : result.error === "tracking_taken" ? "that tracking number is already used" : result.error === "stale" ? "it changed meanwhile; try again" : "there is no such order";

export async function runStaff(command: StaffCommand, output: AdminOutput): Promise<number> {
  try {
    if (command.command === "order") {
      const order = await db().selectFrom("orders").select("version").where("id", "=", command.orderId).executeTakeFirst();
      if (!order) {
        output.err(`admin: there is no order MP${command.orderId}. Nothing was changed.`);
        return 1;
      }
      const result =
        command.action === "ship"
          ? await shipOrder(COMMAND_LINE, command.orderId, order.version, { carrier: command.carrier, trackingNumber: command.trackingNumber })
          : command.action === "pack"
            ? await packOrder(COMMAND_LINE, command.orderId, order.version)
            : await deliverOrder(COMMAND_LINE, command.orderId, order.version);
      if (!result.ok) {
        output.err(`admin: refused: ${FULFILMENT_REFUSAL(result)}. Nothing was changed.`);
        return 1;
      }
      output.out(`Order MP${command.orderId} is now ${result.status}.`);
      return 0;
    }
    if (command.action === "code") {
      output.out(totpCode(command.secret));
      return 0;
    }
    if (command.action === "add") {
      const id = await addStaff(command);
      if (id === null) {
        output.err(`admin: ${command.email} is already a staff member. Nothing was changed.`);
        return 1;
      }
      output.out(`Staff member ${command.email} (${command.role}) added; they sign in at /admin/login.`);
      return 0;
    }
    const staff = await db().selectFrom("staff").select(["id", "version"]).where("email", "=", command.email).executeTakeFirst();
    if (!staff) {
      output.err(`admin: there is no staff member ${command.email}. Nothing was changed.`);
      return 1;
    }
    const result = await resetSecondFactor(COMMAND_LINE, staff.id, staff.version);
    if (!result.ok) {
      output.err(`admin: refused: it changed meanwhile; try again. Nothing was changed.`);
      return 1;
    }
    output.out(`The second factor of ${command.email} is cleared and their sessions ended; they set up a new one at their next sign-in.`);
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
