import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { serviceStatus } from "~/platform/health.server";

// The status page of spec 2: outside the shop's shell, so it still answers
// when the catalogue or the shell's data cannot load.
export const meta: MetaFunction = () => [{ title: "Status" }, { name: "robots", content: "noindex" }];

export async function loader(_args: LoaderFunctionArgs) {
  const status = await serviceStatus();
  return Response.json(status, { status: status.healthy ? 200 : 503, headers: { "cache-control": "no-store" } });
}

export default function StatusPage() {
  const status = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Shop", status.healthy ? "Operational" : "Degraded"],
    ["Database", `${status.database.ok ? "Operational" : "Unavailable"} (${status.database.kind}, ${status.database.latencyMs} ms)`],
    ["Build", status.buildId],
    ["Up since", new Date(Date.now() - status.uptimeSeconds * 1000).toISOString()],
  ];
  return (
    <main id="main" className="mx-auto max-w-lg px-6 py-16">
      <h1 className="text-2xl font-bold">Service status</h1>
      <p className={`mt-4 rounded-lg px-4 py-3 font-semibold ${status.healthy ? "bg-success-soft text-success" : "bg-danger-soft text-danger"}`}>
        {status.healthy ? "All systems operational" : "Some systems are not working"}
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
