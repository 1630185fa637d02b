import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { isLocale } from "~/lib/i18n";
import { serviceStatus } from "~/web/health.server";
import { i18nServer, localeFromRequest } from "~/platform/i18n.server";

// The status page of spec 2, at /status and, like every route, under a
// language prefix (/lt/status). The trailing underscore of the file name keeps
// it outside the shop's layout, so it still answers when the catalogue or the
// shell's data cannot load.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Status" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.locale !== undefined && !isLocale(params.locale)) throw data(null, { status: 404 });
  const [status, t] = await Promise.all([serviceStatus(), i18nServer.getFixedT(localeFromRequest(request))]);
  return Response.json({ ...status, title: t("status.title") }, { status: status.healthy ? 200 : 503, headers: { "cache-control": "no-store" } });
}

export default function StatusPage() {
  const status = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("status.shop"), status.healthy ? t("status.operational") : t("status.degraded")],
    [
      t("status.database"),
      `${status.database.ok ? t("status.operational") : t("status.unavailable")} (${status.database.kind}, ${status.database.latencyMs} ms)`,
    ],
    [t("status.build"), status.buildId],
    [t("status.upSince"), new Date(Date.now() - status.uptimeSeconds * 1000).toISOString()],
  ];
  return (
    <main id="main" className="mx-auto max-w-lg px-6 py-16">
      <h1 className="text-2xl font-bold">{status.title}</h1>
      <p className={`mt-4 rounded-lg px-4 py-3 font-semibold ${status.healthy ? "bg-success-soft text-success" : "bg-danger-soft text-danger"}`}>
        {status.healthy ? t("status.allOperational") : t("status.someDown")}
      </p>
      <dl className="mt-6 divide-y divide-line rounded-lg border border-line">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
