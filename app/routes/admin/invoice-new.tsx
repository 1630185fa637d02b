import { getFormProps, getSelectProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TypedField } from "~/components/admin/TypedField";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { Field, FieldError, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { sendInvoiceIssued } from "~/models/invoices/invoice-mail.server";
import { issueInvoice } from "~/models/invoices/issue.server";
import { DEFAULT_DUE_DAYS, InvoiceIssueSchema, MAX_INVOICE_LINES } from "~/models/invoices/issue-schema";
import { invoiceSites } from "~/models/invoices/staff-invoices.server";
import { logger } from "~/platform/logger.server";
import { staffFor } from "~/web/admin/guard.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/invoices/new: an operator issues an invoice to a customer by their
// email: lines (description, quantity, net unit price, VAT %), the days to
// pay and the site it is issued on (the customer's own by default). The
// same use case as `npm run admin -- invoice issue`; the customer is
// emailed the invoice's link. "Add a line" works without scripts too (the
// form comes back with one more row).

export const meta = adminMeta("admin.invoices.issueTitle");

const EMPTY_LINE = { description: "", quantity: "1", unitPrice: "", vatRate: "21" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "invoices.manage");
  return { sites: await invoiceSites() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await staffFor(request, context, "invoices.manage");
  const { submission, value, failure } = parseForm(await request.formData(), InvoiceIssueSchema);
  if (failure) return failure;
  const outcome = await issueInvoice(actor, {
    email: value.email,
    lines: value.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitMinor: line.unitPrice, vatRate: line.vatRate })),
    dueDays: value.dueDays ?? DEFAULT_DUE_DAYS,
    siteCode: value.site || undefined,
  });
  if (!outcome.ok) {
    if (outcome.error === "no_customer") return replyWith(submission, 409, { fields: { email: ["admin.invoices.noCustomer"] } });
    if (outcome.error === "no_site") return replyWith(submission, 409, { fields: { site: ["admin.invoices.noSite"] } });
    return replyWith(submission, 400, { fields: { lines: ["validation.required"] } });
  }
  // The invoice stands whether or not the message goes: the customer also finds it in their account.
  const mailed = await sendInvoiceIssued(outcome.invoice).then(
    () => true,
    (err: unknown) => {
      logger.error({ err, invoice: outcome.invoice.id }, "The issued invoice's email could not be sent");
      return false;
    },
  );
  return redirect(`/admin/invoices/${outcome.invoice.id}?done=${mailed ? "issue" : "issueUnmailed"}`, 303);
}

export default function NewInvoice() {
  const { sites } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(InvoiceIssueSchema, {
    id: "issue",
    lastResult: answer,
    // The fields as typed (strings); conform types a default by the schema's output.
    defaultValue: { lines: [EMPTY_LINE], dueDays: String(DEFAULT_DUE_DAYS) } as never,
  });
  const lines = fields.lines.getFieldList();
  return (
    <div className="flex flex-col gap-4">
      <RecordHeading
        back={{ to: "/admin/invoices", label: t("admin.invoices.title") }}
        title={t("admin.invoices.issueTitle")}
      />
      <FormMessage errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        {/* Enter in a field issues the invoice, not "Add a line": the first submit button of a form is the one Enter presses. */}
        <button type="submit" name="intent" value="issue" hidden tabIndex={-1} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field field={fields.email} label={t("admin.invoices.email")} type="email" autoComplete="off" />
          <TypedField field={fields.dueDays} label={t("admin.invoices.dueDays")} inputMode="text" />
          <div className="flex flex-col gap-1">
            <label htmlFor={fields.site.id} className="text-sm font-medium">
              {t("admin.invoices.site")}
            </label>
            <select {...getSelectProps(fields.site)} key={fields.site.key} className="field-input">
              <option value="">{t("admin.invoices.customersSite")}</option>
              {sites.map((site) => (
                <option key={site.code} value={site.code}>
                  {site.name} ({site.code})
                </option>
              ))}
            </select>
            <FieldError field={fields.site} />
          </div>
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-medium">{t("admin.invoices.lines")}</legend>
          <FieldError field={fields.lines} />
          {lines.map((line, index) => {
            const cells = line.getFieldset();
            return (
              <fieldset key={line.key} className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[1fr_6rem_8rem_6rem_auto]">
                <legend className="px-1 text-sm text-ink-muted">{t("admin.invoices.line", { n: index + 1 })}</legend>
                <Field field={cells.description} label={t("admin.invoices.description")} />
                <TypedField field={cells.quantity} label={t("admin.invoices.quantity")} inputMode="text" />
                <TypedField field={cells.unitPrice} label={t("admin.invoices.unitPrice")} />
                <TypedField field={cells.vatRate} label={t("admin.invoices.vatRate")} />
                {lines.length > 1 ? (
                  <button {...form.remove.getButtonProps({ name: fields.lines.name, index })} className="button-secondary self-end">
                    {t("admin.invoices.removeLine", { n: index + 1 })}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
          {lines.length < MAX_INVOICE_LINES ? (
            <button {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_LINE })} className="button-secondary self-start">
              {t("admin.invoices.addLine")}
            </button>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="issue" className="button-primary self-start" disabled={busy}>
          {t("admin.invoices.issueSubmit")}
        </button>
      </Form>
    </div>
  );
}
