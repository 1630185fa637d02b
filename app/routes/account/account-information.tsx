import { getFormProps, type FormMetadata } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AccountLayout } from "~/components/account/AccountLayout";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { Field, FormMessage, NewPasswordField } from "~/components/forms/Field";
import { ChangePasswordSchema, ContactInfoSchema, SubscriptionSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";
import { formRefusal } from "~/web/accounts/outcome.server";
import { changeOwnPassword, chooseNewsletter, saveContactDetails } from "~/models/accounts/profile.server";
import { getAccount } from "~/models/accounts/users.server";
import { sessionIdOf } from "~/web/accounts/sessions.server";

// /account-information: the customer's contact details, password and
// newsletter choice, each its own form so saving one loses nothing typed
// into another.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const [t, account] = await Promise.all([i18nServer.getFixedT(localeParam(params)), getAccount(user.id)]);
  return {
    title: t("account.navInformation"),
    account: { email: account.email, first_name: account.first_name, last_name: account.last_name, phone: account.phone ?? "", newsletter: account.newsletter_subscribed },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "contact") {
    const { submission, value, failure } = parseForm(formData, ContactInfoSchema, { form: intent });
    if (failure) return failure;
    await saveContactDetails(user, value);
    return data({ ...submission.reply(), form: intent, notice: "account.contactSaved" });
  }
  if (intent === "password") {
    const { submission, value, failure } = parseForm(formData, ChangePasswordSchema, { form: intent });
    if (failure) return failure;
    const result = await changeOwnPassword(user, value, await sessionIdOf(request));
    if (!result.ok) return formRefusal(submission, result.error, intent);
    return data({ ...submission.reply({ resetForm: true }), form: intent, notice: "account.passwordChanged" });
  }
  if (intent === "newsletter") {
    const { submission, value, failure } = parseForm(formData, SubscriptionSchema, { form: intent });
    if (failure) return failure;
    const { subscribed } = await chooseNewsletter(user, value.subscribed);
    return data({ ...submission.reply(), form: intent, notice: subscribed ? "account.subscribed" : "account.unsubscribed" });
  }
  throw new Response("Unknown form", { status: 400 });
}

export default function AccountInformation() {
  const { title, account } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={title}>
      <div className="grid gap-8 lg:grid-cols-2">
        <ContactForm account={account} />
        <div className="flex flex-col gap-8">
          <PasswordForm />
          <NewsletterForm subscribed={account.newsletter} />
        </div>
      </div>
      <p className="mt-8 text-sm text-ink-muted">{t("account.emailFixed", { email: account.email })}</p>
    </AccountLayout>
  );
}

function useFormResult(intent: string) {
  const result = useActionData<typeof action>();
  // The page has three forms; each shows only the answers meant for it.
  const mine = result?.form === intent ? result : undefined;
  return { lastResult: mine, notice: mine && "notice" in mine && mine.notice ? String(mine.notice) : undefined };
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line p-5 sm:p-6" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** One of the page's conform forms in its panel: which form it is (intent), its message, its fields and its button. */
function PanelForm<Schema extends Record<string, unknown>>({
  title,
  intent,
  form,
  busy,
  submit,
  children,
}: {
  title: string;
  intent: string;
  form: FormMetadata<Schema, string[]>;
  busy: boolean;
  submit: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { notice } = useFormResult(intent);
  return (
    <Panel title={title}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={intent} />
        <FormMessage errors={form.errors} success={notice ? t(notice) : undefined} />
        {children}
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {submit}
        </button>
      </Form>
    </Panel>
  );
}

function ContactForm({ account }: { account: { first_name: string; last_name: string; phone: string } }) {
  const { t } = useTranslation();
  const { lastResult } = useFormResult("contact");
  const { form, fields, busy } = useSchemaForm(ContactInfoSchema, { id: "contact", lastResult, defaultValue: account });
  return (
    <PanelForm title={t("account.contactTitle")} intent="contact" form={form} busy={busy} submit={t("account.save")}>
      <Field field={fields.first_name} label={t("auth.firstName")} autoComplete="given-name" />
      <Field field={fields.last_name} label={t("auth.lastName")} autoComplete="family-name" />
      <Field field={fields.phone} label={t("auth.phoneOptional")} type="tel" autoComplete="tel" hint={t("auth.phoneHint")} />
    </PanelForm>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const { lastResult } = useFormResult("password");
  const { form, fields, busy } = useSchemaForm(ChangePasswordSchema, { id: "password", lastResult });
  return (
    <PanelForm title={t("account.passwordTitle")} intent="password" form={form} busy={busy} submit={t("account.changePassword")}>
      <Field field={fields.current_password} label={t("account.currentPassword")} type="password" autoComplete="current-password" />
      <NewPasswordField field={fields.new_password} label={t("auth.newPassword")} />
    </PanelForm>
  );
}

function NewsletterForm({ subscribed }: { subscribed: boolean }) {
  const { t } = useTranslation();
  const { notice } = useFormResult("newsletter");
  const busy = useNavigation().state === "submitting";
  return (
    <Panel title={t("account.newsletterTitle")}>
      <Form method="post" className="flex flex-col items-start gap-3">
        <input type="hidden" name="intent" value="newsletter" />
        {subscribed ? null : <input type="hidden" name="subscribed" value="on" />}
        <FormMessage success={notice ? t(notice) : undefined} />
        <p>{t(subscribed ? "account.newsletterOn" : "account.newsletterOff")}</p>
        <button type="submit" className="button-secondary" disabled={busy}>
          {t(subscribed ? "account.unsubscribe" : "account.subscribe")}
        </button>
      </Form>
    </Panel>
  );
}
