import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { MESSAGE_MAX, ProApplicationSchema, type ProApplicationValues } from "~/models/pro/application";

/** The application to sell: company, its code, a phone and a short message; a plain POST checked by the same schema on the server. */
export function ApplicationForm({ lastResult, defaults }: { lastResult?: SubmissionResult<string[]> | null; defaults: { phone?: string } }) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm<ProApplicationValues>(ProApplicationSchema, { id: "pro-application", lastResult, defaultValue: defaults });
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4">
      <HoneypotInputs label={t("auth.honeypot")} />
      <FormMessage errors={form.errors} />
      <Field field={fields.company_name} label={t("pro.companyName")} autoComplete="organization" />
      <Field field={fields.company_code} label={t("pro.companyCode")} hint={t("pro.companyCodeHint")} />
      <Field field={fields.phone} label={t("pro.phone")} type="tel" autoComplete="tel" hint={t("pro.phoneHint")} />
      <TextAreaField field={fields.message} label={t("pro.message")} maxLength={MESSAGE_MAX} hint={t("pro.messageHint", { max: MESSAGE_MAX, count: MESSAGE_MAX })} />
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("pro.submit")}
      </button>
    </Form>
  );
}
