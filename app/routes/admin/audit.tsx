import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { auditEntries } from "~/models/audit/audit.server";
import { staffFor } from "~/web/admin/guard.server";
import { Filters } from "~/components/admin/Filters";
import { adminMeta } from "~/web/admin/page-title";

// /admin/audit (owners): the whole log, newest first, filtered by who, what
// kind of record, which one and what was done.

export const meta = adminMeta("admin.audit.title");

const FILTERS = ["staff", "entity", "entityId", "action"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "audit.read");
  const params = new URL(request.url).searchParams;
  const text = (name: string) => params.get(name)?.trim().slice(0, 254) || undefined;
  const page = Number(params.get("page"));
  return auditEntries({
    staffEmail: text("staff"),
    entity: text("entity"),
    entityId: text("entityId"),
    action: text("action"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  });
}

export default function Audit() {
  const { entries, page, hasMore } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.audit.title")}</h1>
      <Filters submit={t("admin.audit.filter")}>
        {FILTERS.map((name) => (
          <label key={name} className="flex flex-col gap-1 text-sm font-medium">
            {t(`admin.audit.filters.${name}`)}
            <input name={name} defaultValue={params.get(name) ?? ""} className="field-input" />
          </label>
        ))}
      </Filters>
      <AuditTrail entries={entries} showRecord />
      <Pager page={page} hasMore={hasMore} label={t("admin.audit.title")} previous={t("admin.audit.newer")} next={t("admin.audit.older")} />
    </div>
  );
}
