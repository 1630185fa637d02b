import * as v from "valibot";
import { parseTypedMinor } from "~/lib/money";
import { email } from "~/models/accounts/schemas";
import type { InvoiceStatus } from "~/models/db/schema";
import { MAX_DESCRIPTION, MAX_QUANTITY } from "./lines";
import { formatRate, rateBasisPoints } from "./totals";

// The back office's forms for invoices: the issue form (the same fields as
// `npm run admin -- invoice issue`, amounts as people type them, "12,50" or
// "12.50"), and cancel and credit on an invoice's page. Messages are
// translation keys.

export const MAX_INVOICE_LINES = 30;
export const DEFAULT_DUE_DAYS = 14;
export const INVOICE_STATUSES: readonly InvoiceStatus[] = ["issued", "paid", "declined", "cancelled"];
export const MAX_DUE_DAYS = 365;

const required = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"));

const line = v.object({
  description: v.pipe(required, v.maxLength(MAX_DESCRIPTION, "validation.tooLong")),
  quantity: v.pipe(required, v.regex(/^\d{1,4}$/, "admin.invoices.quantityFormat"), v.transform(Number), v.minValue(1, "admin.invoices.quantityFormat"), v.maxValue(MAX_QUANTITY, "admin.invoices.quantityFormat")),
  unitPrice: v.pipe(required, v.transform(parseTypedMinor), v.number("admin.invoices.amountFormat"), v.minValue(0, "admin.invoices.amountFormat")),
  vatRate: v.pipe(
    required,
    v.transform((text) => rateBasisPoints(text.replace(",", ".").replace(/\s*%$/, ""))),
    v.number("admin.invoices.rateFormat"),
    v.transform(formatRate),
  ),
});

export const InvoiceIssueSchema = v.object({
  email,
  lines: v.pipe(v.array(line, "validation.required"), v.minLength(1, "validation.required"), v.maxLength(MAX_INVOICE_LINES, "validation.tooLong")),
  dueDays: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}$/, "admin.invoices.dueFormat"), v.transform(Number), v.maxValue(MAX_DUE_DAYS, "admin.invoices.dueFormat"))),
  site: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, "validation.tooLong"))),
});

export const InvoiceChangeSchema = v.variant("intent", [
  // The status the page showed: a cancel or credit on an older view is refused.
  v.object({ intent: v.literal("cancel"), status: v.picklist(["issued"], "validation.required") }),
  v.object({ intent: v.literal("credit"), status: v.picklist(["paid"], "validation.required"), reason: v.pipe(required, v.maxLength(500, "validation.tooLong")) }),
]);
