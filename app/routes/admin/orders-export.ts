import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDateTime } from "~/lib/format";
import { toCsv } from "~/lib/csv";
import { toDecimalString } from "~/lib/money";
import { staffOrdersForExport } from "~/models/orders/staff-orders.server";
import { staffFor } from "~/web/admin/guard.server";
import { orderFilterOf } from "~/web/admin/order-filter";

// /admin/orders/export: what the list's filter shows, every page of it, as
// CSV (amounts in euros with a decimal point, times in UTC).

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "orders.read");
  const orders = await staffOrdersForExport(orderFilterOf(new URL(request.url).searchParams));
  const csv = toCsv(
    ["number", "placed_utc", "paid_utc", "email", "site", "kind", "status", "shipping", "total_eur"],
    orders.map((order) => [
      order.number,
      formatDateTime(order.created_at),
      order.paid_at ? formatDateTime(order.paid_at) : "",
      order.email,
      order.site,
      order.kind,
      order.status,
      order.shipping_method,
      toDecimalString(order.total_minor),
    ]),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
