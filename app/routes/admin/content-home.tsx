import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentNav } from "~/components/admin/ContentFields";
import { DataTable } from "~/components/admin/DataTable";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { listHomeSites } from "~/models/home/home-admin.server";
import { staffFor } from "~/web/admin/guard.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/content/home: the sites, each opening its home page's sections
// (content-home-site.tsx): their order, which are shown in which language
// and what they say.

export const meta = adminMeta("admin.home.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  return { sites: await listHomeSites() };
}

export default function ContentHome() {
  const { sites } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.home.title")}</h1>
      <ContentNav />
      <p className="max-w-3xl text-ink-muted">{t("admin.home.intro")}</p>
      <DataTable
        caption={t("admin.home.title")}
        rows={sites}
        rowKey={(site) => site.code}
        empty="—"
        columns={[
          { header: t("admin.content.site"), link: (site) => ({ to: `/admin/content/home/${site.code}`, label: `${site.name} (${site.code})` }) },
          { header: t("admin.home.languages"), cell: (site) => site.languages },
          { header: t("admin.home.sections"), cell: (site) => (site.rows === 0 ? t("admin.home.defaultOrder") : t("admin.home.ownOrder")) },
          { header: t("admin.content.updated"), cell: (site) => (site.updatedAt && site.rows > 0 ? formatDateTime(site.updatedAt) : "—") },
        ]}
      />
    </div>
  );
}
