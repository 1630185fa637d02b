import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { BulkApplySchema } from "~/models/catalogue/bulk-file";
import { applyBulkJob, bulkJob } from "~/models/catalogue/bulk-jobs.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/products/bulk/:id: a checked file. Before it is applied, the
// preview: how many rows would change, stay as they are or are refused,
// and each refused row with its line and reason; then the apply's
// progress, which a background loop moves on (the page looks again every
// second with scripts, every two seconds without); then its report.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.job.fileName);

/** How often a page without scripts asks again while the file is applied. */
const REFRESH_SECONDS = 2;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "catalogue.edit");
  const page = Number(new URL(request.url).searchParams.get("page"));
  const found = await recordOf(request, params.id, (id) => bulkJob(id, Number.isInteger(page) && page > 0 ? page : 1));
  return found;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "catalogue.edit");
  const id = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), BulkApplySchema);
  if (failure) return failure;
  if (value.job !== id) throw routeCheckFailed(request);
  const applied = await applyBulkJob(actor, id);
  if (applied.ok) return redirect(`/admin/products/bulk/${id}`, 303);
  if (applied.error === "not_found") throw routeCheckFailed(request);
  return refused(submission, staff.locale, "bulk.alreadyApplied");
}

export default function BulkJob() {
  const { job, refused: refusedRows } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, busy } = useSchemaForm(BulkApplySchema, { id: "bulk-apply", lastResult: reply });
  const working = job.state === "queued" || job.state === "running";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [working, revalidator]);
  const lines = Math.max(job.lastLine - 1, 1);
  const linesDone = Math.max(job.cursor - 1, 0);
  const counts = (values: { label: string; value: number }[]) => (
    <dl className="grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
      {values.map(({ label, value }) => (
        <div key={label} className="rounded-lg bg-surface p-3 shadow-sm">
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link to="/admin/products/bulk" className="underline">
          {t("admin.bulk.back")}
        </Link>
      </p>
      <h1 className="break-all text-2xl font-bold">{t("admin.bulk.jobTitle", { file: job.fileName })}</h1>
      <p className="text-ink-muted">
        {t("admin.bulk.checkedBy", { by: job.staffEmail, at: formatDateTime(job.createdAt) })} · {t(`admin.bulk.states.${job.state}`)}
      </p>
      <FormMessage errors={form.errors} />

      {job.state === "previewed" ? (
        <section aria-labelledby="bulk-preview" className="flex flex-col gap-3">
          <h2 id="bulk-preview" className="text-lg font-semibold">
            {t("admin.bulk.previewTitle")}
          </h2>
          {counts([
            { label: t("admin.bulk.rows"), value: job.rowCount },
            { label: t("admin.bulk.wouldChange"), value: job.preview.changes },
            { label: t("admin.bulk.unchanged"), value: job.preview.unchanged },
            { label: t("admin.bulk.refused"), value: job.preview.refused },
          ])}
          <p className="max-w-3xl text-ink-muted">{t("admin.bulk.previewIntro")}</p>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="job" value={job.id} />
            <button type="submit" className="button-primary" disabled={busy}>
              {t("admin.bulk.apply", { count: job.preview.changes })}
            </button>
          </Form>
        </section>
      ) : null}

      {working ? (
        <section aria-labelledby="bulk-progress" className="flex max-w-3xl flex-col gap-3">
          {/* Without scripts the page asks again by itself; with them, the effect above does, without reloading. */}
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
          <h2 id="bulk-progress" className="text-lg font-semibold">
            {t("admin.bulk.progressTitle")}
          </h2>
          <progress value={linesDone} max={lines} className="h-4 w-full" aria-labelledby="bulk-progress" aria-describedby="bulk-progress-text" />
          <p id="bulk-progress-text" role="status">
            {job.state === "queued" ? t("admin.bulk.waiting") : t("admin.bulk.progress", { done: linesDone, total: lines, percent: Math.floor((linesDone * 100) / lines) })}
          </p>
          <p className="text-sm text-ink-muted">
            {t("admin.bulk.progressSoFar", { changed: job.report.changed, unchanged: job.report.unchanged })}{" "}
            <Link to="." className="underline">
              {t("admin.bulk.reload")}
            </Link>
          </p>
        </section>
      ) : null}

      {job.state === "done" || job.state === "failed" ? (
        <section aria-labelledby="bulk-report" className="flex flex-col gap-3">
          <h2 id="bulk-report" className="text-lg font-semibold">
            {t("admin.bulk.reportTitle")}
          </h2>
          {job.state === "failed" ? (
            <div role="alert" className="max-w-3xl rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
              {t("admin.bulk.stopped", { line: job.cursor, error: job.error ?? "" })}
            </div>
          ) : (
            <p role="status" className="max-w-3xl">
              {t("admin.bulk.finished", { at: job.finishedAt ? formatDateTime(job.finishedAt) : "" })}
            </p>
          )}
          {counts([
            { label: t("admin.bulk.rows"), value: job.rowCount },
            { label: t("admin.bulk.changed"), value: job.report.changed },
            { label: t("admin.bulk.unchanged"), value: job.report.unchanged },
            { label: t("admin.bulk.refused"), value: job.report.refused },
          ])}
          <p>
            <Link to="/admin/products/bulk" className="button-secondary">
              {t("admin.bulk.another")}
            </Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="bulk-refused" className="flex flex-col gap-3">
        <h2 id="bulk-refused" className="text-lg font-semibold">
          {t("admin.bulk.refusedTitle")}
        </h2>
        <DataTable
          caption={t("admin.bulk.refusedTitle")}
          rows={refusedRows.rows}
          rowKey={(row) => row.line}
          empty={t("admin.bulk.noneRefused")}
          columns={[
            { header: t("admin.bulk.line"), cell: (row) => row.line, numeric: true },
            { header: t("admin.bulk.sku"), cell: (row) => <span className="break-all">{row.sku || "—"}</span> },
            { header: t("admin.bulk.reason"), cell: (row) => t(`admin.bulk.refusals.${row.refusal}`, { detail: row.detail ?? "" }) },
          ]}
        />
        <Pager page={refusedRows.page} hasMore={refusedRows.hasMore} label={t("admin.bulk.refusedTitle")} previous={t("admin.orders.previous")} next={t("admin.orders.next")} />
      </section>
    </div>
  );
}
