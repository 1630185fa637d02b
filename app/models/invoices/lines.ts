import { parseExactMinor, type Minor } from "~/lib/money";
import { formatRate, rateBasisPoints } from "./totals";

// One invoice line as an operator writes it on the command line:
// "description;quantity;unit price in euros (net);VAT %", e.g.
// "Storage of a parcel, 12 days;1;6.00;21". The description may hold commas
// but not semicolons, which separate the fields.

export type InvoiceLineDraft = { description: string; quantity: number; unitMinor: Minor; vatRate: string };

export const MAX_DESCRIPTION = 200;
export const MAX_QUANTITY = 9999;

export function parseInvoiceLine(text: string): { ok: true; line: InvoiceLineDraft } | { ok: false; error: string } {
  const fields = text.split(";").map((field) => field.trim());
  if (fields.length !== 4) return { ok: false, error: `"${text}" must have four fields separated by ";": description;quantity;unit price;VAT %` };
  const [description, quantityText, unitText, rateText] = fields as [string, string, string, string];
  if (!description) return { ok: false, error: `"${text}" has no description` };
  if (description.length > MAX_DESCRIPTION) return { ok: false, error: `a description is at most ${MAX_DESCRIPTION} characters` };
  if (!/^\d{1,4}$/.test(quantityText) || Number(quantityText) < 1) {
    return { ok: false, error: `the quantity must be a whole number from 1 to ${MAX_QUANTITY}; got "${quantityText}"` };
  }
  const unitMinor = parseExactMinor(unitText);
  if (unitMinor === null || unitMinor < 0 || unitText.startsWith("+")) {
    return { ok: false, error: `the unit price must be euros with at most two decimals and a dot, such as 6.00; got "${unitText}"` };
  }
  const bp = rateBasisPoints(rateText);
  if (bp === null) return { ok: false, error: `the VAT rate must be a per cent from 0 to below 100 with at most two decimals, such as 21; got "${rateText}"` };
  return { ok: true, line: { description, quantity: Number(quantityText), unitMinor, vatRate: formatRate(bp) } };
}
