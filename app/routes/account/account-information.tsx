import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AccountLayout } from "~/components/account/AccountLayout";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { Field, FormMessage } from "~/components/forms/Field";
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

function ContactForm({ account }: { account: { first_name: string; last_name: string; phone: string } }) {
  const { t } = useTranslation();
  const { lastResult, notice } = useFormResult("contact");
  const { form, fields, busy } = useSchemaForm(ContactInfoSchema, {
    id: "contact",
    lastResult,
    defaultValue: account,
  });
  return (
    <Panel title={t("account.contactTitle")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="contact" />
        <FormMessage errors={form.errors} success={notice ? t(notice) : undefined} />
        <Field field={fields.first_name} label={t("auth.firstName")} autoComplete="given-name" />
        <Field field={fields.last_name} label={t("auth.lastName")} autoComplete="family-name" />
        <Field field={fields.phone} label={t("auth.phoneOptional")} type="tel" autoComplete="tel" hint={t("auth.phoneHint")} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("account.save")}
        </button>
      </Form>
    </Panel>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const { lastResult, notice } = useFormResult("password");
  const { form, fields, busy } = useSchemaForm(ChangePasswordSchema, { id: "password", lastResult });
  return (
    <Panel title={t("account.passwordTitle")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <FormMessage errors={form.errors} success={notice ? t(notice) : undefined} />
        <Field field={fields.current_password} label={t("account.currentPassword")} type="password" autoComplete="current-password" />
        <Field field={fields.new_password} label={t("auth.newPassword")} type="password" autoComplete="new-password" hint={t("auth.passwordHint")} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("account.changePassword")}
        </button>
      </Form>
    </Panel>
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
