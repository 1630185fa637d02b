import type { ReservationStatus } from "~/models/db/schema";

// The reservation's rules that the browser may know too: how long a link
// works, how many phones of a model one customer may hold, and how numbers
// and storage sizes are written.

/** A pending reservation lapses, and its unit goes back, unless confirmed within this time. */
export const CONFIRM_WITHIN_HOURS = 24;
/** The reservation policy: at most two phones of the same model per customer (by email). */
export const MAX_PER_MODEL = 2;
/** Reservations that hold a unit of the allocation. */
export const HOLDING_STATUSES: readonly ReservationStatus[] = ["pending", "confirmed"];

export type OptionRow = { id: number; model: string; colour: string; storage_gb: number; price_minor: number; allocation: number; reserved: number };

/** What is left of an option's allocation; never below zero, even if an operator cut it. */
export function unitsLeft(option: Pick<OptionRow, "allocation" | "reserved">) {
  return Math.max(0, option.allocation - option.reserved);
}

/** The number customers quote: R and the reservation's id (R12). */
export function reservationNumber(id: number) {
  return `R${id}`;
}

/** "R12", "r12" or "12" → 12; anything else null. */
export function parseReservationNumber(text: string): number | null {
  const match = /^\s*[Rr]?(\d{1,15})\s*$/.exec(text);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

/** 256 → "256 GB", 1024 → "1 TB": how the phones are sold. */
export function storageLabel(gigabytes: number) {
  return gigabytes >= 1024 && gigabytes % 1024 === 0 ? `${gigabytes / 1024} TB` : `${gigabytes} GB`;
}

/** "iPhone 17 Pro, Deep Blue, 256 GB". */
export function phoneLabel(option: Pick<OptionRow, "model" | "colour" | "storage_gb">) {
  return `${option.model}, ${option.colour}, ${storageLabel(option.storage_gb)}`;
}

/** A confirmation link's secret as we make it (32 random bytes, base64url); anything else is no reservation. */
export function isConfirmToken(text: string | undefined): text is string {
  return typeof text === "string" && /^[A-Za-z0-9_-]{43}$/.test(text);
}

export type ModelGroup<O extends OptionRow = OptionRow> = { model: string; fromMinor: number; left: number; options: O[] };

/** Options grouped by model, in the order given (by model, then price). */
export function groupByModel<O extends OptionRow>(options: readonly O[]): ModelGroup<O>[] {
  const groups = new Map<string, ModelGroup<O>>();
  for (const option of options) {
    const group = groups.get(option.model) ?? { model: option.model, fromMinor: option.price_minor, left: 0, options: [] };
    group.fromMinor = Math.min(group.fromMinor, option.price_minor);
    group.left += unitsLeft(option);
    group.options.push(option);
    groups.set(option.model, group);
  }
  return [...groups.values()];
}
