import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AuthCard } from "~/components/forms/AuthCard";
import { ResetRequestForm } from "~/components/account/AuthForms";
import { LocaleLink } from "~/components/LocaleLink";
import { RequestResetSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { noindexPageMeta } from "~/web/seo";
import { openPage } from "~/web/page-start.server";
import { askForPasswordReset } from "~/models/accounts/auth.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";

// /password-reset: ask for a link to choose a new password. The answer is
// the same whether or not the email has an account.
const guard = defineGuards("guest");

export const meta = noindexPageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  return { title: t("auth.resetTitle"), expired: new URL(request.url).searchParams.has("expired") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guard({ request, params });
  const { submission, value, failure } = parseForm(await request.formData(), RequestResetSchema, { publicForm: true });
  if (failure) return failure;
  const result = await askForPasswordReset(value.email, {
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
      <ResetRequestForm id="password-reset" lastResult={lastResult} expired={expired} />
    </AuthCard>
  );
}
