import type { LoaderFunctionArgs } from "@remix-run/node";
import { shipmentLabel } from "~/models/fulfilment/fulfilment.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { downloadResponse } from "~/web/download.server";
import { routeCheckFailed } from "~/web/not-found";

// /admin/orders/:id/labels/:shipment: a shipment's carrier label, to print
// again. Always a download, never drawn in the page, and marked so that no
// browser second-guesses its type.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "orders.read");
  const label = await shipmentLabel(recordIdOf(request, params.id), recordIdOf(request, params.shipment));
  if (!label) throw routeCheckFailed(request);
  return downloadResponse({ bytes: label.bytes, type: label.type, filename: label.name });
}
