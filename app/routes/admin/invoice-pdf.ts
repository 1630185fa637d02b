import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/lib/i18n";
import { invoicePdfForStaff } from "~/models/invoices/invoice-pdf.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { downloadResponse } from "~/web/download.server";
import { routeCheckFailed } from "~/web/not-found";

// /admin/invoices/:id/pdf: any invoice as the customer's PDF, in the staff
// member's language; with ?credit-note, its credit note.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "invoices.read");
  const id = recordIdOf(request, params.id);
  const creditNote = new URL(request.url).searchParams.has("credit-note");
  const pdf = await invoicePdfForStaff(id, isLocale(staff.locale) ? staff.locale : "en", creditNote);
  if (!pdf) throw routeCheckFailed(request);
  return downloadResponse({ bytes: pdf.bytes, type: "application/pdf", filename: pdf.filename });
}
