import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { Waited } from "~/components/admin/Waited";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { APPLICATION_STATUSES } from "~/models/pro/application";
import { decideApplication, staffApplications } from "~/models/pro/applications.server";
import { ProDecisionSchema } from "~/models/pro/decision-schema";
import { staffFor } from "~/web/admin/guard.server";
import { pageOf } from "~/web/admin/list-page";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { ChoiceFilter, choicesOf, Filters } from "~/components/admin/Filters";
import { adminMeta } from "~/web/admin/page-title";

// /admin/pro-applications: customers' applications to sell as pro users,
// those waiting first (oldest first), and the decided ones; approve (the
// account becomes a pro seller) or reject, and the customer is emailed in
// the language they applied in. The same use case as
// `npm run admin -- pro approve|reject`.

export const meta = adminMeta("admin.pro.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "pro.decide");
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = asked === "all" ? undefined : (APPLICATION_STATUSES.find((candidate) => candidate === asked) ?? "pending");
  const done = url.searchParams.get("done");
  return {
    ...(await staffApplications({ status, page: pageOf(url.searchParams) })),
    status: status ?? "all",
    now: Date.now(),
    done: done === "approve" || done === "reject" ? { key: done, email: url.searchParams.get("email") ?? "", mailed: url.searchParams.get("mailed") !== "0" } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "pro.decide");
  const { submission, value, failure } = parseForm(await request.formData(), ProDecisionSchema);
  if (failure) return failure;
  const outcome = await decideApplication(actor, value.email, value.intent, { applicationId: value.application });
  if (outcome.ok) return redirect(`/admin/pro-applications?${new URLSearchParams({ done: value.intent, email: outcome.email, mailed: outcome.mailed ? "1" : "0" })}`, 303);
  return refused(submission, staff.locale, outcome.error === "no_account" ? "pro.noAccount" : "pro.notPending", { email: value.email });
}

export default function ProApplications() {
  const { applications, page, hasMore, status, now, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, busy } = useSchemaForm(ProDecisionSchema, { id: "decide", lastResult: answer });
  const success = done ? `${t(`admin.pro.done.${done.key}`, { email: done.email })}${done.mailed ? "" : ` ${t("admin.pro.notMailed")}`}` : undefined;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.pro.title")}</h1>
      <FormMessage errors={form.errors} success={!form.errors ? success : undefined} />
      <Filters>
        <ChoiceFilter name="status" label={t("admin.orders.status")} value={status} choices={choicesOf(APPLICATION_STATUSES, (value) => t(`admin.pro.statuses.${value}`), [{ value: "all", label: t("admin.orders.anyStatus") }])} />
      </Filters>
      <DataTable
        caption={t("admin.pro.title")}
        rows={applications}
        rowKey={(application) => application.id}
        empty={t("admin.pro.empty")}
        columns={[
          { header: t("admin.pro.company"), cell: (application) => <span className="font-semibold">{application.company_name}</span> },
          { header: t("admin.pro.companyCode"), cell: (application) => application.company_code },
          { header: t("admin.orders.customer"), cell: (application) => `${application.email} · ${application.phone}` },
          { header: t("admin.pro.message"), cell: (application) => <span className="whitespace-pre-wrap">{application.message || "—"}</span> },
          { header: t("admin.orders.status"), cell: (application) => t(`admin.pro.statuses.${application.status}`) },
          {
            header: t("admin.pro.when"),
            cell: (application) => (application.decided_at ? <span className="whitespace-nowrap">{formatDateTime(application.decided_at)}</span> : <Waited since={application.created_at} now={now} />),
          },
          {
            header: t("admin.staff.actions"),
            cell: (application) =>
              application.status === "pending" ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="application" value={application.id} />
                  <input type="hidden" name="email" value={application.email} />
                  <button type="submit" name="intent" value="approve" className="button-primary text-sm" disabled={busy}>
                    {t("admin.pro.approve", { company: application.company_name })}
                  </button>
                  <button type="submit" name="intent" value="reject" className="button-secondary text-sm" disabled={busy}>
                    {t("admin.pro.reject", { company: application.company_name })}
                  </button>
                </Form>
              ) : (
                "—"
              ),
          },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.pro.title")} />
    </div>
  );
}
