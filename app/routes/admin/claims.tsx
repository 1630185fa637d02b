import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { WaitedFor } from "~/components/admin/WaitedFor";
import { useTranslation } from "~/hooks/use-translation";
import { staffClaims, type ClaimListStatus } from "~/models/claims/claim-admin.server";
import { CLAIM_STATUSES } from "~/models/claims/claim-form";
import { staffFor } from "~/web/admin/guard.server";
import { ChoiceFilter, choicesOf, Filters } from "~/components/admin/Filters";
import { adminMeta } from "~/web/admin/page-title";

// /admin/claims: the customers' claims, by default the open ones (received
// or in review) oldest first, as the dashboard's "open claims" counts them;
// any status on request. Each opens the claim as the customer sent it.

export const meta = adminMeta("admin.claims.title");

const FILTERS: readonly ClaimListStatus[] = ["open", ...CLAIM_STATUSES, "all"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "claims.manage");
  const params = new URL(request.url).searchParams;
  const status = FILTERS.find((candidate) => candidate === params.get("status")) ?? "open";
  const page = Number(params.get("page"));
  const result = await staffClaims({ status, page: Number.isInteger(page) && page > 0 ? page : 1 });
  const now = Date.now();
  return { ...result, claims: result.claims.map((claim) => ({ ...claim, waitedMinutes: Math.max(0, Math.round((now - claim.created_at.getTime()) / 60_000)) })), status };
}

export default function Claims() {
  const { claims, page, hasMore, status } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.claims.title")}</h1>
      <Filters>
        <ChoiceFilter name="status" label={t("admin.claims.status")} value={status} choices={[...choicesOf(CLAIM_STATUSES, (value) => t(`admin.claims.statuses.${value}`), [{ value: "open", label: t("admin.claims.open") }]), { value: "all", label: t("admin.claims.any") }]} />
      </Filters>
      <DataTable
        caption={t("admin.claims.title")}
        rows={claims}
        rowKey={(claim) => claim.id}
        empty={t("admin.claims.empty")}
        columns={[
          { header: t("admin.claims.number"), link: (claim) => ({ to: `/admin/claims/${claim.id}`, label: claim.number }) },
          { header: t("admin.claims.filed"), when: (claim) => claim.created_at },
          { header: t("admin.claims.age"), cell: (claim) => <WaitedFor minutes={claim.waitedMinutes} />, numeric: true },
          {
            header: t("admin.claims.customer"),
            cell: (claim) => (
              <>
                {claim.name ? <span className="block">{claim.name}</span> : null}
                <span className="break-all">{claim.email}</span>
                {claim.guest ? <span className="text-ink-muted"> ({t("admin.claims.guest")})</span> : null}
              </>
            ),
          },
          {
            header: t("admin.claims.order"),
            cell: (claim) => (
              <Link to={`/admin/orders/${claim.order_id}`} className="link">
                {claim.order_number}
              </Link>
            ),
          },
          { header: t("admin.claims.reason"), cell: (claim) => t(`admin.claims.reasons.${claim.reason}`) },
          { header: t("admin.claims.files"), cell: (claim) => claim.file_count, numeric: true },
          { header: t("admin.claims.status"), cell: (claim) => t(`admin.claims.statuses.${claim.status}`) },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.claims.title")} />
    </div>
  );
}
