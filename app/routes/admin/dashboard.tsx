import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { WaitedFor } from "~/components/admin/WaitedFor";
import { FormMessage } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { dashboardCounts, type Queue } from "~/models/staff/dashboard.server";
import { can, type Permission, type StaffRole } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin: the day's work at a glance. Each count opens the list it counts,
// where that list is in the back office.

export const meta = adminMeta("admin.dashboard.title");

/** The list each queue opens, and what it takes to open it: a count whose list the role does not open is shown without a link. */
const QUEUE_LIST: Partial<Record<Queue, { to: string; permission: Permission }>> = {
  orders_to_pack: { to: "/admin/orders?queue=to_pack", permission: "orders.read" },
  orders_to_ship: { to: "/admin/orders?queue=to_ship", permission: "orders.read" },
  payments_in_review: { to: "/admin/orders?payment=review", permission: "orders.read" },
  quotes_to_price: { to: "/admin/quotes?status=requested", permission: "quotes.read" },
  webhooks_refused: { to: "/admin/payment-incidents", permission: "orders.read" },
  payments_given_up: { to: "/admin/payment-incidents", permission: "orders.read" },
  parcels_arrived: { to: "/admin/parcels#waiting", permission: "parcels.receive" },
  claims_open: { to: "/admin/claims?status=open", permission: "claims.manage" },
  forwards_to_price: { to: "/admin/forwarding?status=requested", permission: "forwarding.read" },
  forwards_to_ship: { to: "/admin/forwarding?status=paid", permission: "forwarding.read" },
  reservations_to_allocate: { to: "/admin/reservations?status=pending", permission: "reservations.read" },
  pro_applications: { to: "/admin/pro-applications?status=pending", permission: "pro.decide" },
  listings_to_review: { to: "/admin/listings", permission: "catalogue.edit" },
};

function listOf(queue: Queue, role: StaffRole) {
  const list = QUEUE_LIST[queue];
  return list && can(role, list.permission) ? list.to : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "dashboard");
  const recoveryLeft = new URL(request.url).searchParams.get("recoveryLeft");
  const counts = await dashboardCounts();
  const now = Date.now();
  return {
    recoveryLeft: recoveryLeft && /^\d+$/.test(recoveryLeft) ? Number(recoveryLeft) : null,
    queues: counts.map((count) => ({ ...count, waitedMinutes: count.oldest ? Math.max(0, Math.round((now - count.oldest.getTime()) / 60_000)) : null, list: listOf(count.queue, staff.role) })),
  };
}

export default function Dashboard() {
  const { queues, recoveryLeft } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.dashboard.title")}</h1>
      {recoveryLeft !== null ? <FormMessage errors={[t("admin.login.recoveryUsed", { left: recoveryLeft })]} /> : null}
      <table className="w-full max-w-3xl border-collapse overflow-hidden rounded-lg bg-surface text-left shadow-sm">
        <thead className="bg-surface-muted text-sm">
          <tr>
            <th scope="col" className="px-4 py-2">
              {t("admin.dashboard.queue")}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t("admin.dashboard.count")}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t("admin.dashboard.oldest")}
            </th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.queue} className="border-t border-line" data-queue={queue.queue}>
              <th scope="row" className="px-4 py-2 font-medium">
                {queue.list ? (
                  <Link to={queue.list} className="link">
                    {t(`admin.dashboard.queues.${queue.queue}`)}
                  </Link>
                ) : (
                  t(`admin.dashboard.queues.${queue.queue}`)
                )}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{queue.count}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                <WaitedFor minutes={queue.waitedMinutes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
