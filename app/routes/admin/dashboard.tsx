import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { dashboardCounts, type Queue } from "~/models/staff/dashboard.server";
import { staffFor } from "~/web/admin/guard.server";

// /admin: the day's work at a glance. Each count opens the list it counts,
// where that list is in the back office.

export const meta: MetaFunction = () => [{ title: "Back office" }];

/** The list each queue opens. */
const QUEUE_LIST: Partial<Record<Queue, string>> = {
  orders_to_pack: "/admin/orders?queue=to_pack",
  orders_to_ship: "/admin/orders?queue=to_ship",
  quotes_to_price: "/admin/quotes?status=requested",
  forwards_to_price: "/admin/forwarding?status=requested",
  forwards_to_ship: "/admin/forwarding?status=paid",
  reservations_to_allocate: "/admin/reservations?status=pending",
  pro_applications: "/admin/pro-applications?status=pending",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "dashboard");
  const recoveryLeft = new URL(request.url).searchParams.get("recoveryLeft");
  const counts = await dashboardCounts();
  const now = Date.now();
  return {
    recoveryLeft: recoveryLeft && /^\d+$/.test(recoveryLeft) ? Number(recoveryLeft) : null,
    queues: counts.map((count) => ({ ...count, waitedMinutes: count.oldest ? Math.max(0, Math.round((now - count.oldest.getTime()) / 60_000)) : null, list: QUEUE_LIST[count.queue] ?? null })),
  };
}

function Age({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  if (minutes === null) return <>{t("admin.dashboard.none")}</>;
  if (minutes < 120) return <>{t("admin.dashboard.ages.minutes", { n: minutes })}</>;
  if (minutes < 48 * 60) return <>{t("admin.dashboard.ages.hours", { n: Math.floor(minutes / 60) })}</>;
  return <>{t("admin.dashboard.ages.days", { n: Math.floor(minutes / 1440) })}</>;
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
                <Age minutes={queue.waitedMinutes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
