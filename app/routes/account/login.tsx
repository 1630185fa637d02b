import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AuthCard } from "~/components/forms/AuthCard";
import { LoginForm } from "~/components/account/AuthForms";
import { LocaleLink } from "~/components/LocaleLink";
import { LoginSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localePath } from "~/lib/i18n";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { safeRedirect } from "~/web/safe-redirect";
import { pageMeta } from "~/web/seo";
import { logIn } from "~/models/accounts/auth.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { sessionSetCookie } from "~/web/accounts/sessions.server";
import { callerOf } from "~/web/accounts/caller.server";

// /login: sign in with email and password; afterwards back to the page that
// asked for it (redirectTo), else the account.
const guard = defineGuards("guest");

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, noindex: true }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const t = await i18nServer.getFixedT(localeParam(params));
  const url = new URL(request.url);
  return { title: t("auth.loginTitle"), redirectTo: url.searchParams.get("redirectTo") ?? "", reset: url.searchParams.has("reset") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guard({ request, params });
  const { submission, value, failure } = parseForm(await request.formData(), LoginSchema, { publicForm: true });
  if (failure) return failure;
  // Where to go is settled before the session exists.
  const target = safeRedirect(value.redirectTo, localePath(localeParam(params), "/my-orders"));
  const result = await logIn(value, await callerOf(request, context));
  if (!result.ok) return formRefusal(submission, result.error);
  return redirect(target, { status: 303, headers: { "set-cookie": await sessionSetCookie(result.sessionId) } });
}

export default function Login() {
  const { title, redirectTo, reset } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AuthCard
      title={title}
      intro={t("auth.loginIntro")}
      footer={
        <p>
          {t("auth.noAccount")}{" "}
          <LocaleLink to={redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register"} className="link font-semibold">
            {t("auth.registerLink")}
          </LocaleLink>
        </p>
      }
    >
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
