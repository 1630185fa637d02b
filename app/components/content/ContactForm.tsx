import { Form, useLocation, useNavigation } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useLocale } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, type ContactField } from "~/models/content/contact";
import { HeadedSection } from "~/components/HeadedSection";
import { ErrorText } from "~/components/forms/ErrorText";

// The contact page's form: a plain POST form that works before JavaScript
// loads and carries no form library (models/content/contact.ts says why).
// The server checks it with the form's schema and answers with what was
// typed and the reasons (conform's reply), or redirects with ?sent=1.

/** What the action answers to a refused post: conform's reply, read without conform. */
export type ContactReply = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};

type Props = {
  /** The page's path in this language, without the language ("/kontaktai"). */
  path: string;
  sent: boolean;
  /** A signed-in customer's name and email. */
  defaults: Partial<Record<ContactField, string>>;
  reply?: ContactReply;
};

export function ContactForm({ path, sent, defaults, reply }: Props) {
  const { t } = useTranslation();
  const target = localePath(useLocale(), path);
  const navigation = useNavigation();
  const { key: visit } = useLocation();
  const busy = navigation.state === "submitting" && navigation.formAction === target;
  const errors = reply?.error ?? {};
  const formErrors = errors[""] ?? [];
  const fieldError = (name: ContactField) => errors[name]?.[0];
  const typed = (name: ContactField) => {
    const value = reply?.initialValue?.[name];
    return typeof value === "string" ? value : (defaults[name] ?? "");
  };
  const failed = formErrors.length > 0 || Object.entries(errors).some(([name, list]) => name !== "" && list?.length);
  const describedBy = (name: ContactField, hint?: string) => [fieldError(name) ? `contact-${name}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;

  const field = (name: ContactField, label: string, input: { type?: "text" | "email"; autoComplete?: string; maxLength: number }) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`contact-${name}`} className="font-medium">
        {label}
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={input.type ?? "text"}
        required
        maxLength={input.maxLength}
        autoComplete={input.autoComplete}
        defaultValue={typed(name)}
        aria-invalid={fieldError(name) ? true : undefined}
        aria-describedby={describedBy(name)}
        className="field-input"
      />
      <ErrorText id={`contact-${name}-error`} message={fieldError(name)} />
    </div>
  );

  return (
    <HeadedSection id="contact-form-heading" heading={t("contact.heading")} className="mt-12 border-t border-line pt-8" headingClassName="text-xl font-bold">
      <p className="mt-2 text-ink-muted">{t("contact.intro")}</p>
      {sent && !reply ? (
        <p role="status" className="mt-4 rounded-lg bg-success-soft px-3 py-2 font-semibold">
          {t("contact.sent")}
        </p>
      ) : null}
      {failed ? (
        <div role="alert" className="mt-4 rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {(formErrors.length > 0 ? formErrors : ["contact.errors.summary"]).map((message) => (
            <p key={message}>{t(message)}</p>
          ))}
        </div>
      ) : null}
      {/* A new answer or page gives the fields new starting values. */}
      <Form method="post" action={target} noValidate className="mt-6 flex flex-col gap-4" key={`${visit}-${JSON.stringify(reply?.initialValue ?? null)}`}>
        <HoneypotInputs label={t("auth.honeypot")} />
        <div className="grid gap-4 sm:grid-cols-2">
          {field("name", t("contact.name"), { autoComplete: "name", maxLength: CONTACT_NAME_MAX })}
          {field("email", t("contact.email"), { type: "email", autoComplete: "email", maxLength: 254 })}
        </div>
        {field("subject", t("contact.subject"), { maxLength: CONTACT_SUBJECT_MAX })}
        <div className="flex flex-col gap-1">
          <label htmlFor="contact-message" className="font-medium">
            {t("contact.message")}
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={7}
            required
            maxLength={CONTACT_MESSAGE_MAX}
            defaultValue={typed("message")}
            aria-invalid={fieldError("message") ? true : undefined}
            aria-describedby={describedBy("message", "contact-message-hint")}
            className="field-input"
          />
          <p id="contact-message-hint" className="text-sm text-ink-muted">
            {t("contact.messageHint", { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX, count: CONTACT_MESSAGE_MAX })}
          </p>
          <ErrorText id="contact-message-error" message={fieldError("message")} />
        </div>
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("contact.submit")}
        </button>
      </Form>
    </HeadedSection>
  );
}
