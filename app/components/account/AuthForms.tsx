import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { CheckboxField, Field, FormMessage, NewPasswordField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { LoginSchema, RegisterSchema, RequestResetSchema } from "~/models/accounts/schemas";

// The sign-in, sign-up and password-reset forms, shared by their pages and
// by the modals that open over the current page (spec 2). A page posts with
// <Form> to its own action; a modal posts with a fetcher to the page's
// action, so both are checked by the same schema and the same action.

type Reply = SubmissionResult<string[]> & { notice?: string; sentTo?: string };

type AuthFormProps = {
  /** Distinct for the page and the modal, so their fields' ids never clash. */
  id: string;
  lastResult?: Reply | null;
  /** The modal's fetcher; without one the form posts to the page it is on. */
  fetcher?: FetcherWithComponents<unknown>;
  /** The page's action, for a fetcher. */
  action?: string;
  /** Where a successful sign-in or sign-up continues. */
  redirectTo?: string;
};

function useAuthForm<Output extends Record<string, unknown>>(schema: Parameters<typeof useSchemaForm<Output>>[0], props: AuthFormProps) {
  const { form, fields, busy } = useSchemaForm(schema, { id: props.id, lastResult: props.lastResult });
  const FormTag = props.fetcher ? props.fetcher.Form : Form;
  const sending = props.fetcher ? props.fetcher.state === "submitting" : busy;
  const formProps = { method: "post" as const, action: props.action, ...getFormProps(form), className: "flex flex-col gap-4" };
  return { form, fields, FormTag, sending, formProps };
}

export function LoginForm({ forgotLink, reset, ...props }: AuthFormProps & { forgotLink: ReactNode; reset?: boolean }) {
  const { t } = useTranslation();
  const { form, fields, FormTag, sending, formProps } = useAuthForm(LoginSchema, props);
  return (
    <FormTag {...formProps}>
      <HoneypotInputs label={t("auth.honeypot")} />
      <input type="hidden" name="redirectTo" value={props.redirectTo ?? ""} />
      <FormMessage errors={form.errors} success={reset && !form.errors ? t("auth.resetDone") : undefined} />
      <Field field={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
      <Field field={fields.password} label={t("auth.password")} type="password" autoComplete="current-password" />
      {forgotLink}
      <button type="submit" className="button-primary" disabled={sending}>
        {t("auth.signIn")}
      </button>
    </FormTag>
  );
}

export function RegisterForm(props: AuthFormProps) {
  const { t } = useTranslation();
  const { form, fields, FormTag, sending, formProps } = useAuthForm(RegisterSchema, props);
  const notice = props.lastResult?.notice ? t(String(props.lastResult.notice)) : undefined;
  return (
    <FormTag {...formProps}>
      <HoneypotInputs label={t("auth.honeypot")} />
      <input type="hidden" name="redirectTo" value={props.redirectTo ?? ""} />
      <FormMessage errors={form.errors} success={notice} />
      <Field field={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
      <NewPasswordField field={fields.password} label={t("auth.password")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.first_name} label={t("auth.firstName")} autoComplete="given-name" />
        <Field field={fields.last_name} label={t("auth.lastName")} autoComplete="family-name" />
      </div>
      <Field field={fields.phone} label={t("auth.phoneOptional")} type="tel" autoComplete="tel" hint={t("auth.phoneHint")} />
      <CheckboxField field={fields.newsletter} label={t("auth.newsletter")} />
      <button type="submit" className="button-primary" disabled={sending}>
        {t("auth.createAccount")}
      </button>
    </FormTag>
  );
}

export function ResetRequestForm({ expired, ...props }: AuthFormProps & { expired?: boolean }) {
  const { t } = useTranslation();
  const { form, fields, FormTag, sending, formProps } = useAuthForm(RequestResetSchema, props);
  const sentTo = props.lastResult?.sentTo;
  return (
    <FormTag {...formProps}>
      <HoneypotInputs label={t("auth.honeypot")} />
      <FormMessage
        errors={form.errors ?? (expired && !sentTo ? ["auth.invalidToken"] : undefined)}
        success={sentTo ? t("auth.resetSent", { email: sentTo }) : undefined}
      />
      <Field field={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
      <button type="submit" className="button-primary" disabled={sending}>
        {t("auth.resetSend")}
      </button>
    </FormTag>
  );
}
