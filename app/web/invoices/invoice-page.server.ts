import { invoiceForCustomer, invoiceIdParam } from "~/models/invoices/invoices.server";
import { notFound } from "~/web/not-found";

/** The invoice of the signed-in customer that an address or a form names; another's, or none, is not found. */
export async function customerInvoice(request: Request, userId: number, named: unknown) {
  const id = invoiceIdParam(typeof named === "string" ? named : null);
  const invoice = id === null ? null : await invoiceForCustomer(id, userId);
  if (!invoice) throw notFound(request);
  return invoice;
}
