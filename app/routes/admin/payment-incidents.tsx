import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import * as v from "valibot";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { FormMessage } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { paymentIncidents, resolveIncident } from "~/models/payments/incidents.server";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/payment-incidents: what the payments' machinery could not settle by
// itself — webhooks refused, and payments reconciliation gave up on after
// their processor had them — for staff to look into at the processor and
// mark done. "Today" counts the open ones.

export const meta = adminMeta("admin.incidents.title");

const ResolveSchema = v.object({ intent: v.literal("resolve"), id: v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(1, "validation.number")) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "orders.read");
  const params = new URL(request.url).searchParams;
  const show = params.get("show") === "resolved" ? "resolved" : "open";
  const found = await paymentIncidents(show, Number(params.get("page")));
  return {
    ...found,
    show,
    canResolve: can(staff.role, "orders.refund"),
    resolved: params.has("resolved"),
    locale: intlLocale(staff.locale),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "orders.refund");
  const { submission, value, failure } = parseForm(await request.formData(), ResolveSchema);
  if (failure) return failure;
  const result = await resolveIncident(actor, value.id);
  if (result.ok) return redirect("/admin/payment-incidents?resolved", 303);
  return refused(submission, staff.locale, result.error === "not_found" ? "notFound" : "incidents.alreadyResolved");
}

export default function PaymentIncidents() {
  const { incidents, hasMore, page, show, canResolve, resolved, locale } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.incidents.title")}</h1>
      <p className="max-w-3xl text-ink-muted">{t("admin.incidents.intro")}</p>
      <FormMessage errors={answer?.error?.[""] ?? undefined} success={resolved && !answer ? t("admin.incidents.resolvedDone") : undefined} />
      <nav aria-label={t("admin.incidents.title")} className="flex gap-2">
        {(["open", "resolved"] as const).map((which) => (
          <Link key={which} to={`?show=${which}`} aria-current={show === which ? "page" : undefined} className={show === which ? "button-primary" : "button-secondary"}>
            {t(`admin.incidents.show.${which}`)}
          </Link>
        ))}
      </nav>
      <DataTable
        caption={t(`admin.incidents.show.${show}`)}
        rows={incidents}
        rowKey={(incident) => incident.id}
        empty={t("admin.incidents.empty")}
        columns={[
          { header: t("admin.incidents.what"), cell: (incident) => t(`admin.incidents.kinds.${incident.kind}`) },
          { header: t("admin.orders.processor"), cell: (incident) => incident.processor },
          {
            header: t("admin.incidents.detail"),
            cell: (incident) =>
              incident.kind === "gave_up" && incident.order_id ? (
                <Link to={`/admin/orders/${incident.order_id}`} className="link">
                  {t("admin.incidents.payment", { reference: incident.processor_ref ?? "—", amount: formatMoney(Number(incident.amount_minor ?? 0), "EUR", locale) })}
                </Link>
              ) : (
                incident.detail || "—"
              ),
          },
          { header: t("admin.incidents.times"), cell: (incident) => incident.occurrences, numeric: true },
          { header: t("admin.incidents.first"), when: (incident) => incident.first_at },
          { header: t("admin.incidents.last"), when: (incident) => incident.last_at },
          show === "open"
            ? {
                header: t("admin.incidents.action"),
                cell: (incident) =>
                  canResolve ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={incident.id} />
                      <button type="submit" name="intent" value="resolve" className="button-secondary text-sm" disabled={busy}>
                        {t("admin.incidents.resolve")}
                      </button>
                    </Form>
                  ) : (
                    "—"
                  ),
              }
            : { header: t("admin.incidents.resolvedBy"), cell: (incident) => `${incident.resolved_by ?? "—"} · ${incident.resolved_at ? formatDateTime(incident.resolved_at) : ""}` },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.incidents.title")} current={params.get("page") ?? undefined} />
    </div>
  );
}
