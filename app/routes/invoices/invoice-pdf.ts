import type { LoaderFunctionArgs } from "@remix-run/node";
import { creditNotePdfForCustomer, invoicePdfForCustomer } from "~/models/invoices/invoice-pdf.server";
import { invoiceIdParam } from "~/models/invoices/invoices.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { downloadResponse } from "~/web/download.server";
import { notFound } from "~/web/not-found";

// /invoice/{id}/pdf: the invoice as a PDF download, for its owner only;
// with ?credit-note, the credit note that took it back.
const guard = defineGuards("auth");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const id = invoiceIdParam(params.id);
  const creditNote = new URL(request.url).searchParams.has("credit-note");
  const pdf = id === null ? null : await (creditNote ? creditNotePdfForCustomer : invoicePdfForCustomer)(id, user.id, localeParam(params));
  if (!pdf) throw notFound(request);
  return downloadResponse({ bytes: pdf.bytes, type: "application/pdf", filename: pdf.filename });
}
