// npm run admin -- parcel arrive|ship|deliver|remind … | forward price|ship|deliver|ask …
// The warehouse's and the operator's steps of parcel forwarding, the same
// use cases as the back office's pages (docs/forwarding.md, docs/back-office.md).
import { readFile } from "node:fs/promises";
import { parseExactMinor, toDecimalString } from "../app/lib/money";
import { normaliseTrackingNumber, TRACKING_NUMBER } from "../app/models/forwarding/declaration";
import { forwardNumber } from "../app/models/forwarding/forward-requests.server";
import { recordArrival } from "../app/models/forwarding/arrival.server";
import { sendStorageEmails } from "../app/models/forwarding/housekeeping.server";
import { askForward, deliverForward, priceForward, requestOfParcel, shipForward } from "../app/models/forwarding/operator.server";
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { checkUpload, IMAGE_KINDS } from "../app/models/uploads/file-kind";
import { readRepeatedOptions, UsageError, type AdminOutput } from "./admin-options";

export const FORWARDING_USAGE = `  parcel arrive --tracking <number> --weight <kg> --dimensions <LxWxH cm> [--photo <file>]… [--email <e-mail>]
                                                       a declared parcel arrived at its warehouse (--email when two customers declared the number)
  parcel ship --request FR<id> | --parcel <number> --tracking <outbound number> [--carrier <name>]
  parcel deliver --request FR<id> | --parcel <number>  the same as forward ship / forward deliver, found by request or by a parcel in it
  parcel remind                                        send the storage emails due now (free storage ends soon; storage now costs), as the hourly job does
  forward price --request FR<id> --shipping <euros>    price a forward request (storage run up so far is added) and open its bill
  forward ship --request FR<id> --tracking <number> [--carrier <name>]   a paid request left the warehouse
  forward deliver --request FR<id>                     a shipped request was delivered
  forward ask --request FR<id> --question <text>       ask the customer something; they answer at /order-additional-info-needed/…`;

type RequestRef = { requestId: number } | { parcel: string };
export type ForwardingCommand =
  | { command: "forwarding"; action: "arrive"; tracking: string; email?: string; weightG: number; dimensionsMm: [number, number, number]; photos: string[] }
  | { command: "forwarding"; action: "price"; requestId: number; shippingMinor: number }
  | { command: "forwarding"; action: "ship"; ref: RequestRef; tracking: string; carrier: string }
  | { command: "forwarding"; action: "deliver"; ref: RequestRef }
  | { command: "forwarding"; action: "ask"; requestId: number; question: string }
  | { command: "forwarding"; action: "remind" };

/** The options of a forwarding command, one by one or all of a repeatable one (--photo). */
function readArgs(args: string[], names: readonly string[], repeatable: readonly string[] = []) {
  const values = readRepeatedOptions(args, names, repeatable);
  return { one: (name: string) => values[name]?.[0], all: (name: string) => values[name] ?? [] };
}

/** "FR7" or "7": the forward request's id. */
export function parseRequestRef(value: string | undefined) {
  const match = /^(?:FR)?(\d{1,15})$/i.exec((value ?? "").trim());
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`--request must be a forward request's number, such as FR7; got "${value ?? ""}"`);
  return id;
}

function tracking(value: string | undefined, option: string) {
  const number = normaliseTrackingNumber(value ?? "");
  if (!TRACKING_NUMBER.test(number)) throw new UsageError(`--${option} must be a tracking number of 4 to 40 letters, digits or dashes; got "${value ?? ""}"`);
  return number;
}

/** Kilograms with at most three decimals ("1.2") in grams. */
export function parseWeight(value: string | undefined) {
  const match = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec((value ?? "").trim());
  const grams = match ? Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0")) : 0;
  if (!match || grams <= 0) throw new UsageError(`--weight must be kilograms such as 1.2 (more than 0, at most three decimals); got "${value ?? ""}"`);
  return grams;
}

/** "30x20x10" (centimetres, at most one decimal each) in millimetres. */
export function parseDimensions(value: string | undefined): [number, number, number] {
  const parts = (value ?? "").trim().toLowerCase().split(/\s*[x×]\s*/);
  const mm = parts.map((part) => {
    const match = /^(\d{1,4})(?:\.(\d))?$/.exec(part);
    return match ? Number(match[1]) * 10 + Number(match[2] ?? "0") : 0;
  });
  if (mm.length !== 3 || mm.some((n) => n <= 0)) throw new UsageError(`--dimensions must be length x width x height in centimetres, such as 30x20x10; got "${value ?? ""}"`);
  return mm as [number, number, number];
}

function requestOrParcel(read: ReturnType<typeof readArgs>): RequestRef {
  const request = read.one("request");
  const parcel = read.one("parcel");
  if (request && parcel) throw new UsageError("give --request or --parcel, not both");
  if (parcel) return { parcel: tracking(parcel, "parcel") };
  return { requestId: parseRequestRef(request) };
}

export function parseForwardingArgs(area: "parcel" | "forward", action: string | undefined, rest: string[]): ForwardingCommand {
  if (area === "parcel" && action === "arrive") {
    const read = readArgs(rest, ["tracking", "weight", "dimensions", "photo", "email"], ["photo"]);
    return {
      command: "forwarding",
      action: "arrive",
      tracking: tracking(read.one("tracking"), "tracking"),
      email: read.one("email")?.trim(),
      weightG: parseWeight(read.one("weight")),
      dimensionsMm: parseDimensions(read.one("dimensions")),
      photos: read.all("photo"),
    };
  }
  if (area === "parcel" && action === "remind") {
    readArgs(rest, []);
    return { command: "forwarding", action };
  }
  if (action === "ship") {
    const read = readArgs(rest, area === "parcel" ? ["request", "parcel", "tracking", "carrier"] : ["request", "tracking", "carrier"]);
    return { command: "forwarding", action, ref: requestOrParcel(read), tracking: tracking(read.one("tracking"), "tracking"), carrier: (read.one("carrier") ?? "").trim() };
  }
  if (action === "deliver") {
    const read = readArgs(rest, area === "parcel" ? ["request", "parcel"] : ["request"]);
    return { command: "forwarding", action, ref: requestOrParcel(read) };
  }
  if (area === "forward" && action === "price") {
    const read = readArgs(rest, ["request", "shipping"]);
    const shippingMinor = parseExactMinor(read.one("shipping") ?? "");
    if (shippingMinor === null || shippingMinor < 0) throw new UsageError(`--shipping must be euros with at most two decimals, such as 24.90; got "${read.one("shipping") ?? ""}"`);
    return { command: "forwarding", action, requestId: parseRequestRef(read.one("request")), shippingMinor };
  }
  if (area === "forward" && action === "ask") {
    const read = readArgs(rest, ["request", "question"]);
    const question = (read.one("question") ?? "").trim();
    if (!question || question.length > 2000) throw new UsageError("--question must be a question of at most 2000 characters");
    return { command: "forwarding", action, requestId: parseRequestRef(read.one("request")), question };
  }
  const known = area === "parcel" ? "arrive, ship, deliver or remind" : "price, ship, deliver or ask";
  throw new UsageError(action ? `unknown ${area} command "${action}"` : `say ${known}`);
}

const REFUSAL: Record<string, string> = {
  not_found: "there is no such parcel or forward request",
  ambiguous: "two customers declared this tracking number; add --email to say whose parcel arrived",
  not_expected: "that parcel is not expected any more (it has arrived already)",
  tracking_taken: "that tracking number is already tracked",
};

function refused(output: AdminOutput, outcome: { error: string; status?: string }) {
  const { error, status } = outcome;
  const why = error === "wrong_status" ? `the forward request is ${status ?? "in another state"}, which this step does not move from` : (REFUSAL[error] ?? error.replaceAll("_", " "));
  output.err(`admin: refused: ${why}. Nothing was changed.`);
  return 1;
}

async function checkedPhotos(paths: string[], output: AdminOutput) {
  const photos: Uint8Array[] = [];
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(path));
    } catch {
      output.err(`admin: cannot read the photo ${path}. Nothing was changed.`);
      return null;
    }
    const check = checkUpload(bytes, IMAGE_KINDS);
    if (!check.ok) {
      output.err(`admin: ${path} is ${check.error === "too_large" ? "larger than 10 MB" : check.error === "empty" ? "empty" : "not a PNG, JPEG, GIF or WebP image"}. Nothing was changed.`);
      return null;
    }
    photos.push(bytes);
  }
  return photos;
}

async function resolveRequest(ref: RequestRef, output: AdminOutput): Promise<number | null> {
  if ("requestId" in ref) return ref.requestId;
  const found = await requestOfParcel(ref.parcel);
  if (typeof found === "number") return found;
  output.err(`admin: refused: ${found === "ambiguous" ? `the parcel ${ref.parcel} is in more than one forward request; use --request` : `no forward request holds a parcel ${ref.parcel}`}. Nothing was changed.`);
  return null;
}

export async function runForwarding(command: ForwardingCommand, output: AdminOutput): Promise<number> {
  switch (command.action) {
    case "arrive": {
      const photos = await checkedPhotos(command.photos, output);
      if (!photos) return 2;
      const [lengthMm, widthMm, heightMm] = command.dimensionsMm;
      const arrived = await recordArrival(COMMAND_LINE, { trackingNumber: command.tracking, email: command.email, weightG: command.weightG, lengthMm, widthMm, heightMm, photos });
      if (!arrived.ok) return refused(output, arrived);
      output.out(`Parcel ${command.tracking} arrived (parcel ${arrived.id}, ${arrived.photos} photos); storage is free until ${arrived.freeUntil.toISOString()}.`);
      return 0;
    }
    case "price": {
      const priced = await priceForward(COMMAND_LINE, command.requestId, command.shippingMinor);
      if (!priced.ok) return refused(output, priced);
      output.out(
        `Priced ${forwardNumber(command.requestId)}: shipping ${toDecimalString(command.shippingMinor)} EUR + storage ${toDecimalString(priced.storageMinor)} EUR = ${toDecimalString(priced.totalMinor)} EUR; the customer pays at /payment/${priced.billSlug}.`,
      );
      return 0;
    }
    case "ship": {
      const id = await resolveRequest(command.ref, output);
      if (id === null) return 1;
      const shipped = await shipForward(COMMAND_LINE, id, command.tracking, command.carrier);
      if (!shipped.ok) return refused(output, shipped);
      output.out(`Shipped ${forwardNumber(id)} with tracking number ${command.tracking}; anyone can follow it at /tracking/${command.tracking}.`);
      return 0;
    }
    case "deliver": {
      const id = await resolveRequest(command.ref, output);
      if (id === null) return 1;
      const delivered = await deliverForward(COMMAND_LINE, id);
      if (!delivered.ok) return refused(output, delivered);
      output.out(`Delivered ${forwardNumber(id)}.`);
      return 0;
    }
    case "remind": {
      const sent = await sendStorageEmails();
      output.out(`Storage emails: ${sent.reminders} "free storage ends soon", ${sent.chargeNotices} "storage now costs".`);
      return 0;
    }
    case "ask": {
      const asked = await askForward(COMMAND_LINE, command.requestId, command.question);
      if (!asked.ok) return refused(output, asked);
      output.out(`Asked about ${forwardNumber(command.requestId)}; the customer was emailed a link to /order-additional-info-needed/${asked.slug}.`);
      return 0;
    }
  }
}
