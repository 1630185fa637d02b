import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Waited } from "~/components/admin/Waited";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/lib/money";
import { FORWARD_STATUSES } from "~/models/forwarding/forward-admin-schema";
import { staffForwards } from "~/models/forwarding/staff-forwards.server";
import { staffFor } from "~/web/admin/guard.server";
import { pageOf } from "~/web/admin/list-page";
import { ChoiceFilter, choicesOf, Filters } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/forwarding: the customers' forward requests by status (a GET form,
// so a filtered list is a link the day's counts open): who asked, how many
// parcels, how heavy, how long it has waited, and the price once priced.

export const meta = adminMeta("admin.forwarding.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "forwarding.read");
  const params = new URL(request.url).searchParams;
  const asked = params.get("status");
  const status = FORWARD_STATUSES.find((candidate) => candidate === asked);
  return { ...(await staffForwards({ status, page: pageOf(params) })), status: status ?? "all", locale: intlLocale(staff.locale), now: Date.now() };
}

export default function Forwarding() {
  const { forwards, page, hasMore, status, locale, now } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.forwarding.title")}</h1>
      <Filters>
        <ChoiceFilter name="status" label={t("admin.orders.status")} value={status} choices={choicesOf(FORWARD_STATUSES, (value) => t(`admin.forwarding.statuses.${value}`), [{ value: "all", label: t("admin.orders.anyStatus") }])} />
      </Filters>
      <DataTable
        caption={t("admin.forwarding.title")}
        rows={forwards}
        rowKey={(forward) => forward.id}
        empty={t("admin.forwarding.empty")}
        columns={[
          { header: t("admin.orders.number"), link: (forward) => ({ to: `/admin/forwarding/${forward.id}`, label: forward.number }) },
          { header: t("admin.orders.status"), cell: (forward) => t(`admin.forwarding.statuses.${forward.status}`) },
          { header: t("admin.orders.customer"), cell: (forward) => forward.email },
          { header: t("admin.forwarding.warehouse"), cell: (forward) => forward.warehouse },
          { header: t("admin.forwarding.parcels"), cell: (forward) => forward.parcels, numeric: true },
          { header: t("admin.forwarding.weight"), cell: (forward) => (forward.weight_g === null ? "—" : t("admin.forwarding.kg", { kg: String(forward.weight_g / 1000) })), numeric: true },
          { header: t("admin.forwarding.method"), cell: (forward) => t(`admin.forwarding.methods.${forward.shipping_method}`) },
          { header: t("admin.orders.total"), cell: (forward) => (forward.total_minor === null ? "—" : formatMoney(forward.total_minor, "EUR", locale)), numeric: true },
          {
            header: t("admin.forwarding.age"),
            cell: (forward) => <Waited since={forward.created_at} now={now} />,
          },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.forwarding.title")} />
    </div>
  );
}
