import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { MESSAGE_MAX, ProApplicationSchema, type ProApplicationValues } from "~/models/pro/application";

/** The application to sell: company, its code, a phone and a short message; a plain POST checked by the same schema on the server. */
export function ApplicationForm({ lastResult, defaults }: { lastResult?: SubmissionResult<string[]> | null; defaults: { phone?: string } }) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm<ProApplicationValues>(ProApplicationSchema, { id: "pro-application", lastResult, defaultValue: defaults });
  const message = getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-hint` });
  const messageError = fields.message.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4">
      <HoneypotInputs label={t("auth.honeypot")} />
      <FormMessage errors={form.errors} />
      <Field field={fields.company_name} label={t("pro.companyName")} autoComplete="organization" />
      <Field field={fields.company_code} label={t("pro.companyCode")} hint={t("pro.companyCodeHint")} />
      <Field field={fields.phone} label={t("pro.phone")} type="tel" autoComplete="tel" hint={t("pro.phoneHint")} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.message.id} className="font-medium">
          {t("pro.message")}
        </label>
        <textarea {...message} key={message.key} rows={4} maxLength={MESSAGE_MAX} className="field-input" />
        <p id={`${fields.message.id}-hint`} className="text-sm text-ink-muted">
          {t("pro.messageHint", { max: MESSAGE_MAX, count: MESSAGE_MAX })}
        </p>
        {messageError ? (
          <p id={fields.message.errorId} className="text-sm font-medium text-danger">
            {t(messageError)}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("pro.submit")}
      </button>
    </Form>
  );
}
