import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AuthCard, AuthSwitch } from "~/components/forms/AuthCard";
import { LoginForm } from "~/components/account/AuthForms";
import { LocaleLink } from "~/components/LocaleLink";
import { LoginSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localePath } from "~/lib/i18n";
import { openPage } from "~/web/page-start.server";
import { safeRedirect } from "~/web/safe-redirect";
import { noindexPageMeta } from "~/web/seo";
import { logIn } from "~/models/accounts/auth.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { signedInRedirect } from "~/web/accounts/sign-in.server";
import { callerOf } from "~/web/accounts/caller.server";

// /login: sign in with email and password; afterwards back to the page that
// asked for it (redirectTo), else the account.
const guard = defineGuards("guest");

export const meta = noindexPageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  const url = new URL(request.url);
  return { title: t("auth.loginTitle"), redirectTo: url.searchParams.get("redirectTo") ?? "", reset: url.searchParams.has("reset") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale } = await openPage(guard, { request, params });
  const { submission, value, failure } = parseForm(await request.formData(), LoginSchema, { publicForm: true });
  if (failure) return failure;
  // Where to go is settled before the session exists.
  const target = safeRedirect(value.redirectTo, localePath(locale, "/my-orders"));
  const result = await logIn(value, await callerOf(request, context));
  if (!result.ok) return formRefusal(submission, result.error);
  return signedInRedirect(target, result.sessionId);
}

export default function Login() {
  const { title, redirectTo, reset } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AuthCard title={title} intro={t("auth.loginIntro")} footer={<AuthSwitch question={t("auth.noAccount")} link={t("auth.registerLink")} to="/register" redirectTo={redirectTo} />}>
      <LoginForm
        id="login"
        lastResult={lastResult}
        redirectTo={redirectTo}
        reset={reset}
        forgotLink={
          <LocaleLink to="/password-reset" className="link self-start text-sm">
            {t("auth.forgotPassword")}
          </LocaleLink>
        }
      />
    </AuthCard>
  );
}
