import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { Field, FormMessage } from "~/components/forms/Field";
import { LocaleLink } from "~/components/LocaleLink";
import { RequestResetSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/platform/form-reply.server";
import { defineGuards } from "~/platform/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/platform/locale-param";
import { pageMeta } from "~/platform/seo";
import { askForPasswordReset } from "~/models/accounts/auth.server";
import { formRefusal } from "~/models/accounts/outcome.server";
import { siteForRequest } from "~/models/sites/sites.server";

// /password-reset: ask for a link to choose a new password. The answer is
// the same whether or not the email has an account.
const guard = defineGuards("guest");

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, noindex: true }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const t = await i18nServer.getFixedT(localeParam(params));
  return { title: t("auth.resetTitle"), expired: new URL(request.url).searchParams.has("expired") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guard({ request, params });
  const { submission, value, failure } = parseForm(await request.formData(), RequestResetSchema, { publicForm: true });
  if (failure) return failure;
  const result = await askForPasswordReset(value.email, {
    request,
    clientIp: context.clientIp,
    site: await siteForRequest(request),
    locale: localeParam(params),
  });
  if (!result.ok) return formRefusal(submission, result.error);
  return data({ ...submission.reply({ resetForm: true }), sentTo: value.email });
}

export default function PasswordResetRequest() {
  const { title, expired } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(RequestResetSchema, { id: "password-reset", lastResult });
  const sentTo = lastResult && "sentTo" in lastResult ? String(lastResult.sentTo) : undefined;
  return (
    <AuthCard
      title={title}
      intro={t("auth.resetIntro")}
      footer={
        <LocaleLink to="/login" className="link font-semibold">
          {t("auth.backToSignIn")}
        </LocaleLink>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <HoneypotInputs label={t("auth.honeypot")} />
        <FormMessage
          errors={form.errors ?? (expired && !sentTo ? ["auth.invalidToken"] : undefined)}
          success={sentTo ? t("auth.resetSent", { email: sentTo }) : undefined}
        />
        <Field field={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
        <button type="submit" className="button-primary" disabled={busy}>
          {t("auth.resetSend")}
        </button>
      </Form>
    </AuthCard>
  );
}
