import { getFormProps, getInputProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { FieldError, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { BULK_MAX_ROWS, BulkFileSchema } from "~/models/catalogue/bulk-file";
import { bulkJobs, checkBulkFile } from "~/models/catalogue/bulk-jobs.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/products/bulk: a file of prices and stock is checked here into a
// preview (its own page, /admin/products/bulk/:id), and nothing changes
// until it is applied there. Below, the files checked and applied lately.

export const meta = adminMeta("admin.bulk.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "catalogue.edit");
  const page = Number(new URL(request.url).searchParams.get("page"));
  return bulkJobs(Number.isInteger(page) && page > 0 ? page : 1);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "catalogue.edit");
  const formData = await request.formData();
  const { submission, value, failure } = parseForm(formData, BulkFileSchema);
  if (failure) return failure;
  const checked = await checkBulkFile(actor, value.file.name, new Uint8Array(await value.file.arrayBuffer()));
  if (checked.ok) return redirect(`/admin/products/bulk/${checked.job.id}`, 303);
  return refused(submission, staff.locale, `bulk.fileErrors.${checked.error}`, { detail: checked.detail ?? "", max: BULK_MAX_ROWS.toLocaleString("en") }, 400);
}

export default function BulkPrices() {
  const { jobs, page, hasMore } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(BulkFileSchema, { id: "bulk-file", lastResult: reply });
  const file = getInputProps(fields.file, { type: "file", ariaDescribedBy: "bulk-file-hint" });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.bulk.title")}</h1>
      <p className="max-w-3xl text-ink-muted">{t("admin.bulk.intro")}</p>
      <FormMessage errors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <h2 className="font-semibold">{t("admin.bulk.checkTitle")}</h2>
        <input type="hidden" name="intent" value="check" />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.file.id} className="text-sm font-medium">
            {t("admin.bulk.file")}
          </label>
          <input {...file} key={file.key} accept=".csv,.txt,text/csv,text/plain" className="field-input" />
          <p id="bulk-file-hint" className="text-sm text-ink-muted">
            {t("admin.bulk.fileHint", { max: BULK_MAX_ROWS.toLocaleString("en") })}
          </p>
          <FieldError field={fields.file} />
        </div>
        <figure className="flex flex-col gap-1">
          <figcaption className="text-sm font-medium">{t("admin.bulk.example")}</figcaption>
          <pre className="overflow-x-auto rounded bg-surface-muted p-3 text-sm">{"sku,price,original price,stock\nLAMP-01,24.90,29.90,12\nKETTLE-7,39.00,,0\n"}</pre>
        </figure>
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.bulk.check")}
        </button>
      </Form>
      <h2 className="text-lg font-semibold">{t("admin.bulk.latest")}</h2>
      <DataTable
        caption={t("admin.bulk.latest")}
        rows={jobs}
        rowKey={(job) => job.id}
        empty={t("admin.bulk.none")}
        columns={[
          {
            header: t("admin.bulk.fileName"),
            cell: (job) => (
              <Link to={`/admin/products/bulk/${job.id}`} className="break-all font-medium underline">
                {job.fileName}
              </Link>
            ),
          },
          { header: t("admin.bulk.by"), cell: (job) => job.staffEmail },
          { header: t("admin.bulk.checked"), when: (job) => job.createdAt },
          { header: t("admin.bulk.state"), cell: (job) => t(`admin.bulk.states.${job.state}`) },
          { header: t("admin.bulk.rows"), cell: (job) => job.rowCount, numeric: true },
          { header: t("admin.bulk.changed"), cell: (job) => (job.state === "done" ? job.report.changed : "—"), numeric: true },
          { header: t("admin.bulk.refused"), cell: (job) => job.report.refused, numeric: true },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.bulk.latest")} previous={t("admin.orders.previous")} next={t("admin.orders.next")} />
    </div>
  );
}
