import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useLocale } from "~/hooks/use-locale";
import { HeadedSection } from "~/components/HeadedSection";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, type ContactField } from "~/models/content/contact";
import { ContactSchema, type ContactValues } from "~/models/content/contact-form";

// The contact page's form: a plain POST form that works before JavaScript
// loads, checked by the same schema in the browser and on the server. The
// page draws it through DeferredContactForm, which keeps this module (and
// the form library) out of the page's first load.

export type ContactFormProps = {
  /** The page's path in this language, without the language ("/kontaktai"). */
  path: string;
  sent: boolean;
  /** A signed-in customer's name and email. */
  defaults: Partial<Record<ContactField, string>>;
  reply?: SubmissionResult<string[]>;
};

export function ContactForm({ path, sent, defaults, reply }: ContactFormProps) {
  const { t } = useTranslation();
  const target = localePath(useLocale(), path);
  const { form, fields, busy } = useSchemaForm<ContactValues>(ContactSchema, { id: "contact", lastResult: reply, defaultValue: defaults });
  const failed = Object.keys(form.allErrors).length > 0;
  return (
    <HeadedSection id="contact-form-heading" heading={t("contact.heading")} className="mt-12 border-t border-line pt-8" headingClassName="text-xl font-bold">
      <p className="mt-2 text-ink-muted">{t("contact.intro")}</p>
      {sent && !reply ? (
        <p role="status" className="mt-4 rounded-lg bg-success-soft px-3 py-2 font-semibold">
          {t("contact.sent")}
        </p>
      ) : null}
      {failed ? (
        <div className="mt-4">
          <FormMessage errors={form.errors?.length ? form.errors : ["contact.errors.summary"]} />
        </div>
      ) : null}
      <Form method="post" action={target} {...getFormProps(form)} className="mt-6 flex flex-col gap-4">
        <HoneypotInputs label={t("auth.honeypot")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.name} label={t("contact.name")} autoComplete="name" maxLength={CONTACT_NAME_MAX} />
          <Field field={fields.email} label={t("contact.email")} type="email" autoComplete="email" maxLength={254} />
        </div>
        <Field field={fields.subject} label={t("contact.subject")} maxLength={CONTACT_SUBJECT_MAX} />
        <TextAreaField
          field={fields.message}
          label={t("contact.message")}
          rows={7}
          maxLength={CONTACT_MESSAGE_MAX}
          hint={t("contact.messageHint", { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX, count: CONTACT_MESSAGE_MAX })}
        />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("contact.submit")}
        </button>
      </Form>
    </HeadedSection>
  );
}
