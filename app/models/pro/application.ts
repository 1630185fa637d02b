import * as v from "valibot";
import { phone } from "~/models/accounts/schemas";
import type { ProApplicationStatus } from "~/models/db/schema";
import { isSeller } from "./roles";

// A customer's application to sell as a pro user (/pro): the form's one
// schema, used by conform in the browser and by the action on the server,
// and what the page shows for each state. Messages are translation keys.
// Safe in the browser; no I/O here.

export type { ProApplicationStatus };
export { isSeller };
export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const satisfies readonly ProApplicationStatus[];

export const COMPANY_NAME_MAX = 200;
export const COMPANY_CODE_MAX = 40;
export const MESSAGE_MAX = 1000;

/** A VAT number or a company code: letters and digits, with the spaces, dots, dashes and slashes registers print. */
export const COMPANY_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

export const ProApplicationSchema = v.object(
  {
    company_name: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(COMPANY_NAME_MAX, "validation.tooLong")),
    company_code: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.maxLength(COMPANY_CODE_MAX, "validation.tooLong"),
      v.regex(COMPANY_CODE_PATTERN, "pro.errors.companyCode"),
    ),
    phone,
    // No default here: conform reads an empty field as absent, and a default would skip the pipe's checks.
    message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MESSAGE_MAX, "validation.tooLong"))),
  },
  "validation.required",
);

export type ProApplicationValues = v.InferOutput<typeof ProApplicationSchema>;


/**
 * What /pro shows the visitor: the offer with a sign-in link (guest), the
 * form (a customer who has not applied, or whose last application was
 * rejected), the application's status (waiting), or the way to their
 * listings (a seller).
 */
export type ProPageState = "guest" | "apply" | "pending" | "seller";

export function proPageState(role: string | null, latest: ProApplicationStatus | null): ProPageState {
  if (role === null) return "guest";
  if (isSeller(role)) return "seller";
  return latest === "pending" ? "pending" : "apply";
}

/** An operator's answer to an application. */
export type Decision = "approve" | "reject";
