import type { LoaderFunctionArgs } from "@remix-run/node";
import { shipmentLabel } from "~/models/fulfilment/fulfilment.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { routeCheckFailed } from "~/web/not-found";

// /admin/orders/:id/labels/:shipment: a shipment's carrier label, to print
// again. Always a download, never drawn in the page, and marked so that no
// browser second-guesses its type.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "orders.read");
  const label = await shipmentLabel(recordIdOf(request, params.id), recordIdOf(request, params.shipment));
  if (!label) throw routeCheckFailed(request);
  return new Response(label.bytes, {
    headers: {
      "content-type": label.type,
      "content-disposition": `attachment; filename="${label.name}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
}
