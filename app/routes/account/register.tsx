import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AuthCard } from "~/components/forms/AuthCard";
import { RegisterForm } from "~/components/account/AuthForms";
import { LocaleLink } from "~/components/LocaleLink";
import { RegisterSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { localePath } from "~/lib/i18n";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { safeRedirect } from "~/web/safe-redirect";
import { pageMeta } from "~/web/seo";
import { signUp } from "~/models/accounts/auth.server";
import { formRefusal } from "~/web/accounts/outcome.server";
import { siteForRequest } from "~/web/sites.server";
import { sessionSetCookie } from "~/web/accounts/sessions.server";
import { callerOf } from "~/web/accounts/caller.server";

// /register: spec 5's flow. The email is checked first: a new one gets an
// account and is signed in; one whose account never had a password is sent
// a link to set it (password_sent); any other existing one is told so.
const guard = defineGuards("guest");

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, noindex: true }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const t = await i18nServer.getFixedT(localeParam(params));
  return { title: t("auth.registerTitle"), redirectTo: new URL(request.url).searchParams.get("redirectTo") ?? "" };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guard({ request, params });
  const locale = localeParam(params);
  const { submission, value, failure } = parseForm(await request.formData(), RegisterSchema, { publicForm: true });
  if (failure) return failure;
  // Where to go is settled before the account exists.
  const target = safeRedirect(value.redirectTo, localePath(locale, "/my-orders"));
  const result = await signUp(value, { ...(await callerOf(request, context)), site: await siteForRequest(request), locale });
  if (!result.ok) return formRefusal(submission, result.error);
  if (result.kind === "password_sent") {
    return data({ ...submission.reply({ resetForm: true }), notice: "auth.password_sent" as const });
  }
  return redirect(target, { status: 303, headers: { "set-cookie": await sessionSetCookie(result.sessionId) } });
}

export default function Register() {
  const { title, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AuthCard
      title={title}
      intro={t("auth.registerIntro")}
      footer={
        <p>
          {t("auth.haveAccount")}{" "}
          <LocaleLink to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="link font-semibold">
            {t("auth.signIn")}
          </LocaleLink>
        </p>
      }
    >
      <RegisterForm id="register" lastResult={lastResult} redirectTo={redirectTo} />
    </AuthCard>
  );
}
