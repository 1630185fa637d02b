import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { DataTable } from "~/components/admin/DataTable";
import { FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate, formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { creditInvoice } from "~/models/invoices/credit-notes.server";
import { cancelInvoice } from "~/models/invoices/issue.server";
import { InvoiceChangeSchema } from "~/models/invoices/issue-schema";
import { staffInvoice } from "~/models/invoices/staff-invoices.server";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { Section } from "~/components/admin/Section";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { StepForm, StepsSection } from "~/components/admin/Steps";
import { Facts } from "~/components/admin/Facts";
import { intlLocale } from "~/lib/i18n";
import { doneMessage, recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/invoices/:id: an invoice as issued (buyer, lines, VAT, totals),
// its PDF, its bill, its credit note and audit trail; cancel one not yet
// paid, or credit a paid one whole with a credit note (a document; the
// money goes back by the bill's refund on its order page). The same use
// cases as `npm run admin -- invoice cancel|credit`.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.invoice.number);

const DONE = { issue: "admin.invoices.issuedDone", issueUnmailed: "admin.invoices.issuedUnmailed", cancel: "admin.invoices.cancelledDone", credit: "admin.invoices.creditedDone" } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "invoices.read");
  const found = await recordOf(request, params.id, staffInvoice);
  const manages = can(staff.role, "invoices.manage");
  return {
    ...found,
    locale: intlLocale(staff.locale),
    done: doneMessage(request, DONE),
    canCancel: manages && found.invoice.status === "issued",
    canCredit: manages && found.invoice.status === "paid" && !found.creditNote,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "invoices.manage");
  const id = recordIdOf(request, params.id);
  const formData = await request.formData();
  const form = formData.get("intent") === "credit" ? "credit" : "cancel";
  const { submission, value, failure } = parseForm(formData, InvoiceChangeSchema, { form });
  if (failure) return failure;
  if (value.intent === "cancel") {
    const outcome = await cancelInvoice(actor, id);
    if (outcome.ok) return redirect(`/admin/invoices/${id}?done=cancel`, 303);
    if (outcome.error === "not_found") throw routeCheckFailed(request);
    return refused(submission, staff.locale, "invoices.notIssued", { status: outcome.status ?? "—" }, 409, form);
  }
  const outcome = await creditInvoice(actor, id, value.reason);
  if (outcome.ok) return redirect(`/admin/invoices/${id}?done=credit`, 303);
  if (outcome.error === "not_found") throw routeCheckFailed(request);
  if (outcome.error === "already_credited") return refused(submission, staff.locale, "invoices.alreadyCredited", { number: outcome.number }, 409, form);
  return refused(submission, staff.locale, "invoices.notPaid", { status: outcome.status }, 409, form);
}

export default function Invoice() {
  const { invoice, email, site, bill, creditNote, trail, locale, done, canCancel, canCredit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const cancel = useSchemaForm(InvoiceChangeSchema, { id: "cancel", lastResult: replyFor(answer, "cancel") });
  const credit = useSchemaForm(InvoiceChangeSchema, { id: "credit", lastResult: replyFor(answer, "credit") });
  const reason = (credit.fields as unknown as Record<"reason", Parameters<typeof TextAreaField>[0]["field"]>).reason;
  const errors = [...(cancel.form.errors ?? []), ...(credit.form.errors ?? [])];
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/invoices", label: t("admin.invoices.title") }}
        title={<>{invoice.number} · {t(`admin.invoices.statuses.${invoice.status}`)}</>}
        facts={
          <>
            {email} · {site} · {t("admin.invoices.issued")} {formatDate(invoice.issuedAt)} · {t("admin.invoices.due")} {formatDate(invoice.dueAt)}
            {invoice.paidAt ? ` · ${t("admin.invoices.paidOn")} ${formatDate(invoice.paidAt)}` : ""}
          </>
        }
      >
        <p className="mt-2 flex flex-wrap gap-3">
          <a href={`/admin/invoices/${invoice.id}/pdf`} className="link" download>
            {t("admin.invoices.pdf")}
          </a>
          {creditNote ? (
            <a href={`/admin/invoices/${invoice.id}/pdf?credit-note`} className="link" download>
              {t("admin.invoices.creditNotePdf", { number: creditNote.number })}
            </a>
          ) : null}
        </p>
      </RecordHeading>
      <FormMessage errors={errors.length ? errors : undefined} success={done && !errors.length ? t(done, { number: invoice.number, creditNote: creditNote?.number ?? "" }) : undefined} />

      <StepsSection title={t("admin.invoices.change")} show={canCancel || canCredit}>
        {canCancel ? <StepForm intent="cancel" seen={{ status: invoice.status }} hint={t("admin.invoices.cancelHint")} label={t("admin.invoices.cancel")} busy={cancel.busy} formProps={getFormProps(cancel.form)} /> : null}
        {canCredit ? (
          <Form method="post" {...getFormProps(credit.form)} className="flex max-w-xl flex-col gap-2">
            <input type="hidden" name="status" value={invoice.status} />
            <TextAreaField field={reason} label={t("admin.invoices.creditReason")} hint={t("admin.invoices.creditHint")} rows={2} />
            <button type="submit" name="intent" value="credit" className="button-secondary self-start" disabled={credit.busy}>
              {t("admin.invoices.credit")}
            </button>
          </Form>
        ) : null}
      </StepsSection>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title={t("admin.invoices.buyer")}>
          <p className="rounded-lg bg-surface p-4 shadow-sm">
            {invoice.buyer.name}
            <br />
            {invoice.buyer.address || "—"}
            <br />
            {invoice.buyer.email}
          </p>
        </Section>
        <Section title={t("admin.invoices.billAndCredit")}>
          <Facts
            facts={[
              [
                t("admin.forwarding.billStatus"),
                bill ? (
                  <Link to={`/admin/orders/${bill.id}`} className="link">
                    {t(`orders.status_${bill.status}`)}
                  </Link>
                ) : (
                  "—"
                ),
              ],
              [t("admin.invoices.creditNote"), creditNote ? `${creditNote.number} · ${formatDateTime(creditNote.issuedAt)}${creditNote.reason ? ` · ${creditNote.reason}` : ""}` : "—"],
            ]}
          />
        </Section>
      </div>

      <Section title={t("admin.invoices.lines")}>
        <DataTable
          caption={t("admin.invoices.lines")}
          rows={invoice.lines.map((line, index) => ({ line, totals: invoice.totals.lines[index]!, index }))}
          rowKey={(row) => row.index}
          empty="—"
          columns={[
            { header: t("admin.invoices.description"), cell: ({ line }) => line.description },
            { header: t("admin.invoices.quantity"), cell: ({ line }) => line.quantity, numeric: true },
            { header: t("admin.invoices.unitPrice"), cell: ({ line }) => money(line.unitMinor), numeric: true },
            { header: t("admin.invoices.vatRate"), cell: ({ line }) => `${line.vatRate} %`, numeric: true },
            { header: t("admin.invoices.net"), cell: ({ totals }) => money(totals.netMinor), numeric: true },
            { header: t("admin.invoices.vat"), cell: ({ totals }) => money(totals.vatMinor), numeric: true },
            { header: t("admin.invoices.gross"), cell: ({ totals }) => money(totals.grossMinor), numeric: true },
          ]}
        />
        <p className="self-end text-right">
          {t("admin.invoices.totalNet")}: {money(invoice.totals.netMinor)} · {t("admin.invoices.totalVat")}: {money(invoice.totals.vatMinor)} ·{" "}
          <strong>
            {t("admin.invoices.totalGross")}: {money(invoice.totals.grossMinor)}
          </strong>
        </p>
      </Section>

      <TrailSection entries={trail} />
    </div>
  );
}
